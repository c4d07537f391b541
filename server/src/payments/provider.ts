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
  metadata: Record<string, string>;
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
