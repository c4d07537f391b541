import { IsNull } from 'typeorm';
import { AppError, notFound } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { AuditAction, AuditTarget } from '../audit/audit.entity';
import { recordAudit } from '../audit/audit.service';
import type { Viewer } from '../auth/viewer';
import { Course } from '../course/course.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { Role } from '../user/role';
import { Payment, PaymentStatus } from './payment.entity';
import { providerFor, type PurchaseDeps } from './purchase.service';
import { decideRefund, type RefundCase } from './refund-policy';
import { Refund } from './refund.entity';

/** An admin refunds an enrollment as the policy allows: the provider pays back, access ends, all is recorded. */
export async function refundEnrollment(
  deps: PurchaseDeps,
  viewer: Viewer,
  input: { enrollmentId: string; refundCase: RefundCase; reportedAt?: Date | null },
  address: string,
): Promise<Refund> {
  if (viewer.role !== Role.ADMIN) throw new AppError('FORBIDDEN', 'Only admins can refund');
  const enrollment = /^[0-9a-f-]{36}$/i.test(input.enrollmentId)
    ? await deps.db.getRepository(Enrollment).findOneBy({ id: input.enrollmentId, revokedAt: IsNull() })
    : null;
  if (!enrollment) throw notFound('Enrollment not found');
  const payment = enrollment.paymentId ? await deps.db.getRepository(Payment).findOneBy({ id: enrollment.paymentId }) : null;
  if (!payment || payment.status !== PaymentStatus.SUCCEEDED || !payment.providerRef) {
    throw new AppError('CONFLICT', 'This enrollment has no payment to refund');
  }
  const course = await deps.db.getRepository(Course).findOneByOrFail({ id: enrollment.courseId });
  const decision = decideRefund({
    refundCase: input.refundCase,
    startsAt: course.startsAt ?? enrollment.createdAt,
    requestedAt: new Date(),
    reportedAt: input.reportedAt,
  });
  if (decision.percent === 0) throw new AppError('CONFLICT', decision.rule);
  const amountCents = Math.round((payment.amountCents * decision.percent) / 100);
  const providerRefund = await providerFor(deps, payment.provider).refund({ paymentRef: payment.providerRef, amountCents, idempotencyKey: `refund-${enrollment.id}` });
  const refund = await deps.db.transaction(async (manager) => {
    await manager.getRepository(Payment).update(payment.id, { status: PaymentStatus.REFUNDED, refundedCents: amountCents });
    await manager.getRepository(Enrollment).update(enrollment.id, { revokedAt: new Date() });
    const saved = await manager.getRepository(Refund).save({
      paymentId: payment.id,
      enrollmentId: enrollment.id,
      refundCase: input.refundCase,
      percent: decision.percent,
      amountCents,
      providerRef: providerRefund.id,
      // SSLCommerz pays back later: its refund query tells when (reconciliation asks).
      status: payment.provider === 'sslcommerz' ? 'processing' : 'succeeded',
      adminId: viewer.id,
    });
    await recordAudit(manager, {
      viewer,
      address,
      action: AuditAction.REFUND_ENROLLMENT,
      targetType: AuditTarget.ENROLLMENT,
      targetId: enrollment.id,
      detail: { student: enrollment.email, course: enrollment.courseName, refundCase: input.refundCase, percent: decision.percent, amountCents },
    });
    return saved;
  });
  await deps.mailer.send({
    to: enrollment.email,
    subject: `Your refund for ${enrollment.courseName}`,
    text: `We refunded ${formatMoney(amountCents, payment.currency)} (${decision.percent}%) of your payment for ${enrollment.courseName}.\n${decision.rule}\nThe money reaches your ${payment.provider === 'sslcommerz' ? 'account' : 'card'} within 7-10 working days. Your access to the course has ended.\n`,
  });
  return refund;
}
