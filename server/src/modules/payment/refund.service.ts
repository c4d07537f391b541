import { enrollmentEventData } from '../enrollment/enrollment.service';
import { emitWebhookEvent } from '../integration/webhook-events';
import { WebhookEventType } from '../integration/webhook.entity';
import { AppError, notFound } from '../../shared/errors';
import { formatMoney, money } from '../../shared/money';
import { AuditAction, AuditTarget } from '../audit/audit.entity';
import { recordAudit } from '../audit/audit.service';
import type { Viewer } from '../../kernel/viewer';
import { Course } from '../course/course.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { In } from 'typeorm';
import { Payment, PaymentStatus } from './payment.entity';
import { coursesOfPayment } from './payment-courses';
import type { PurchaseDeps } from './payment-deps';
import { decideRefund, type RefundCase } from './refund-policy';
import { Refund } from './refund.entity';
import { recordRefund } from './settlement.service';
import { translateMessage } from '../../i18n/translate';
import { accountLanguage, mailText } from '../mail/mail-text';
import { requireRole, roles } from '../auth/guards';

export const ALREADY_REFUNDED = 'This enrollment has already been refunded';
export const REFUND_IN_PROGRESS = 'A refund of this enrollment is already in progress. Please wait a moment.';

/** PostgreSQL's answer to FOR UPDATE NOWAIT on a row another transaction holds. */
const isLockNotAvailable = (error: unknown) => (error as { driverError?: { code?: string } }).driverError?.code === '55P03';

/**
 * An admin refunds an enrollment as the policy allows: the provider pays back, access ends, all is
 * recorded. Refunds of one payment happen one at a time, across every server copy: the payment row
 * is locked (a second refund meanwhile is refused at once, not queued), then the provider is asked
 * (with an idempotency key, so a retry after a crash pays back only once), then everything is written,
 * and only then the lock is let go.
 */
export const ENROLLMENT_NOT_FOUND = 'Enrollment not found';

export async function refundEnrollment(
  deps: PurchaseDeps,
  viewer: Viewer,
  input: { enrollmentId: string; refundCase: RefundCase; reportedAt?: Date | null },
  address: string,
): Promise<Refund & { currency: string }> {
  requireRole(viewer, roles.admin, 'Only admins can refund');
  const { refund, enrollment, decision, amountMinor, currency, toCard, what } = await deps.db.transaction(async (manager) => {
    const found = await manager.getRepository(Enrollment).findOneBy({ id: input.enrollmentId });
    if (!found) throw notFound(ENROLLMENT_NOT_FOUND, 'ENROLLMENT_NOT_FOUND');
    const payment = found.paymentId
      ? await manager
          .getRepository(Payment)
          .findOne({ where: { id: found.paymentId }, lock: { mode: 'pessimistic_write', onLocked: 'nowait' } })
          .catch((error: unknown) => {
            throw isLockNotAvailable(error) ? new AppError('CONFLICT', REFUND_IN_PROGRESS) : error;
          })
      : null;
    // Read again under the lock: a refund that just finished has ended this enrollment.
    const enrollment = await manager.getRepository(Enrollment).findOneByOrFail({ id: found.id });
    if (payment?.status === PaymentStatus.REFUNDED) throw new AppError('ALREADY_REFUNDED', ALREADY_REFUNDED);
    if (enrollment.revokedAt) throw notFound(ENROLLMENT_NOT_FOUND, 'ENROLLMENT_NOT_FOUND');
    if (!payment || payment.status !== PaymentStatus.SUCCEEDED || !payment.providerRef) {
      throw new AppError('CONFLICT', 'This enrollment has no payment to refund');
    }
    // A bundle's payment is refunded whole, by the policy applied to the bundle: it starts when its
    // first course starts, and the refund ends every enrollment the payment gave.
    const courses = await manager.getRepository(Course).findBy({ id: In(coursesOfPayment(payment).map((line) => line.courseId)) });
    const startsAt = new Date(Math.min(...courses.map((course) => (course.startsAt ?? enrollment.createdAt).getTime())));
    const decision = decideRefund({
      refundCase: input.refundCase,
      startsAt,
      requestedAt: new Date(),
      reportedAt: input.reportedAt,
    });
    if (decision.percent === 0) throw new AppError('CONFLICT', decision.rule);
    const amountMinor = Math.round((payment.amountMinor * decision.percent) / 100);
    const providerRefund = await deps.providers.capable(payment.provider, 'refunds').refund({
      paymentRef: payment.providerRef,
      amountMinor,
      idempotencyKey: `refund-${enrollment.id}`,
    });
    const { ended, endedAt } = await recordRefund(manager, payment, amountMinor);
    const refund = await manager.getRepository(Refund).save({
      paymentId: payment.id,
      enrollmentId: enrollment.id,
      refundCase: input.refundCase,
      percent: decision.percent,
      amountMinor,
      providerRef: providerRefund.id,
      // A provider whose refunds settle later (SSLCommerz) is asked until they do (reconciliation).
      status: deps.providers.can(payment.provider, 'refundStatus') ? 'processing' : 'succeeded',
      adminId: viewer.id,
    });
    for (const row of ended) await emitWebhookEvent(manager, WebhookEventType.ENROLLMENT_REFUNDED, enrollmentEventData({ ...row, revokedAt: endedAt }));
    await emitWebhookEvent(manager, WebhookEventType.PAYMENT_REFUNDED, {
      paymentId: payment.id,
      enrollmentId: enrollment.id,
      refundId: refund.id,
      amount: money(amountMinor, payment.currency),
      percent: decision.percent,
    });
    await recordAudit(manager, {
      viewer,
      address,
      action: AuditAction.REFUND_ENROLLMENT,
      targetType: AuditTarget.ENROLLMENT,
      targetId: enrollment.id,
      detail: {
        student: enrollment.email,
        course: payment.bundle?.name ?? enrollment.courseName,
        refundCase: input.refundCase,
        percent: decision.percent,
        amountCents: amountMinor,
        currency: payment.currency,
      },
    });
    // Money paid by card goes back to the card; by a wallet or a gateway's page, to the account it came from.
    return {
      refund,
      enrollment,
      decision,
      amountMinor,
      currency: payment.currency,
      toCard: deps.providers.can(payment.provider, 'cardConfirmation'),
      what: payment.bundle?.name ?? enrollment.courseName,
    };
  });
  const language = await accountLanguage(deps.db, enrollment.studentId);
  await deps.mailer.send({
    to: enrollment.email,
    ...mailText(language, 'refund', {
      course: what,
      amount: formatMoney(amountMinor, currency, language),
      percent: decision.percent,
      rule: translateMessage(language, decision.rule),
      destination: toCard ? 'card' : 'account',
    }),
  });
  return Object.assign(refund, { currency });
}
