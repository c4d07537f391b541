import type { DataSource } from 'typeorm';
import { PaymentStatus } from './payment.entity';

/** Money in one currency, in whole units (dollars, taka). Totals are never summed across currencies. */
export interface MoneyAmount {
  currency: string;
  amount: number;
}

/** Money received less refunds, one total per currency, over the payments `where` picks (payment p, its course c). */
export async function revenueByCurrency(db: DataSource, where: string, params: unknown[]): Promise<MoneyAmount[]> {
  const rows = await db.query<Array<{ currency: string; minor: string }>>(
    `SELECT p.currency, SUM(p."amountCents" - p."refundedCents")::bigint AS minor
     FROM payment p JOIN course c ON c.id = p."courseId"
     WHERE p.status IN ('${PaymentStatus.SUCCEEDED}', '${PaymentStatus.REFUNDED}') AND (${where})
     GROUP BY p.currency ORDER BY p.currency DESC`,
    params,
  );
  return rows.map((row) => ({ currency: row.currency, amount: Number(row.minor) / 100 }));
}
