import type { PurchaseDeps } from './payment-deps';
import { Payment } from './payment.entity';
import { Refund } from './refund.entity';
import { Brackets } from 'typeorm';
import { Course } from '../course/course.entity';
import { GATEWAY_PAYMENT_MINUTES } from './purchase-outcome';
import { PaymentStatus } from './payment.entity';
import { expireAbandonedPayment, failPaymentWithoutPage, recordProviderResult } from './settlement.service';

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

/**
 * Payments left unsettled (a crash between the provider's answer and our write) are asked about
 * again, so no student who paid is left without the course; and paid payments no enrollment refers
 * to (for a course already owned, whose refund did not go through) are refunded again. Settlement
 * writes what they learn.
 */
async function settleUnsettledPayments(deps: PurchaseDeps, scope: { olderThanSeconds?: number; studentId?: string; courseId?: string } = {}): Promise<number> {
  const query = deps.db
    .getRepository(Payment)
    .createQueryBuilder('payment')
    .where(
      new Brackets((either) =>
        either
          .where('payment.status IN (:...statuses)', { statuses: [PaymentStatus.PENDING, PaymentStatus.REQUIRES_ACTION] })
          .orWhere('payment.status = :paid AND NOT EXISTS (SELECT 1 FROM "enrollment" e WHERE e."paymentId" = payment.id)', { paid: PaymentStatus.SUCCEEDED }),
      ),
    )
    .andWhere(`payment."createdAt" <= now() - make_interval(secs => :age)`, { age: scope.olderThanSeconds ?? 0 });
  if (scope.studentId) query.andWhere('payment."studentId" = :studentId', { studentId: scope.studentId });
  if (scope.courseId) query.andWhere('payment."courseId" = :courseId', { courseId: scope.courseId });
  const unsettled = await query.getMany();
  for (const payment of unsettled) {
    try {
      // A payment of a provider this server no longer has stays as it is.
      if (!deps.providers.has(payment.provider)) continue;
      const hostedPage = deps.providers.can(payment.provider, 'hostedPaymentPage');
      // A Checkout Session's payment is the provider's to create: its events settle it (or expire it).
      if (!payment.providerRef && payment.actionUrl && !hostedPage) continue;
      const provider = deps.providers.get(payment.provider);
      if (!payment.providerRef && hostedPage) {
        await failPaymentWithoutPage(deps, payment.id);
        continue;
      }
      // Without a recorded reference, the same idempotency key finds the provider's payment again,
      // so the request must be the very one first sent (Stripe refuses a key reused with other parameters).
      const course = payment.providerRef ? null : await deps.db.getRepository(Course).findOneBy({ id: payment.courseId });
      const providerPayment = payment.providerRef
        ? await provider.retrievePayment(payment.providerRef)
        : await provider.createPayment({
            amountMinor: payment.amountMinor,
            currency: payment.currency,
            description: payment.bundle?.name ?? course?.name ?? 'Course purchase',
            metadata: { paymentId: payment.id, studentId: payment.studentId, courseId: payment.courseId },
            idempotencyKey: `create-${payment.id}`,
          });
      const abandoned =
        providerPayment.status === 'requires_action' &&
        payment.actionUrl !== null &&
        Date.now() - payment.createdAt.getTime() > GATEWAY_PAYMENT_MINUTES * 60_000;
      if (abandoned) {
        await expireAbandonedPayment(deps, payment.id);
        continue;
      }
      await recordProviderResult(deps, payment.id, providerPayment);
    } catch (error) {
      deps.log.error({ err: error, paymentId: payment.id }, 'reconciling a payment failed');
    }
  }
  return unsettled.length;
}
