import type { ProviderWith } from '../../payments/provider';
import type { PurchaseDeps } from './payment-deps';

/**
 * The payment deps, with two providers tests and scripts reach for by hand: the one confirming
 * cards (Stripe or its test mode) and the one with a hosted payment page (SSLCommerz). Services
 * never use these two: they ask `providers` for a capability.
 */
export type PaymentServices = PurchaseDeps & {
  readonly provider: ProviderWith<'cardConfirmation' | 'refunds'>;
  readonly sslcommerz: ProviderWith<'hostedPaymentPage' | 'refunds' | 'refundStatus'> | null;
};

export function paymentServices(deps: PurchaseDeps): PaymentServices {
  return Object.defineProperties(deps, {
    provider: {
      get: () => {
        const cards = deps.providers.with('cardConfirmation');
        if (!cards || !cards.refund) throw new Error('No payment provider on this server confirms cards');
        return cards;
      },
    },
    sslcommerz: { get: () => (deps.providers.with('hostedPaymentPage') as PaymentServices['sslcommerz'] | null) ?? null },
  }) as PaymentServices;
}
