import DataLoader from 'dataloader';
import { In, IsNull, type DataSource, type EntityManager } from 'typeorm';
import { normalizeEmail } from '../auth/sign-up-rules';
import type { Viewer } from '../../kernel/viewer';
import type { Course } from '../course/course.entity';
import type { Payment } from '../payment/payment.entity';
import { Enrollment } from './enrollment.entity';
import { requireSelfOrAdmin } from '../auth/guards';
import { badInput, notFound, textTooLong } from '../../shared/errors';
import { CURSOR_UNKNOWN, fetchCursorPage, parseCursor, parsePage, toChangeCursor, toCursor, type Page } from '../../shared/paging';
import { changeConditions, changeOrder, changePosition } from '../../db/change-feed';
import { entityReader } from '../../db/entity-reader';
import { SqlParameters } from '../../db/sql-parameters';
import { isUuid } from '../../shared/validation';
import { fromMinorUnits, money, type Money } from '../../shared/money';
import { AuditAction, AuditTarget } from '../audit/audit.entity';
import { recordAudit } from '../audit/audit.service';
import { checkEmail } from '../auth/sign-up-rules';
import { ApiScope, type ApiKeyCaller } from '../integration/api-key.entity';
import { apiKeyActor, requireAdminOrScope, requireScope, type Caller } from '../integration/api-key.service';
import { emitWebhookEvent } from '../integration/webhook-events';
import { WebhookEventType } from '../integration/webhook.entity';
import { Course as CourseEntity } from '../course/course.entity';
import { visibleCourse } from '../course/course-visibility';
import { User } from '../user/user.entity';
import { Role } from '../../kernel/role';
import { accountAddress } from '../../shared/phone';

/**
 * Gives a student a course, once: the partial unique index on active enrollments makes a second
 * grant (a retried request, a repeated webhook) do nothing. Answers the enrollment and whether it is new.
 */
export async function grantEnrollment(
  manager: EntityManager,
  student: { id: string; email: string | null; phone?: string | null },
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
      // An account made with a mobile number has no email: its number's stand-in address (shared/phone.ts).
      email: accountAddress({ email: student.email, phone: student.phone ?? null }),
      transactionID: payment?.transactionRef ?? null,
      transactionAmount: payment ? fromMinorUnits(payment.amountMinor) : 0,
      amountPaidMinor: payment?.amountMinor ?? 0,
      amountPaidCurrency: payment ? money(payment.amountMinor, payment.currency).currency : 'bdt',
      billingDetails: payment?.billingDetails ?? null,
      revokedAt: null,
    })
    .orIgnore()
    .returning('id')
    .execute();
  const created = (inserted.raw as unknown[]).length > 0;
  const enrollment = await manager.getRepository(Enrollment).findOneByOrFail({ studentId: student.id, courseId: course.id, revokedAt: IsNull() });
  if (created) await emitWebhookEvent(manager, WebhookEventType.ENROLLMENT_CREATED, enrollmentEventData(enrollment));
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

/** What an enrollment's student paid, as Money; null for an old record without an amount. */
export function amountPaidOf(enrollment: Pick<Enrollment, 'amountPaidMinor' | 'amountPaidCurrency'>): Money | null {
  return enrollment.amountPaidMinor === null || enrollment.amountPaidCurrency === null
    ? null
    : { amount: enrollment.amountPaidMinor, currency: enrollment.amountPaidCurrency };
}

/** An enrollment as webhook events tell it: ids, the course's name, the student's email, the amount and its currency. */
export const enrollmentEventData = (enrollment: Enrollment) => ({
  enrollmentId: enrollment.id,
  courseId: enrollment.courseId,
  courseName: enrollment.courseName,
  studentId: enrollment.studentId,
  email: enrollment.email,
  paymentId: enrollment.paymentId,
  /** In major units of `currency`. */
  amount: enrollment.transactionAmount,
  currency: enrollment.amountPaidCurrency,
  amountPaid: amountPaidOf(enrollment),
  createdAt: enrollment.createdAt.toISOString(),
  refundedAt: enrollment.revokedAt?.toISOString() ?? null,
});

export const ENROLLMENT_CURSOR_UNKNOWN = CURSOR_UNKNOWN;

export interface EnrollmentListFilter {
  courseId?: string | null;
  /** Only enrollments made at or after this time. */
  from?: Date | null;
  /** The changes feed: enrollments changed at or after this time, in the order of their changes. */
  updatedSince?: Date | null;
  after?: string | null;
  offset?: number;
  limit?: number;
}

/**
 * Every enrollment, paid, free and imported, refunded ones too (with refundedAt), for admins and
 * API keys with enrollments:read. Two orders:
 * - by default oldest first, so a server that keeps reading with `after` (the last endCursor) gets
 *   each new enrollment once, at the end;
 * - with `updatedSince` (or the endCursor of such a read as `after`), the changes feed: every
 *   enrollment changed at or after the mark, refunds included, in (updatedAt, id) order
 *   (db/change-feed.ts), so a refund comes again after the cursor, as a change.
 * `total` counts everything the filter matches, whatever the cursor.
 */
export async function listEnrollments(db: DataSource, caller: Caller, filter: EnrollmentListFilter): Promise<Page<Enrollment>> {
  requireAdminOrScope(caller, ApiScope.ENROLLMENTS_READ, 'Only admins can list every enrollment');
  const page = parsePage(filter.offset, filter.limit, 20);
  if (filter.courseId && !isUuid(filter.courseId)) throw notFound('Course not found', 'COURSE_NOT_FOUND');
  const after = filter.after ? parseCursor(filter.after) : null;
  const changes = Boolean(filter.updatedSince) || after?.kind === 'change';
  if (after && (after.kind === 'change') !== changes) throw badInput(CURSOR_UNKNOWN, { field: 'after' });
  if (after?.kind === 'id' && !(await db.getRepository(Enrollment).existsBy({ id: after.id }))) throw badInput(CURSOR_UNKNOWN, { field: 'after' });
  const reader = entityReader(db, Enrollment);
  /** The statement's conditions, the cursor's only with `withCursor`. */
  const where = (parameters: SqlParameters, withCursor: boolean) => {
    const conditions = changes
      ? changeConditions('e', parameters, { since: filter.updatedSince, after: after?.kind === 'change' ? after : null }, withCursor)
      : [];
    if (filter.courseId) conditions.push(`e."courseId" = ${parameters.add(filter.courseId)}`);
    if (filter.from) conditions.push(`e."createdAt" >= ${parameters.add(filter.from)}`);
    if (withCursor && after?.kind === 'id') {
      conditions.push(`(e."createdAt", e."id") > (SELECT c."createdAt", c."id" FROM "enrollment" c WHERE c."id" = ${parameters.add(after.id)})`);
    }
    return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  };
  return fetchCursorPage(
    page,
    (limit) => {
      const parameters = new SqlParameters();
      const position = changes ? `, ${changePosition('e')} AS "changeAt"` : '';
      const order = changes ? changeOrder('e') : 'e."createdAt" ASC, e."id" ASC';
      return reader.many(
        `SELECT ${reader.selectList}${position} FROM "enrollment" e ${where(parameters, true)}
         ORDER BY ${order} LIMIT ${parameters.add(limit)} OFFSET ${parameters.add(page.offset)}`,
        parameters.values,
        db,
        ['changeAt'],
      );
    },
    async () => {
      const parameters = new SqlParameters();
      return (await db.query<Array<{ count: number }>>(`SELECT count(*)::int AS "count" FROM "enrollment" e ${where(parameters, false)}`, parameters.values))[0]
        .count;
    },
    (enrollment) => (changes ? toChangeCursor((enrollment as Enrollment & { changeAt: string }).changeAt, enrollment.id) : toCursor(enrollment.id)),
  );
}

export const ENROLL_COURSE_NOT_FOUND = 'Course not found';
export const ENROLL_NOT_A_STUDENT = 'Only student accounts can be enrolled';

/**
 * A partner's server enrolls a student it was paid by (API keys with enrollments:write): the
 * account with that email, or a new student account without a password (its owner signs in after
 * "Forgot password"). No payment is recorded. Enrolling twice answers the same enrollment. Audited.
 */
export async function enrollStudent(
  db: DataSource,
  key: ApiKeyCaller,
  input: { courseId: string; email: string; name?: string | null },
  address: string,
): Promise<{ enrollment: Enrollment; created: boolean }> {
  requireScope(key, ApiScope.ENROLLMENTS_WRITE);
  const emailProblem = checkEmail(input.email);
  if (emailProblem) throw badInput(emailProblem, { field: 'email' });
  const email = normalizeEmail(input.email);
  const name = (input.name ?? '').trim() || email.split('@')[0];
  if (name.length > 100) throw textTooLong('Name must be at most 100 characters', 'name', 100);
  if (!isUuid(input.courseId)) throw notFound(ENROLL_COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
  return db.transaction(async (manager) => {
    const course = await manager
      .getRepository(CourseEntity)
      .createQueryBuilder('course')
      .where(visibleCourse())
      .andWhere('course.id = :id', { id: input.courseId })
      .getOne();
    if (!course) throw notFound(ENROLL_COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
    const users = manager.getRepository(User);
    let student = await users.findOneBy({ email });
    if (student && (student.deletedAt || student.role !== Role.STUDENT)) throw badInput(ENROLL_NOT_A_STUDENT, { field: 'email' });
    if (!student) {
      await users.createQueryBuilder().insert().values({ name, email, passwordHash: null, role: Role.STUDENT }).orIgnore().execute();
      student = await users.findOneByOrFail({ email });
    }
    const granted = await grantEnrollment(manager, student, course, null);
    if (granted.created) {
      await recordAudit(manager, {
        viewer: apiKeyActor(key),
        address,
        action: AuditAction.ENROLL_STUDENT,
        targetType: AuditTarget.ENROLLMENT,
        targetId: granted.enrollment.id,
        detail: { course: course.name, email },
      });
    }
    return granted;
  });
}
