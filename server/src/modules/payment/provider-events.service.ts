import { IsNull } from 'typeorm';
import type { PaymentProvider, WebhookEvent } from '../../payments/provider';
import { Enrollment } from '../enrollment/enrollment.entity';
import { Payment, PaymentStatus } from './payment.entity';
import type { PurchaseDeps } from './payment-deps';
import { settleFromProvider } from './settlement.service';
import { Refund } from './refund.entity';
import { WebhookEventSeen } from './webhook-event.entity';

const PAYMENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'payment_intent.canceled',
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

export const REFUNDED_AT_PROVIDER = 'Refunded in the payment provider’s dashboard';
export const DISPUTED = 'Disputed by the card holder: access ended until the dispute is settled';
export const CHECKOUT_EXPIRED = 'The checkout page expired before payment';

/**
 * Ends the access a payment gave, when the money went back outside the product (a refund or a
 * dispute in Stripe's Dashboard). Safe to repeat.
 */
async function endAccess(deps: PurchaseDeps, paymentRef: string, reason: string, refundedCents: number | null): Promise<void> {
  await deps.db.transaction(async (manager) => {
    const payment = await manager.getRepository(Payment).findOne({ where: { providerRef: paymentRef }, lock: { mode: 'pessimistic_write' } });
    if (!payment || (payment.status !== PaymentStatus.SUCCEEDED && payment.status !== PaymentStatus.REFUNDED)) return;
    const refunded = refundedCents ?? payment.amountCents;
    await manager
      .getRepository(Payment)
      .update(payment.id, { status: PaymentStatus.REFUNDED, refundedCents: Math.max(payment.refundedCents, refunded), failureMessage: reason });
    const ended = await manager.getRepository(Enrollment).update({ paymentId: payment.id, revokedAt: IsNull() }, { revokedAt: new Date() });
    if (ended.affected) deps.log.warn({ paymentId: payment.id, reason }, 'access ended by an event from the payment provider');
  });
}

/**
 * One signature-checked event from Stripe (or its offline test mode), handled once however often it
 * arrives: payment events settle the payment from the provider's own record; refunds and disputes
 * made outside the product end access; failed refunds and expired Checkout Sessions are recorded.
 */
export async function handleProviderEvent(deps: PurchaseDeps, provider: PaymentProvider, event: WebhookEvent): Promise<void> {
  const fresh = await deps.db.query<unknown[]>(`INSERT INTO webhook_event (id) VALUES ($1) ON CONFLICT (id) DO NOTHING RETURNING id`, [event.id]);
  if (fresh.length === 0) return;
  try {
    if (PAYMENT_EVENTS.has(event.type)) {
      await settleFromProvider(deps, provider, { providerRef: event.paymentRef, paymentId: event.metadata.paymentId });
    } else if (event.type === 'charge.refunded' && event.paymentRef) {
      // Fully refunded ends access; a partial refund is kept as money paid back.
      const full =
        event.amountRefundedCents !== null &&
        event.amountRefundedCents !== undefined &&
        event.amountCents !== null &&
        event.amountCents !== undefined &&
        event.amountRefundedCents >= event.amountCents;
      if (full) await endAccess(deps, event.paymentRef, REFUNDED_AT_PROVIDER, event.amountRefundedCents ?? null);
      else if (event.amountRefundedCents)
        await deps.db.getRepository(Payment).update({ providerRef: event.paymentRef }, { refundedCents: event.amountRefundedCents });
    } else if (event.type === 'charge.dispute.created' && event.paymentRef) {
      await endAccess(deps, event.paymentRef, DISPUTED, null);
    } else if (event.type === 'refund.failed' && event.objectId) {
      const failed = await deps.db.getRepository(Refund).update({ providerRef: event.objectId }, { status: 'failed' });
      if (failed.affected) deps.log.error({ refundRef: event.objectId }, 'a refund failed at the payment provider: an admin must pay it back another way');
    } else if (event.type === 'checkout.session.expired' && event.metadata.paymentId && /^[0-9a-f-]{36}$/i.test(event.metadata.paymentId)) {
      await deps.db
        .getRepository(Payment)
        .update({ id: event.metadata.paymentId, status: PaymentStatus.PENDING }, { status: PaymentStatus.FAILED, failureMessage: CHECKOUT_EXPIRED });
    }
  } catch (error) {
    // Not handled after all: Stripe sends it again, and then it is handled.
    await deps.db.getRepository(WebhookEventSeen).delete({ id: event.id });
    throw error;
  }
}
