import { IsNull } from 'typeorm';
import type { GatewayNotification } from '../../payments/provider';
import { Enrollment } from '../enrollment/enrollment.entity';
import { Payment, PaymentStatus } from './payment.entity';
import type { PurchaseDeps } from './payment-deps';
import { settleFromProvider } from './settlement.service';
import { Refund } from './refund.entity';
import { WebhookEventSeen } from './webhook-event.entity';

export const REFUNDED_AT_PROVIDER = 'Refunded in the payment provider’s dashboard';
export const DISPUTED = 'Disputed by the card holder: access ended until the dispute is settled';
export const CHECKOUT_EXPIRED = 'The checkout page expired before payment';

/**
 * Ends the access a payment gave, when the money went back outside the product (a refund or a
 * dispute in the provider's dashboard). Safe to repeat.
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
 * One notification a provider read and checked (payments/: each provider reads its own gateway's),
 * handled once however often an event with an id arrives: a payment is settled from the provider's
 * own record; refunds and disputes made outside the product end access; failed refunds and expired
 * checkout pages are recorded. Answers the payment a payment notice named, when it is ours.
 */
export async function handleNotification(deps: PurchaseDeps, providerName: string, { eventId, notice }: GatewayNotification): Promise<Payment | null> {
  if (eventId) {
    const fresh = await deps.db.query<unknown[]>(`INSERT INTO webhook_event (id) VALUES ($1) ON CONFLICT (id) DO NOTHING RETURNING id`, [eventId]);
    if (fresh.length === 0) return null;
  }
  try {
    switch (notice.kind) {
      case 'payment':
        return await settleFromProvider(deps, providerName, notice);
      case 'refunded': {
        // Fully refunded ends access; a partial refund is kept as money paid back.
        const { amountMinor, amountRefundedMinor } = notice;
        if (amountRefundedMinor !== null && amountMinor !== null && amountRefundedMinor >= amountMinor)
          await endAccess(deps, notice.providerRef, REFUNDED_AT_PROVIDER, amountRefundedMinor);
        else if (amountRefundedMinor) await deps.db.getRepository(Payment).update({ providerRef: notice.providerRef }, { refundedCents: amountRefundedMinor });
        return null;
      }
      case 'disputed':
        await endAccess(deps, notice.providerRef, DISPUTED, null);
        return null;
      case 'refundFailed': {
        const failed = await deps.db.getRepository(Refund).update({ providerRef: notice.refundRef }, { status: 'failed' });
        if (failed.affected) deps.log.error({ refundRef: notice.refundRef }, 'a refund failed at the payment provider: an admin must pay it back another way');
        return null;
      }
      case 'checkoutExpired':
        await deps.db
          .getRepository(Payment)
          .update({ id: notice.paymentId, status: PaymentStatus.PENDING }, { status: PaymentStatus.FAILED, failureMessage: CHECKOUT_EXPIRED });
        return null;
      case 'ignored':
        return null;
    }
  } catch (error) {
    // Not handled after all: the provider sends it again, and then it is handled.
    if (eventId) await deps.db.getRepository(WebhookEventSeen).delete({ id: eventId });
    throw error;
  }
}
