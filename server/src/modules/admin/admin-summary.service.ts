import type { DataSource } from 'typeorm';
import { fromMinorUnits, money, type Money } from '../../shared/money';
import type { Viewer } from '../../kernel/viewer';
import { PaymentStatus } from '../payment/payment.entity';
import { revenueTotals, type MoneyAmount } from '../payment/revenue';
import { requireRole, roles } from '../auth/guards';
import type { Role } from '../../kernel/role';
import { visibleCourse } from '../course/course-visibility';
import { codeCounts } from '../phone/sms-budget';

export interface AdminSummary {
  students: number;
  instructors: number;
  admins: number;
  courses: number;
  publishedCourses: number;
  enrollments: number;
  /** Dollars only (kept for integrators); `revenueByCurrency` has every currency. */
  revenue: number;
  revenueByCurrency: MoneyAmount[];
  /** Received less refunds, one Money per currency. */
  revenueTotals: Money[];
  recentSignUps: Array<{ id: string; name: string; email: string | null; phone: string | null; role: Role; createdAt: Date }>;
  recentPurchases: Array<{ id: string; studentName: string; courseName: string; amount: number; amountPaid: Money; currency: string; createdAt: Date }>;
  /** Mail not delivered yet after a failed attempt. */
  undeliveredMail: number;
  /** Sign-in codes by SMS sent, used, refused and held (waited for the daily budget). */
  signInCodes: Awaited<ReturnType<typeof codeCounts>>;
}

/** Live totals for the admin dashboard. */
export async function adminSummary(db: DataSource, viewer: Viewer): Promise<AdminSummary> {
  requireRole(viewer, roles.admin);
  const [totals] = await db.query<
    Array<
      Omit<AdminSummary, 'revenue' | 'revenueByCurrency' | 'revenueTotals' | 'recentSignUps' | 'recentPurchases' | 'signInCodes'> & { revenue_cents: number }
    >
  >(
    `SELECT
       (SELECT COUNT(*)::int FROM "user" WHERE role = 'STUDENT' AND "deletedAt" IS NULL) AS students,
       (SELECT COUNT(*)::int FROM "user" WHERE role = 'INSTRUCTOR' AND "deletedAt" IS NULL) AS instructors,
       (SELECT COUNT(*)::int FROM "user" WHERE role = 'ADMIN' AND "deletedAt" IS NULL) AS admins,
       (SELECT COUNT(*)::int FROM course) AS courses,
       (SELECT COUNT(*)::int FROM course WHERE ${visibleCourse()}) AS "publishedCourses",
       (SELECT COUNT(*)::int FROM enrollment WHERE "revokedAt" IS NULL) AS enrollments,
       (SELECT COUNT(*)::int FROM outbox_message WHERE "sentAt" IS NULL AND "failedAttempts" > 0) AS "undeliveredMail",
       (SELECT COALESCE(SUM("amountCents" - "refundedCents"), 0)::int FROM payment WHERE status IN ($1, $2) AND currency = 'usd') AS revenue_cents`,
    [PaymentStatus.SUCCEEDED, PaymentStatus.REFUNDED],
  );
  const recentSignUps = await db.query<AdminSummary['recentSignUps']>(
    `SELECT id, name, email, phone, role, "createdAt" FROM "user" WHERE "deletedAt" IS NULL ORDER BY "createdAt" DESC, id LIMIT 5`,
  );
  const recentPurchases = (
    await db.query<Array<{ id: string; studentName: string; courseName: string; amountMinor: number; currency: string; createdAt: Date }>>(
      `SELECT p.id, u.name AS "studentName", COALESCE(p.bundle->>'name', c.name) AS "courseName", p."amountCents" AS "amountMinor", p.currency, p."createdAt"
       FROM payment p JOIN "user" u ON u.id = p."studentId" JOIN course c ON c.id = p."courseId"
       WHERE p.status = $1 ORDER BY p."createdAt" DESC, p.id LIMIT 5`,
      [PaymentStatus.SUCCEEDED],
    )
  ).map(({ amountMinor, ...row }) => ({ ...row, amount: fromMinorUnits(amountMinor), amountPaid: money(amountMinor, row.currency) }));
  const { revenue_cents, ...counts } = totals;
  const received = await revenueTotals(db, 'true', []);
  const revenueByCurrency = received.map((total) => ({ currency: total.currency, amount: fromMinorUnits(total.amount) }));
  const signInCodes = await codeCounts(db);
  return { ...counts, revenue: fromMinorUnits(revenue_cents), revenueByCurrency, revenueTotals: received, recentSignUps, recentPurchases, signInCodes };
}
