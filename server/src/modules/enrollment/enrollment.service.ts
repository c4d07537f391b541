import DataLoader from 'dataloader';
import { In, IsNull, type DataSource, type EntityManager } from 'typeorm';
import { normalizeEmail } from '../auth/sign-up-rules';
import type { Viewer } from '../auth/viewer';
import type { Course } from '../course/course.entity';
import type { Payment } from '../payment/payment.entity';
import { Enrollment } from './enrollment.entity';
import { requireSelfOrAdmin } from '../auth/guards';

/**
 * Gives a student a course, once: the partial unique index on active enrollments makes a second
 * grant (a retried request, a repeated webhook) do nothing. Answers the enrollment and whether it is new.
 */
export async function grantEnrollment(
  manager: EntityManager,
  student: { id: string; email: string },
  course: Course,
  payment: Payment | null,
): Promise<{ enrollment: Enrollment; created: boolean }> {
  const inserted = await manager
    .createQueryBuilder()
    .insert()
    .into(Enrollment)
    .values({
      studentId: student.id,
      courseId: course.id,
      paymentId: payment?.id ?? null,
      courseName: course.name,
      courseDescription: course.description,
      courseImage: course.photoURL,
      email: student.email,
      transactionID: payment?.transactionRef ?? null,
      transactionAmount: payment ? payment.amountCents / 100 : 0,
      billingDetails: payment?.billingDetails ?? null,
      revokedAt: null,
    })
    .orIgnore()
    .returning('id')
    .execute();
  const created = (inserted.raw as unknown[]).length > 0;
  const enrollment = await manager.getRepository(Enrollment).findOneByOrFail({ studentId: student.id, courseId: course.id, revokedAt: IsNull() });
  return { enrollment, created };
}

export function findActiveEnrollment(manager: EntityManager | DataSource, studentId: string, courseId: string): Promise<Enrollment | null> {
  return manager.getRepository(Enrollment).findOneBy({ studentId, courseId, revokedAt: IsNull() });
}

/** The signed-in student's courses, the one studied last first (a course not begun counts from when it was bought). */
export function listMyEnrollments(db: DataSource, viewer: Viewer): Promise<Enrollment[]> {
  return db
    .getRepository(Enrollment)
    .createQueryBuilder('enrollment')
    .where('enrollment.studentId = :studentId AND enrollment.revokedAt IS NULL', { studentId: viewer.id })
    .orderBy('COALESCE(enrollment.lastStudiedAt, enrollment.createdAt)', 'DESC')
    .addOrderBy('enrollment.id', 'ASC')
    .getMany();
}

/** Someone's enrollments for the legacy path: the person themself or an admin. */
export function listEnrollmentsOf(db: DataSource, viewer: Viewer, email: string): Promise<Enrollment[]> {
  const normalized = normalizeEmail(email);
  requireSelfOrAdmin(viewer, { email: normalized }, 'You can only see your own enrollments');
  return db.getRepository(Enrollment).find({ where: { email: normalized, revokedAt: IsNull() }, order: { createdAt: 'DESC', id: 'ASC' } });
}

/** Per request: which of the courses a list touches the viewer owns, in one query. */
export function createOwnedCourseLoader(db: DataSource, viewer: Viewer | null): DataLoader<string, boolean> {
  return new DataLoader(async (courseIds: readonly string[]) => {
    if (!viewer) return courseIds.map(() => false);
    const rows = await db.getRepository(Enrollment).find({
      select: { courseId: true },
      where: { studentId: viewer.id, courseId: In([...courseIds]), revokedAt: IsNull() },
    });
    const owned = new Set(rows.map((row) => row.courseId));
    return courseIds.map((id) => owned.has(id));
  });
}
