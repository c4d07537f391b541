import type { ProviderDefinition } from '../modules/payment/payment-deps';
import { sslcommerz } from './sslcommerz/definition';
import { stripe } from './stripe/definition';

/**
 * Every way to pay this product knows, in the order the checkout offers them. A new provider is a
 * folder of its own that exports its ProviderDefinition, and one line here.
 */
export const PAYMENT_PROVIDERS: readonly ProviderDefinition[] = [sslcommerz, stripe];

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
