import { dateTimeFormat } from './format';
import { localeOf, type Language, type MessageKey, type Translate } from './i18n';

/** How the product names who took a payment and where it stands, wherever payments are listed. */
export const providerLabel = (t: Translate, provider: string): string =>
  t(provider === 'sslcommerz' ? 'payment.provider.sslcommerz' : provider === 'test' ? 'payment.provider.test' : 'payment.provider.card');

/** How a payment was paid: the method the provider reported (bKash, Nagad, "Visa •••• 4242"), else who took it. */
export const paymentMethodLabel = (t: Translate, payment: { method?: string | null; provider: string }): string =>
  payment.method ?? providerLabel(t, payment.provider);

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
