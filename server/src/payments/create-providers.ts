import { PAYMENT_PROVIDERS } from './registry';
import { PaymentProviders } from './payment-providers';
import type { ProviderContext, ProviderSetup, RegisteredProvider } from './provider-definition';

/**
 * This server's providers: each one of the registry with its credentials; with none, outside
 * production, its offline imitation (payments/offline/, loaded only then); PAYMENTS=off: none.
 */
export function createPaymentProviders(context: ProviderContext): PaymentProviders {
  if (context.env.paymentsOff) return new PaymentProviders([]);
  const entries: RegisteredProvider[] = [];
  for (const definition of PAYMENT_PROVIDERS) {
    const setup = definition.create(context) ?? (context.env.nodeEnv === 'production' ? null : offlineImitation(definition.name, context));
    if (setup) entries.push({ ...setup, definition });
  }
  return new PaymentProviders(entries);
}

function offlineImitation(name: string, context: ProviderContext): ProviderSetup | null {
  // Required here, never imported: a production server does not load the imitations at all.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const offline = require('./offline') as { imitationOf: (name: string, context: ProviderContext) => ProviderSetup | null };
  return offline.imitationOf(name, context);
}
