/** What the product needs from a payment provider; Stripe, the offline test mode and SSLCommerz implement it. */
/**
 * unconfirmed: created but never confirmed with a card; processing: the outcome is not known yet;
 * requires_action: the buyer still has to act (3-D Secure, or paying on SSLCommerz's page);
 * held: paid, but the provider flags it as risky, so an admin decides.
 */
export type ProviderPaymentStatus = 'unconfirmed' | 'processing' | 'requires_action' | 'succeeded' | 'held' | 'failed';

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  amountCents: number;
  currency: string;
  /** For the browser to finish a required action (3-D Secure). */
  clientSecret: string | null;
  /** Where the buyer goes to pay (SSLCommerz's gateway page). */
  redirectUrl?: string | null;
  failureMessage: string | null;
  /** The balance transaction of a successful payment. */
  transactionRef: string | null;
  metadata: Record<string, string>;
  /** How the buyer paid, once the provider knows: a wallet (bKash, Nagad, Rocket) or a card brand with its last four digits. */
  method?: PaymentMethodUsed | null;
}

export interface PaymentMethodUsed {
  /** As people know it: bKash, Nagad, Rocket, Upay, Visa, Mastercard, American Express... */
  name: string;
  last4?: string | null;
}

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  master: 'Mastercard',
  amex: 'American Express',
  unionpay: 'UnionPay',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
};

/** A card network's name as people write it, from a provider's code for it ("visa", "MASTER"). */
export function cardBrandName(brand: string): string {
  return CARD_BRANDS[brand.toLowerCase()] ?? brand;
}

export interface AddressInput {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
}

export interface BillingDetailsInput {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: AddressInput | null;
}

export interface WebhookEvent {
  id: string;
  type: string;
  /** The payment the event is about, when it is about one. */
  paymentRef: string | null;
  /** The event's object (a charge, a refund, a Checkout Session...). */
  objectId?: string | null;
  metadata: Record<string, string>;
  /** For charge events: the charge's amount and how much of it is refunded. */
  amountCents?: number | null;
  amountRefundedCents?: number | null;
}

export class InvalidWebhookSignature extends Error {}

export interface PaymentProvider {
  readonly name: 'stripe' | 'test' | 'off' | 'sslcommerz';
  readonly testMode: boolean;
  createPayment(input: {
    amountCents: number;
    currency: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
    /** The buyer, for providers that ask (SSLCommerz). */
    customer?: { name: string; email: string; phone: string } | null;
  }): Promise<ProviderPayment>;
  confirmPayment(
    id: string,
    input: { paymentMethod: string; billingDetails?: BillingDetailsInput | null; returnUrl: string; idempotencyKey: string },
  ): Promise<ProviderPayment>;
  /** The provider's own record; `notificationId` is what a notification named (SSLCommerz's val_id), checked, never trusted. */
  retrievePayment(id: string, hint?: { notificationId?: string }): Promise<ProviderPayment>;
  refund(input: { paymentRef: string; amountCents: number; idempotencyKey: string }): Promise<{ id: string; amountCents: number }>;
  /** For providers whose refunds settle later (SSLCommerz): where a refund stands. */
  refundStatus?(refundRef: string): Promise<'processing' | 'refunded' | 'cancelled'>;
  createCheckoutSession(input: {
    name: string;
    amountCents: number;
    currency: string;
    successUrl: string;
    cancelUrl: string;
    customerEmail: string;
    metadata: Record<string, string>;
  }): Promise<{ id: string; url: string }>;
  /** Checks the signature of a webhook call and reads its event; throws InvalidWebhookSignature. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent;
}
