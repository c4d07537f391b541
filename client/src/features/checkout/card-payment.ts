/**
 * Turning a card into a payment method id, as Stripe.js does: in the offline test mode the
 * product's own test endpoint plays Stripe's part; with Stripe configured, Stripe.js itself does it.
 */
export interface TypedCard {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardResult = { ok: true; paymentMethod: string } | { ok: false; message: string };

/** "MM/YY" or "MM / YYYY" to month and year; null when it is not a date. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

export async function tokenizeTestCard(card: TypedCard): Promise<CardResult> {
  const expiry = parseExpiry(card.expiry);
  if (!expiry) return { ok: false, message: 'Enter the expiry date as MM/YY' };
  const res = await fetch('/test-mode/payment-methods', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number: card.number, expMonth: expiry.month, expYear: expiry.year, cvc: card.cvc }),
  });
  const body = (await res.json()) as { id?: string; error?: { message: string } };
  return res.ok && body.id ? { ok: true, paymentMethod: body.id } : { ok: false, message: body.error?.message ?? 'Your card could not be read.' };
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

interface StripeJs {
  elements(): { create(type: 'card', options?: object): StripeCardElement };
  createPaymentMethod(input: { type: 'card'; card: StripeCardElement; billing_details?: object }): Promise<{ paymentMethod?: { id: string }; error?: { message: string } }>;
  handleNextAction(input: { clientSecret: string }): Promise<{ error?: { message: string } }>;
}
export interface StripeCardElement {
  mount(element: HTMLElement): void;
  destroy(): void;
}

let stripeJs: Promise<StripeJs> | undefined;

/** Stripe.js must come from Stripe itself (it cannot be bundled); loaded only when Stripe is configured. */
export function loadStripe(publishableKey: string): Promise<StripeJs> {
  stripeJs ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3';
    script.onload = () => resolve((window as unknown as { Stripe: (key: string) => StripeJs }).Stripe(publishableKey));
    script.onerror = () => reject(new Error('Stripe could not be loaded. Check your connection and try again.'));
    document.head.appendChild(script);
  });
  return stripeJs;
}
