import { fromMinorUnits, money, type Money } from '../../shared/money';
import type { DataSource } from 'typeorm';
import type { Viewer } from '../../kernel/viewer';
import { parsePeriod, periodSql, type Period, type SeriesInterval } from '../../shared/period';
import { requireRole, roles } from '../auth/guards';
import { PaymentStatus } from '../payment/payment.entity';

export interface InstructorRevenuePoint {
  /** The bucket's first day, YYYY-MM-DD in Asia/Dhaka (a Monday for weeks). */
  start: string;
  /** Taka received less refunds. */
  revenue: Money;
  /** The same in taka, for the older field. */
  revenueTaka: number;
  /** Enrollments made in the bucket and in force now, free ones included. */
  enrollments: number;
}

export interface InstructorRevenueSeries extends Period {
  points: InstructorRevenuePoint[];
  totalRevenue: Money;
  totalRevenueTaka: number;
  totalEnrollments: number;
}

/**
 * The signed-in instructor's taka revenue (received less refunds) and new enrollments for each day
 * or week of a period, over their own courses only, grouped by the day in Asia/Dhaka; every bucket
 * is there, empty ones with zeros.
 */
export async function instructorRevenueSeries(
  db: DataSource,
  viewer: Viewer,
  args: { from: string; to: string; interval: SeriesInterval },
): Promise<InstructorRevenueSeries> {
  requireRole(viewer, roles.staff);
  const period = parsePeriod(args.from, args.to, args.interval);
  const sql = periodSql(1);
  const rows = await db.query<Array<{ start: string; poisha: string; enrollments: number }>>(
    `WITH buckets AS (${sql.buckets}),
     revenue AS (
       SELECT ${sql.bucketOf('p."createdAt"')} AS "start", SUM(p."amountCents" - p."refundedCents")::bigint AS poisha
         FROM payment p JOIN course c ON c.id = p."courseId"
        WHERE c."instructorId" = $4 AND p.currency = 'bdt' AND p.status IN ($5, $6) AND ${sql.within('p."createdAt"')}
        GROUP BY 1),
     joined AS (
       SELECT ${sql.bucketOf('e."createdAt"')} AS "start", COUNT(*)::int AS enrollments
         FROM enrollment e JOIN course c ON c.id = e."courseId"
        WHERE c."instructorId" = $4 AND e."revokedAt" IS NULL AND ${sql.within('e."createdAt"')}
        GROUP BY 1)
     SELECT to_char(b."start", 'YYYY-MM-DD') AS "start", COALESCE(r.poisha, 0)::text AS poisha, COALESCE(j.enrollments, 0) AS enrollments
       FROM buckets b LEFT JOIN revenue r ON r."start" = b."start" LEFT JOIN joined j ON j."start" = b."start"
      ORDER BY b."start"`,
    [...sql.params(period), viewer.id, PaymentStatus.SUCCEEDED, PaymentStatus.REFUNDED],
  );
  const points = rows.map((row) => ({
    start: row.start,
    revenue: money(Number(row.poisha), 'bdt'),
    revenueTaka: fromMinorUnits(Number(row.poisha)),
    enrollments: row.enrollments,
  }));
  const totalPoisha = points.reduce((sum, point) => sum + point.revenue.amount, 0);
  return {
    ...period,
    points,
    totalRevenue: money(totalPoisha, 'bdt'),
    totalRevenueTaka: fromMinorUnits(totalPoisha),
    totalEnrollments: points.reduce((sum, point) => sum + point.enrollments, 0),
  };
}
