import type { ProviderDefinition } from './provider-definition';
import { sslcommerz } from './sslcommerz/definition';
import { stripe } from './stripe/definition';

const providers: ProviderDefinition[] = [sslcommerz, stripe];

/**
 * Every way to pay this product knows, in the order the checkout offers them. A new provider is a
 * folder of its own that exports its ProviderDefinition, and one line in the list above.
 */
export const PAYMENT_PROVIDERS: readonly ProviderDefinition[] = providers;

/** GraphQL's PaymentProvider enum: one value per way to pay, with its description (read when the schema is built). */
export const WAYS_TO_PAY: Record<string, string> = {};
export const WAY_DESCRIPTIONS: Record<string, { description: string }> = {};

/**
 * Adds a way to pay after the list above, before the app (and its schema) is built: for a provider
 * that is not part of this product (a test's own).
 */
export function registerPaymentProvider(definition: ProviderDefinition): void {
  if (providers.some((known) => known.name === definition.name || known.way === definition.way)) {
    throw new Error(`A payment provider called "${definition.name}" (or paid as ${definition.way}) is known already`);
  }
  providers.push(definition);
  WAYS_TO_PAY[definition.way] = definition.way;
  WAY_DESCRIPTIONS[definition.way] = { description: definition.wayDescription };
}

for (const { way, wayDescription } of providers) {
  WAYS_TO_PAY[way] = way;
  WAY_DESCRIPTIONS[way] = { description: wayDescription };
}

/** The way to pay a buyer picked, or the one with card confirmation when they picked none. */
export function wayToPay(way: string | null | undefined): ProviderDefinition | undefined {
  return PAYMENT_PROVIDERS.find((definition) => (way ? definition.way === way : definition.capabilities.includes('cardConfirmation')));
}

/** The definition behind a name stored on a payment (a provider's, or its offline imitation's). */
export function definitionOfStored(name: string): ProviderDefinition | undefined {
  return PAYMENT_PROVIDERS.find((definition) => definition.name === name || definition.imitationName === name);
}

/** Whether a stored name is an offline imitation's (no real money moved). */
export const isImitationName = (name: string) => PAYMENT_PROVIDERS.some((definition) => definition.imitationName === name);

/** Every name a payment may store: each provider's and its offline imitation's. */
export const storedProviderNames = () =>
  PAYMENT_PROVIDERS.flatMap((definition) => [definition.name, ...(definition.imitationName ? [definition.imitationName] : [])]);
