import type { DataSource } from 'typeorm';
import { revenueTotals, type MoneyAmount } from '../payment/revenue';
import { fromMinorUnits, type Money } from '../../shared/money';
import { fetchPage, parsePage, type Page } from '../../shared/paging';
import { escapeLike, filterText } from '../../shared/text-rules';
import type { Viewer } from '../../kernel/viewer';
import { requireRole, roles } from '../auth/guards';

export interface InstructorOverview {
  /** Dollars only (kept for integrators); `revenue` has every currency. */
  totalRevenue: number;
  revenue: MoneyAmount[];
  /** Received less refunds, one Money per currency. */
  revenueTotals: Money[];
  averageRating: number | null;
  totalCourses: number;
  totalStudents: number;
}

export interface InstructorStudentRow {
  enrollmentId: string;
  name: string;
  email: string;
  phone: string | null;
  courseName: string;
  enrolledAt: Date;
}

/** Revenue, rating, courses and students of the instructor's own courses, from the payments and enrollments. */
export async function instructorOverview(db: DataSource, viewer: Viewer): Promise<InstructorOverview> {
  requireRole(viewer, roles.staff);
  const [row] = await db.query<Array<{ average_rating: string | null; courses: number; students: number }>>(
    `SELECT
       (SELECT AVG(r.rating) FROM review r JOIN course c ON c.id = r."courseId"
         WHERE c."instructorId" = $1 AND NOT r.hidden AND r.rating IS NOT NULL) AS average_rating,
       (SELECT COUNT(*)::int FROM course c WHERE c."instructorId" = $1) AS courses,
       (SELECT COUNT(DISTINCT e."studentId")::int FROM enrollment e JOIN course c ON c.id = e."courseId"
         WHERE c."instructorId" = $1 AND e."revokedAt" IS NULL) AS students`,
    [viewer.id],
  );
  // A bundle's payment counts only its share for each course (revenueTotals).
  const totals = await revenueTotals(db, 'c."instructorId" = $1', [viewer.id]);
  const revenue = totals.map((total) => ({ currency: total.currency, amount: fromMinorUnits(total.amount) }));
  return {
    totalRevenue: revenue.find((total) => total.currency === 'usd')?.amount ?? 0,
    revenue,
    revenueTotals: totals,
    averageRating: row.average_rating === null ? null : Math.round(Number(row.average_rating) * 10) / 10,
    totalCourses: row.courses,
    totalStudents: row.students,
  };
}

/** The students enrolled in the instructor's courses, with the course, searchable by name, email or course. */
export async function instructorStudents(
  db: DataSource,
  viewer: Viewer,
  search: string | null | undefined,
  paging: { offset?: number; limit?: number },
): Promise<Page<InstructorStudentRow>> {
  requireRole(viewer, roles.staff);
  const page = parsePage(paging.offset, paging.limit, 20);
  const params: unknown[] = [viewer.id];
  let where = `c."instructorId" = $1 AND e."revokedAt" IS NULL`;
  const text = filterText(search);
  if (text) {
    params.push(`%${escapeLike(text)}%`);
    where += ` AND (u.name ILIKE $2 OR u.email ILIKE $2 OR c.name ILIKE $2)`;
  }
  const from = `FROM enrollment e JOIN course c ON c.id = e."courseId" JOIN "user" u ON u.id = e."studentId" WHERE ${where}`;
  return fetchPage(
    page,
    async () =>
      await db.query<InstructorStudentRow[]>(
        `SELECT e.id AS "enrollmentId", u.name, u.email, u.phone, c.name AS "courseName", e."createdAt" AS "enrolledAt" ${from}
         ORDER BY e."createdAt" DESC, e.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, page.limit, page.offset],
      ),
    async () => (await db.query<Array<{ n: number }>>(`SELECT COUNT(*)::int AS n ${from}`, params))[0].n,
  );
}
