import type { GatewayNotification, GatewayNotice, GatewayRequest } from '../provider';
import { verifyStripeSignature, type StripeEvent } from './webhook-signature';

const PAYMENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'payment_intent.canceled',
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

const PAYMENT_ID = /^[0-9a-f-]{36}$/i;

/** What a Stripe event tells the product, in its words. */
export function noticeOf(event: StripeEvent): GatewayNotice {
  if (PAYMENT_EVENTS.has(event.type)) return { kind: 'payment', providerRef: event.paymentRef, paymentId: event.metadata.paymentId ?? null };
  if (event.type === 'charge.refunded' && event.paymentRef)
    return { kind: 'refunded', providerRef: event.paymentRef, amountMinor: event.amountMinor ?? null, amountRefundedMinor: event.amountRefundedMinor ?? null };
  if (event.type === 'charge.dispute.created' && event.paymentRef) return { kind: 'disputed', providerRef: event.paymentRef };
  if (event.type === 'refund.failed' && event.objectId) return { kind: 'refundFailed', refundRef: event.objectId };
  if (event.type === 'checkout.session.expired' && PAYMENT_ID.test(event.metadata.paymentId ?? ''))
    return { kind: 'checkoutExpired', paymentId: event.metadata.paymentId };
  return { kind: 'ignored' };
}

/** A Stripe webhook call (or its offline test mode's), checked by its Stripe-Signature header and read. */
export function readStripeNotification(request: GatewayRequest, webhookSecret: string): GatewayNotification {
  const event = verifyStripeSignature(request.rawBody, request.header('stripe-signature'), webhookSecret);
  return { eventId: event.id, notice: noticeOf(event) };
}
