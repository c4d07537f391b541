import { AppError, notFound } from '../../shared/errors';
import type { Viewer } from '../../kernel/viewer';
import { Course } from '../course/course.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { In } from 'typeorm';
import { PaymentStatus } from './payment.entity';
import { coursesOfPayment } from './payment-courses';
import type { PurchaseDeps } from './payment-deps';
import { decideRefund, type RefundCase } from './refund-policy';
import { Refund } from './refund.entity';
import { refundPayment } from './settlement.service';
import { requireRole, roles } from '../auth/guards';

export const ALREADY_REFUNDED = 'This enrollment has already been refunded';
export const ENROLLMENT_NOT_FOUND = 'Enrollment not found';
export const NO_PAYMENT_TO_REFUND = 'This enrollment has no payment to refund';

/**
 * An admin refunds an enrollment as the policy allows, through settlement's one refund path
 * (`refundPayment`): under the payment's locks the policy decides, the provider pays back (with an
 * idempotency key, so a retry after a crash pays back only once), and the refund is recorded with
 * the access ended, the webhooks, the audit entry and the buyer's notice, as any refund is. Refunds
 * of one payment happen one at a time: a second one waits, then finds it refunded.
 */
export async function refundEnrollment(
  deps: PurchaseDeps,
  viewer: Viewer,
  input: { enrollmentId: string; refundCase: RefundCase; reportedAt?: Date | null },
  address: string,
): Promise<Refund & { currency: string }> {
  requireRole(viewer, roles.admin, 'Only admins can refund');
  const found = await deps.db.getRepository(Enrollment).findOneBy({ id: input.enrollmentId });
  if (!found) throw notFound(ENROLLMENT_NOT_FOUND, 'ENROLLMENT_NOT_FOUND');
  if (!found.paymentId) throw new AppError('CONFLICT', NO_PAYMENT_TO_REFUND);
  let refund: Refund | null = null;
  const refunded = await refundPayment(deps, found.paymentId, async (payment, manager) => {
    // Read again under the lock: a refund that just finished has ended this enrollment.
    const enrollment = await manager.getRepository(Enrollment).findOneByOrFail({ id: found.id });
    if (payment.status === PaymentStatus.REFUNDED) throw new AppError('ALREADY_REFUNDED', ALREADY_REFUNDED);
    if (enrollment.revokedAt) throw notFound(ENROLLMENT_NOT_FOUND, 'ENROLLMENT_NOT_FOUND');
    if (payment.status !== PaymentStatus.SUCCEEDED || !payment.providerRef) throw new AppError('CONFLICT', NO_PAYMENT_TO_REFUND);
    // A bundle's payment is refunded whole, by the policy applied to the bundle: it starts when its
    // first course starts, and the refund ends every enrollment the payment gave.
    const courses = await manager.getRepository(Course).findBy({ id: In(coursesOfPayment(payment).map((line) => line.courseId)) });
    const startsAt = new Date(Math.min(...courses.map((course) => (course.startsAt ?? enrollment.createdAt).getTime())));
    const decision = decideRefund({ refundCase: input.refundCase, startsAt, requestedAt: new Date(), reportedAt: input.reportedAt });
    if (decision.percent === 0) throw new AppError('CONFLICT', decision.rule);
    const amountMinor = Math.round((payment.amountMinor * decision.percent) / 100);
    const providerRefund = await deps.providers.capable(payment.provider, 'refunds').refund({
      paymentRef: payment.providerRef,
      amountMinor,
      idempotencyKey: `refund-${enrollment.id}`,
    });
    return {
      refundedMinor: amountMinor,
      percent: decision.percent,
      refundCase: input.refundCase,
      rule: decision.rule,
      tellBuyer: true,
      enrollmentId: enrollment.id,
      actor: viewer,
      address,
      keep: async (writer, paid, enrollmentId) => {
        refund = await writer.getRepository(Refund).save({
          paymentId: paid.id,
          enrollmentId,
          refundCase: input.refundCase,
          percent: decision.percent,
          amountMinor,
          providerRef: providerRefund.id,
          // A provider whose refunds settle later (SSLCommerz) is asked until they do (reconciliation).
          status: deps.providers.can(paid.provider, 'refundStatus') ? 'processing' : 'succeeded',
          adminId: viewer.id,
        });
        return refund.id;
      },
    };
  });
  if (!refunded || !refund) throw new AppError('ALREADY_REFUNDED', ALREADY_REFUNDED);
  return Object.assign(refund, { currency: refunded.payment.currency });
}
