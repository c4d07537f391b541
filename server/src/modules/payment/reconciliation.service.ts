import type { PurchaseDeps } from './payment-deps';
import { Payment } from './payment.entity';
import { Refund } from './refund.entity';
import { settleUnsettledPayments } from './settlement.service';

/**
 * Reconciliation: what the scheduled job (payment-jobs.ts) runs. Unsettled payments go through
 * settlement again; refunds that pay back later are asked about until they end.
 */
export async function reconcileUnsettledPayments(
  deps: PurchaseDeps,
  scope: { olderThanSeconds?: number; studentId?: string; courseId?: string } = {},
): Promise<number> {
  const reconciled = await settleUnsettledPayments(deps, scope);
  // Refunds are everyone's: only the scheduled run asks about them, never a buyer's request.
  if (!scope.studentId) await settleProcessingRefunds(deps);
  return reconciled;
}

/** Refunds that pay back later (SSLCommerz) are asked about until they are refunded or cancelled. */
async function settleProcessingRefunds(deps: PurchaseDeps): Promise<void> {
  const refunds = await deps.db.getRepository(Refund).find({ where: { status: 'processing' } });
  for (const refund of refunds) {
    try {
      const payment = await deps.db.getRepository(Payment).findOneByOrFail({ id: refund.paymentId });
      // A provider that is not configured here any more throws: the refund stays processing, and is logged.
      const provider = deps.providers.get(payment.provider);
      const state =
        deps.providers.can(payment.provider, 'refundStatus') && provider.refundStatus ? await provider.refundStatus(refund.providerRef) : 'refunded';
      if (state === 'refunded') await deps.db.getRepository(Refund).update(refund.id, { status: 'succeeded' });
      if (state === 'cancelled') {
        await deps.db.getRepository(Refund).update(refund.id, { status: 'failed' });
        deps.log.error({ refundId: refund.id }, 'the payment provider cancelled a refund: an admin must pay it back another way');
      }
    } catch (error) {
      deps.log.error({ err: error, refundId: refund.id }, 'asking about a refund failed');
    }
  }
}
