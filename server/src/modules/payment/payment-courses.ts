import type { EntityManager } from 'typeorm';
import { Course } from '../course/course.entity';
import type { Enrollment } from '../enrollment/enrollment.entity';
import { findActiveEnrollment, grantEnrollment } from '../enrollment/enrollment.service';
import { User } from '../user/user.entity';
import { Payment, PaymentStatus } from './payment.entity';

/**
 * The courses one payment buys: its course, or every course of a bundle's payment, each with the
 * part of the amount it stands for (a bundle's shares are split by list price when it is bought).
 */
export function coursesOfPayment(payment: Pick<Payment, 'courseId' | 'amountMinor' | 'bundle'>): Array<{ courseId: string; amountMinor: number }> {
  return payment.bundle
    ? payment.bundle.courses.map(({ courseId, amountCents }) => ({ courseId, amountMinor: amountCents }))
    : [{ courseId: payment.courseId, amountMinor: payment.amountMinor }];
}

/**
 * Purchases of one course by one student happen one at a time, across every server copy: a
 * bundle's payment takes the lock of each of its courses, always in the same order, so it never
 * waits in a circle with another purchase.
 */
export async function lockPurchases(manager: EntityManager, studentId: string, courseIds: readonly string[]): Promise<void> {
  for (const courseId of [...new Set(courseIds)].sort()) {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`purchase:${studentId}:${courseId}`]);
  }
}

export interface PaidCourses {
  /** The payment's first enrollment (its course's, or the bundle's first course it gave); null when it gave none. */
  enrollment: Enrollment | null;
  /** Every enrollment this payment gave. */
  enrollments: Enrollment[];
  /** Whether this call made any of them (the receipt is sent once, by that call). */
  created: boolean;
  /** Every course it buys was already owned through other payments: the enrollment owning the first, for refunding this one. */
  alreadyOwned: Enrollment | null;
}

/**
 * In the settling transaction: the enrollments a paid payment gives, each once. A course the
 * student owns through another payment is skipped; when that is every course, nothing is given and
 * the payment is to be refunded (alreadyOwned). A bundle's enrollment records its share of the amount.
 */
export async function grantPaidCourses(manager: EntityManager, payment: Payment): Promise<PaidCourses> {
  const lines = coursesOfPayment(payment);
  const owned = await Promise.all(lines.map((line) => findActiveEnrollment(manager, payment.studentId, line.courseId)));
  const ownedElsewhere = owned.filter((enrollment) => enrollment && enrollment.paymentId !== payment.id);
  if (ownedElsewhere.length === lines.length) return { enrollment: null, enrollments: [], created: false, alreadyOwned: ownedElsewhere[0] };
  const student = await manager.getRepository(User).findOneByOrFail({ id: payment.studentId });
  const enrollments: Enrollment[] = [];
  let created = false;
  for (const [index, line] of lines.entries()) {
    if (owned[index] && owned[index].paymentId !== payment.id) continue;
    const course = await manager.getRepository(Course).findOneByOrFail({ id: line.courseId });
    const granted = await grantEnrollment(manager, student, course, { ...payment, amountMinor: line.amountMinor });
    enrollments.push(granted.enrollment);
    created ||= granted.created;
  }
  return { enrollment: enrollments[0] ?? null, enrollments, created, alreadyOwned: null };
}

/**
 * A bundle's payment holding this course that is started and not settled (waiting on the gateway's
 * page, or held for review): buying the course alone meanwhile would pay for it twice.
 */
export function bundlePaymentInFlight(manager: EntityManager, studentId: string, courseId: string): Promise<Payment | null> {
  return manager
    .getRepository(Payment)
    .createQueryBuilder('p')
    .where('p."studentId" = :studentId AND p.bundle IS NOT NULL AND p.status IN (:...statuses)', {
      studentId,
      statuses: [PaymentStatus.PENDING, PaymentStatus.REQUIRES_ACTION, PaymentStatus.HELD],
    })
    .andWhere(`(p.status <> :waiting OR p."actionUrl" IS NOT NULL)`, { waiting: PaymentStatus.REQUIRES_ACTION })
    .andWhere(`p.bundle->'courses' @> CAST(:line AS jsonb)`, { line: JSON.stringify([{ courseId }]) })
    .getOne();
}
