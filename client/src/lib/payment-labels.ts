import { dateTimeFormat } from './format';
import { localeOf, type Language, type MessageKey, type Translate } from './i18n';

// How a payment was paid comes from the server (PaymentRecord.paidWith, paymentOptions' labels): the client names no provider.

/** The methods admins filter payments by, as providers report them (brand names, written the same in every language). */
export const PAYMENT_METHODS = ['bKash', 'Nagad', 'Rocket', 'Upay', 'Visa', 'Mastercard', 'American Express'];

const statusPalette: Record<string, string> = {
  SUCCEEDED: 'green',
  PENDING: 'gray',
  REQUIRES_ACTION: 'yellow',
  HELD: 'orange',
  FAILED: 'red',
  REFUNDED: 'purple',
};

/** The statuses a payment can have, in the order lists offer them. */
export const PAYMENT_STATUSES = Object.keys(statusPalette);

export function paymentStatusLabel(t: Translate, status: string): { label: string; palette: string } {
  const palette = statusPalette[status];
  return palette ? { label: t(`payment.status.${status}` as MessageKey), palette } : { label: status, palette: 'gray' };
}

export const paymentDate = (iso: string, language: Language = 'en') =>
  dateTimeFormat(language === 'en' ? 'en-GB' : localeOf(language), { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
