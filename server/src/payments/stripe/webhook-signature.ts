import Stripe from 'stripe';
import { InvalidWebhookSignature } from '../provider';

/** A Stripe event, as far as the product reads it. */
export interface StripeEvent {
  id: string;
  type: string;
  /** The payment intent the event is about, when it is about one. */
  paymentRef: string | null;
  /** The event's object (a charge, a refund, a Checkout Session...). */
  objectId?: string | null;
  metadata: Record<string, string>;
  /** For charge events: the charge's amount and how much of it is refunded, in minor units. */
  amountMinor?: number | null;
  amountRefundedMinor?: number | null;
}

// Only the package's webhook helpers are used here; they make no request.
const helpers = new Stripe('sk_test_webhook_helpers_only');

/** Verifies a Stripe-Signature header (both providers sign the same way) and reads the event. */
export function verifyStripeSignature(rawBody: Buffer, signature: string | undefined, secret: string): StripeEvent {
  if (!signature) throw new InvalidWebhookSignature('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = helpers.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new InvalidWebhookSignature(error instanceof Error ? error.message : 'Invalid signature');
  }
  const object = event.data.object as {
    object?: string;
    id?: string;
    payment_intent?: string | null;
    metadata?: Record<string, string> | null;
    amount?: number;
    amount_refunded?: number;
  };
  const paymentRef = object.object === 'payment_intent' ? (object.id ?? null) : (object.payment_intent ?? null);
  return {
    id: event.id,
    type: event.type,
    paymentRef,
    objectId: object.id ?? null,
    metadata: object.metadata ?? {},
    amountMinor: object.amount ?? null,
    amountRefundedMinor: object.amount_refunded ?? null,
  };
}

/** Signs a payload as Stripe does, for events the offline provider sends and for tests. */
export function signWebhookPayload(payload: string, secret: string): string {
  return helpers.webhooks.generateTestHeaderString({ payload, secret });
}
