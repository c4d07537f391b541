import { fromMinorUnits, toMinorUnits } from '../../shared/money';
import type { DataSource } from 'typeorm';
import type { Viewer } from '../../kernel/viewer';
import { parsePeriod, periodSql, type Period, type SeriesInterval } from '../../shared/period';
import { requireRole, roles } from '../auth/guards';
import { PaymentStatus } from './payment.entity';

/** The ways to pay a chart tells apart. */
export enum PaymentMethodKind {
  BKASH = 'BKASH',
  NAGAD = 'NAGAD',
  ROCKET = 'ROCKET',
  CARD = 'CARD',
  OTHER = 'OTHER',
}
const KINDS = Object.values(PaymentMethodKind);

/** The kind of a stored `payment.method` (bKash, Nagad, Rocket, a card brand...); no method recorded (an attempt that failed before the buyer chose) is OTHER. */
const KIND_SQL = `CASE WHEN p.method IS NULL THEN 'OTHER' WHEN lower(p.method) = 'bkash' THEN 'BKASH' WHEN lower(p.method) = 'nagad' THEN 'NAGAD'
  WHEN lower(p.method) = 'rocket' THEN 'ROCKET' WHEN lower(p.method) IN ('upay', 'tap', 'ok wallet') THEN 'OTHER' ELSE 'CARD' END`;

export interface PaymentFigures {
  /** Payments that went through (refunded ones later included). */
  succeeded: number;
  failed: number;
  /** failed / (succeeded + failed), from 0 to 1; null when there was neither. */
  failedShare: number | null;
  /** Taka received less refunds, in taka (the database keeps poisha); dollar payments are counted, not summed. */
  receivedTaka: number;
}

export interface PaymentSeriesPoint extends PaymentFigures {
  start: string;
  methods: Array<PaymentFigures & { method: PaymentMethodKind }>;
}

export interface PaymentSeries extends Period, PaymentFigures {
  points: PaymentSeriesPoint[];
}

const shareOf = (succeeded: number, failed: number) => (succeeded + failed === 0 ? null : failed / (succeeded + failed));

function figures(rows: Array<{ succeeded: number; failed: number; poisha: number }>): PaymentFigures {
  const succeeded = rows.reduce((sum, row) => sum + row.succeeded, 0);
  const failed = rows.reduce((sum, row) => sum + row.failed, 0);
  return { succeeded, failed, failedShare: shareOf(succeeded, failed), receivedTaka: fromMinorUnits(rows.reduce((sum, row) => sum + row.poisha, 0)) };
}

/**
 * Every payment finished in a period (succeeded, refunded later, or failed; those still under way
 * or held for a check are left out), per day or week in Asia/Dhaka and per way to pay, with the
 * share that failed; for admins.
 */
export async function paymentSeries(db: DataSource, viewer: Viewer, args: { from: string; to: string; interval: SeriesInterval }): Promise<PaymentSeries> {
  requireRole(viewer, roles.admin);
  const period = parsePeriod(args.from, args.to, args.interval);
  const sql = periodSql(1);
  const rows = await db.query<Array<{ start: string; method: PaymentMethodKind; succeeded: number; failed: number; poisha: string }>>(
    `WITH buckets AS (${sql.buckets}),
     figures AS (
       SELECT ${sql.bucketOf('p."createdAt"')} AS "start", ${KIND_SQL} AS method,
              COUNT(*) FILTER (WHERE p.status IN ($4, $5))::int AS succeeded,
              COUNT(*) FILTER (WHERE p.status = $6)::int AS failed,
              COALESCE(SUM(p."amountCents" - p."refundedCents") FILTER (WHERE p.status IN ($4, $5) AND p.currency = 'bdt'), 0)::bigint AS poisha
         FROM payment p
        WHERE p.status IN ($4, $5, $6) AND ${sql.within('p."createdAt"')}
        GROUP BY 1, 2)
     SELECT to_char(b."start", 'YYYY-MM-DD') AS "start", m.method, COALESCE(f.succeeded, 0) AS succeeded, COALESCE(f.failed, 0) AS failed,
            COALESCE(f.poisha, 0)::text AS poisha
       FROM buckets b CROSS JOIN unnest($7::text[]) WITH ORDINALITY AS m(method, position)
       LEFT JOIN figures f ON f."start" = b."start" AND f.method = m.method
      ORDER BY b."start", m.position`,
    [...sql.params(period), PaymentStatus.SUCCEEDED, PaymentStatus.REFUNDED, PaymentStatus.FAILED, KINDS],
  );
  const points: PaymentSeriesPoint[] = [];
  for (let index = 0; index < rows.length; index += KINDS.length) {
    const methods = rows.slice(index, index + KINDS.length).map((row) => ({ ...row, poisha: Number(row.poisha) }));
    points.push({
      start: methods[0].start,
      ...figures(methods),
      methods: methods.map((row) => ({ method: row.method, ...figures([row]) })),
    });
  }
  const all = points.map((point) => ({ succeeded: point.succeeded, failed: point.failed, poisha: toMinorUnits(point.receivedTaka) }));
  return { ...period, ...figures(all), points };
}
