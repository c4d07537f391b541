import type { GatewayNotification } from '../../payments/provider';
import { Payment } from './payment.entity';
import type { PurchaseDeps } from './payment-deps';
import { CHECKOUT_EXPIRED, endAccessOutside, expireCheckout, settleFromProvider } from './settlement.service';
import { Refund } from './refund.entity';
import { WebhookEventSeen } from './webhook-event.entity';

export const REFUNDED_AT_PROVIDER = 'Refunded in the payment provider’s dashboard';
export const DISPUTED = 'Disputed by the card holder: access ended until the dispute is settled';
export { CHECKOUT_EXPIRED };

/**
 * One notification a provider read and checked (payments/: each provider reads its own gateway's),
 * handled once however often an event with an id arrives: a payment is settled from the provider's
 * own record; refunds and disputes made outside the product end access; failed refunds and expired
 * checkout pages are recorded. Answers the payment a payment notice named, when it is ours.
 */
export async function handleNotification(
  deps: PurchaseDeps,
  providerName: string,
  { eventId, notice }: GatewayNotification,
  /** Where it came from, for the audit entry of a refund it reports. */
  address = 'the payment provider',
): Promise<Payment | null> {
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
          await endAccessOutside(deps, providerName, notice.providerRef, {
            reason: REFUNDED_AT_PROVIDER,
            refundCase: 'PROVIDER_REFUND',
            refundedMinor: amountRefundedMinor,
            address,
          });
        else if (amountRefundedMinor) await deps.db.getRepository(Payment).update({ providerRef: notice.providerRef }, { refundedMinor: amountRefundedMinor });
        return null;
      }
      case 'disputed':
        await endAccessOutside(deps, providerName, notice.providerRef, { reason: DISPUTED, refundCase: 'DISPUTE', refundedMinor: null, address });
        return null;
      case 'refundFailed': {
        const failed = await deps.db.getRepository(Refund).update({ providerRef: notice.refundRef }, { status: 'failed' });
        if (failed.affected) deps.log.error({ refundRef: notice.refundRef }, 'a refund failed at the payment provider: an admin must pay it back another way');
        return null;
      }
      case 'checkoutExpired':
        await expireCheckout(deps, notice.paymentId);
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
