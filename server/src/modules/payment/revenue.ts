import { fromMinorUnits, money, type Money } from '../../shared/money';
import type { DataSource } from 'typeorm';
import { PaymentStatus } from './payment.entity';

/** Money in one currency, in whole units (dollars, taka). Totals are never summed across currencies. */
export interface MoneyAmount {
  currency: string;
  amount: number;
}

/**
 * Money received less refunds, one total per currency, over the payments `where` picks (payment p,
 * its course c). A bundle's payment counts once per course it bought, each with the share settlement
 * recorded for it (the bundle's price split over its courses by their list prices, see
 * bundle/bundle-price.ts), and a refund is taken off each share in the same proportion: so each
 * instructor's revenue has only their courses' part of a bundle.
 */
export async function revenueTotals(db: DataSource, where: string, params: unknown[]): Promise<Money[]> {
  const rows = await db.query<Array<{ currency: string; minor: string }>>(
    `SELECT p.currency, ROUND(SUM(line.part - p."refundedCents"::numeric * line.part / GREATEST(p."amountCents", 1)))::bigint AS minor
     FROM payment p
     CROSS JOIN LATERAL (
       SELECT p."courseId" AS "courseId", p."amountCents"::numeric AS part WHERE p.bundle IS NULL
       UNION ALL
       SELECT (l->>'courseId')::uuid, (l->>'amountCents')::numeric FROM jsonb_array_elements(p.bundle->'courses') l WHERE p.bundle IS NOT NULL
     ) line
     JOIN course c ON c.id = line."courseId"
     WHERE p.status IN ('${PaymentStatus.SUCCEEDED}', '${PaymentStatus.REFUNDED}') AND (${where})
     GROUP BY p.currency ORDER BY p.currency DESC`,
    params,
  );
  return rows.map((row) => money(Number(row.minor), row.currency));
}

/** revenueTotals in whole units (dollars, taka), for the older fields that answer them so. */
export async function revenueByCurrency(db: DataSource, where: string, params: unknown[]): Promise<MoneyAmount[]> {
  return (await revenueTotals(db, where, params)).map((total) => ({ currency: total.currency, amount: fromMinorUnits(total.amount) }));
}
