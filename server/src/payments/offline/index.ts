import crypto from 'node:crypto';
import { SslcommerzApi, type SslcommerzCredentials } from '../sslcommerz/sslcommerz-api';
import { SslcommerzProvider } from '../sslcommerz/sslcommerz.provider';
import type { ProviderContext, ProviderSetup } from '../provider-definition';
import { SANDBOX_PATH, sslcommerzSandboxRouter } from './sslcommerz-sandbox/sandbox.router';
import { TestModeProvider } from './stripe-test-mode/test-mode.provider';
import { testModeRouter } from './stripe-test-mode/test-mode.router';

/**
 * The offline imitations, for development and tests without credentials: Stripe's test mode (its
 * test cards, 3-D Secure page and signed webhooks) and the SSLCommerz sandbox (its API and payment
 * pages, served by this server). create-providers.ts loads this folder only outside production;
 * nothing else imports it.
 */
export function imitationOf(name: string, context: ProviderContext): ProviderSetup | null {
  return imitations[name]?.(context) ?? null;
}

/** The offline SSLCommerz store: a password of this installation's own. */
export function offlineSandboxCredentials(jwtSecret: string): SslcommerzCredentials {
  return { storeId: 'shikhon_sandbox', storePassword: crypto.createHash('sha256').update(`sslcommerz-sandbox:${jwtSecret}`).digest('hex').slice(0, 24) };
}

const imitations: Record<string, (context: ProviderContext) => ProviderSetup> = {
  stripe: ({ env, db, jwtSecret }) => {
    // Offline webhooks are signed with a secret of this installation's own.
    const webhookSecret = env.stripeWebhookSecret ?? `whsec_${crypto.createHash('sha256').update(`test-mode:${jwtSecret}`).digest('hex')}`;
    const provider = new TestModeProvider(db, webhookSecret, env.publicUrl);
    return { provider, routes: (context) => testModeRouter(provider, context) };
  },
  sslcommerz: ({ env, jwtSecret, selfUrl }) => {
    // The real provider, talking over real HTTP to the imitation of the gateway this server serves.
    const credentials = offlineSandboxCredentials(jwtSecret);
    const provider = new SslcommerzProvider(new SslcommerzApi(() => `${selfUrl()}${SANDBOX_PATH}`, credentials), env.publicUrl, true);
    return { provider, routes: ({ db, log }) => sslcommerzSandboxRouter(db, credentials, env.publicUrl, log) };
  },
};
