import { messages } from '../../lib/messages';

/** The payment-return message of the course page, when the query string carries one. */
export function paymentReturnMessage(search: URLSearchParams): string | null {
  if (search.has('success')) return messages.orderPlaced;
  if (search.has('canceled')) return messages.orderCanceled;
  if (search.has('held')) return messages.paymentHeld;
  if (search.has('pending')) return messages.paymentPending;
  return null;
}
