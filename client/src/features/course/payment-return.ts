import type { MessageKey } from '../../lib/i18n';

/** Where a buyer lands back on the course page after paying: each outcome has its message and its next step. */
export type PaymentReturn = 'success' | 'canceled' | 'failed' | 'held' | 'pending';

const messages: Record<PaymentReturn, MessageKey> = {
  success: 'checkout.orderPlaced',
  canceled: 'checkout.orderCanceled',
  failed: 'payment.failed',
  held: 'payment.held',
  pending: 'payment.pending',
};

/** The payment outcome the query string carries, if any. */
export function paymentReturnOf(search: URLSearchParams): PaymentReturn | null {
  return (Object.keys(messages) as PaymentReturn[]).find((outcome) => search.has(outcome)) ?? null;
}

/**
 * The payment-return message of the course page (its catalogue key), when the query string carries one.
 * A paid order's message says how the receipt comes: by email, or by SMS for an account without email;
 * while the account is not known yet (`null`: the server's drawing, before the sign-in is back) it says neither.
 */
export function paymentReturnMessage(search: URLSearchParams, account: { hasEmail: boolean } | null = { hasEmail: true }): MessageKey | null {
  const outcome = paymentReturnOf(search);
  if (outcome === 'success' && !account) return 'checkout.orderPlacedShort';
  if (outcome === 'success' && !account?.hasEmail) return 'checkout.orderPlacedSms';
  return outcome && messages[outcome];
}
