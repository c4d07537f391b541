import type { Stripe } from '@stripe/stripe-js';
import { loadStripe as loadStripeJs } from '@stripe/stripe-js/pure';
import { latinDigits } from '../../lib/digits';

export type { StripeCardElement } from '@stripe/stripe-js';
/**
 * Turning a card into a payment method id, as Stripe.js does: in the offline test mode the
 * product's own test endpoint plays Stripe's part; with Stripe configured, Stripe.js itself does it.
 */
export interface TypedCard {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardField = 'number' | 'expiry' | 'cvc';
/**
 * A card refused before payment: `code` says why, for the page to word in its language
 * (`EXPIRY_FORMAT`, `CARD_UNREADABLE`, or the test card service's code such as `card_declined`,
 * whose own `message` is shown as it comes).
 */
export type CardResult = { ok: true; paymentMethod: string } | { ok: false; code: string; message: string; field: CardField };

export const EXPIRY_FORMAT = 'Enter the expiry date as MM/YY';
export const CARD_UNREADABLE = 'Your card could not be read.';
/** The codes of the card checks made here, which the page words from its catalogues. */
export const EXPIRY_FORMAT_CODE = 'EXPIRY_FORMAT';
export const CARD_UNREADABLE_CODE = 'CARD_UNREADABLE';

/**
 * The expiry field as the buyer types or pastes: "1229", "12-29" or "12 / 29" read "12/29", and
 * "122029" or "12.2029" read "12/2029"; a first digit above 1 is a month ("5" reads "05/"). The
 * slash is added only while typing forward, so deleting it works. `previous`: the field's value
 * before this change.
 */
export function formatExpiry(typed: string, previous = ''): string {
  const parts = latinDigits(typed)
    .trim()
    .split(/[^\d]+/)
    .filter(Boolean);
  let month: string;
  let year: string;
  if (parts.length >= 2) {
    month = parts[0].slice(-2).padStart(2, '0');
    year = parts.slice(1).join('');
  } else {
    const digits = parts[0] ?? '';
    if (digits.length === 0) return '';
    const monthLength = digits[0] > '1' ? 1 : 2;
    month = digits.slice(0, monthLength).padStart(monthLength === 1 ? 2 : 0, '0');
    year = digits.slice(monthLength);
    if (!year) {
      const forward = typed.length > previous.length;
      return month.length === 2 && forward ? `${month}/` : month;
    }
  }
  // A year of two digits or four (2029), as the card shows it.
  return `${month}/${year.slice(0, 4)}`;
}

/** Which field a card error from the payment service is about. */
const fieldOfCode = (code: string | undefined): CardField => (code?.startsWith('invalid_expiry') ? 'expiry' : code === 'invalid_cvc' ? 'cvc' : 'number');

/** "MM/YY" or "MM / YYYY" to month and year; null when it is not a date. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(latinDigits(expiry));
  if (!match) return null;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

export async function tokenizeTestCard(card: TypedCard): Promise<CardResult> {
  const expiry = parseExpiry(card.expiry);
  if (!expiry) return { ok: false, code: EXPIRY_FORMAT_CODE, message: EXPIRY_FORMAT, field: 'expiry' };
  const res = await fetch('/test-mode/payment-methods', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number: latinDigits(card.number), expMonth: expiry.month, expYear: expiry.year, cvc: latinDigits(card.cvc) }),
  });
  const body = (await res.json()) as { id?: string; error?: { code?: string; message: string } };
  if (res.ok && body.id) return { ok: true, paymentMethod: body.id };
  if (!body.error) return { ok: false, code: CARD_UNREADABLE_CODE, message: CARD_UNREADABLE, field: 'number' };
  return { ok: false, code: body.error.code ?? CARD_UNREADABLE_CODE, message: body.error.message, field: fieldOfCode(body.error.code) };
}

/** The test mode's 3-D Secure page: the visitor approves or refuses the payment. */
export async function answerTestAuthentication(clientSecret: string, approve: boolean): Promise<void> {
  const paymentRef = clientSecret.split('_secret_')[0];
  const res = await fetch(`/test-mode/payments/${encodeURIComponent(paymentRef)}/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientSecret, approve }),
  });
  if (!res.ok) throw new Error('The authentication could not be sent');
}

let stripeJs: Promise<Stripe> | undefined;

/**
 * Stripe.js must come from Stripe itself (it cannot be bundled): Stripe's own loader fetches it,
 * only when Stripe is configured and a card form opens (the `pure` entry loads nothing on import).
 */
export function loadStripe(publishableKey: string): Promise<Stripe> {
  stripeJs ??= loadStripeJs(publishableKey).then((stripe) => {
    if (!stripe) throw new Error('Stripe could not be loaded. Check your connection and try again.');
    return stripe;
  });
  // A failed load (a dropped connection) is tried again the next time.
  stripeJs.catch(() => (stripeJs = undefined));
  return stripeJs;
}
