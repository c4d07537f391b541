import type { MessageKey } from '../../lib/i18n';

/** The payment-return message of the course page (its catalogue key), when the query string carries one. */
export function paymentReturnMessage(search: URLSearchParams): MessageKey | null {
  if (search.has('success')) return 'checkout.orderPlaced';
  if (search.has('canceled')) return 'checkout.orderCanceled';
  if (search.has('held')) return 'payment.held';
  if (search.has('pending')) return 'payment.pending';
  return null;
}
