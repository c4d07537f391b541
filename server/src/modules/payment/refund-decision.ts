import type { EntityManager } from 'typeorm';
import type { Viewer } from '../../kernel/viewer';
import { money } from '../../shared/money';
import { AuditAction, AuditTarget } from '../audit/audit.entity';
import { recordAudit } from '../audit/audit.service';
import { Course } from '../course/course.entity';
import type { Enrollment } from '../enrollment/enrollment.entity';
import { enrollmentEventData } from '../enrollment/enrollment.service';
import { emitWebhookEvent } from '../integration/webhook-events';
import { WebhookEventType } from '../integration/webhook.entity';
import { User } from '../user/user.entity';
import type { Payment } from './payment.entity';

/** What a refund is, as whoever starts it decides (settlement's refundPayment writes it), and what it tells others. */

/** Who ended a payment, for its audit entry: an admin, or the provider that reported it (`providerActor`). */
export type Actor = Pick<Viewer, 'id' | 'email'>;

/** A payment provider as the actor of what it reported (a refund or a dispute in its dashboard); no account has this id. */
export const providerActor = (providerName: string): Actor => ({ id: '00000000-0000-0000-0000-000000000000', email: `payment provider ${providerName}` });

/** A refund as whoever starts it decides, under the payment's lock. */
export interface RefundDecision {
  refundedMinor: number;
  /** The share paid back, in percent (the policy's); otherwise worked out from the amounts. */
  percent?: number;
  /** The refund case for the audit entry: the policy's, or what the provider reported (`PROVIDER_REFUND`, `DISPUTE`). */
  refundCase: string;
  /** Why, in English (translated on its way out): the policy's rule, or the provider's report, which the payment then shows. */
  rule: string;
  /** Whether the rule is also the payment's reason, shown in My Payments (a refund or dispute outside the product). */
  showOnPayment?: boolean;
  /** Whether the buyer is told (not for a dispute, which the card holder started). */
  tellBuyer: boolean;
  /** The enrollment refunded (an admin's choice); otherwise the first one it gave. */
  enrollmentId?: string;
  /** Who did it, for the audit entry: none for the product's own refund of a second payment for an owned course (nobody acted). */
  actor?: Actor;
  address?: string;
  /** The refund's own record, written in the same transaction (an admin's); answers its id. */
  keep?: (manager: EntityManager, payment: Payment, enrollmentId: string) => Promise<string>;
}

export interface Refunded {
  payment: Payment;
  refundId: string | null;
  /** The enrollments it ended, as they now are. */
  ended: Enrollment[];
}

/**
 * In the refund's transaction, so once with it: `enrollment.refunded` for each enrollment it ended and
 * `payment.refunded` queued for integrators, and the audit entry written. Answers the course's name
 * (the bundle's, for a bundle) for the buyer's notice.
 */
export async function announceRefund(
  manager: EntityManager,
  refund: { payment: Payment; ended: Enrollment[]; enrollmentId: string | null; refundId: string | null; percent: number; decision: RefundDecision },
): Promise<string | null> {
  const { payment: current, ended, enrollmentId, refundId, percent, decision } = refund;
  for (const row of ended) await emitWebhookEvent(manager, WebhookEventType.ENROLLMENT_REFUNDED, enrollmentEventData(row));
  await emitWebhookEvent(manager, WebhookEventType.PAYMENT_REFUNDED, {
    paymentId: current.id,
    enrollmentId,
    refundId,
    amount: money(decision.refundedMinor, current.currency),
    percent,
  });
  const student = await manager.getRepository(User).findOneBy({ id: current.studentId });
  const courseName = current.bundle?.name ?? ended[0]?.courseName ?? (await manager.getRepository(Course).findOneBy({ id: current.courseId }))?.name ?? null;
  if (decision.actor)
    await recordAudit(manager, {
      viewer: decision.actor,
      address: decision.address ?? '',
      action: AuditAction.REFUND_ENROLLMENT,
      targetType: enrollmentId ? AuditTarget.ENROLLMENT : AuditTarget.PAYMENT,
      targetId: enrollmentId ?? current.id,
      detail: {
        student: ended[0]?.email ?? student?.email ?? student?.phone ?? null,
        course: courseName,
        refundCase: decision.refundCase,
        percent,
        amountCents: decision.refundedMinor,
        currency: current.currency,
      },
    });
  return courseName;
}
