import { AppError } from './errors';

/** The longest period a chart may ask for, in days (a leap year). */
export const MAX_PERIOD_DAYS = 366;

/** How a chart's figures are grouped: by day, or by week (weeks start on Monday); days in Asia/Dhaka. */
export enum SeriesInterval {
  DAY = 'DAY',
  WEEK = 'WEEK',
}

/** A period of whole days in Asia/Dhaka, `from` and `to` included, checked. */
export interface Period {
  from: string;
  to: string;
  interval: SeriesInterval;
}

/** YYYY-MM-DD from the year 2000 (PostgreSQL has no year 0, and the site sold nothing before). */
const DATE = /^[2-9]\d{3}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A calendar date written YYYY-MM-DD from the year 2000 that exists (no 30 February), as milliseconds since 1970 at its UTC midnight; null otherwise. */
function dayOf(text: string): number | null {
  if (!DATE.test(text)) return null;
  const time = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== text ? null : time;
}

/** `from` to `to` (days in Asia/Dhaka, both included), refused with a clear error when either is no date, they are reversed, or the period is longer than 366 days. */
export function parsePeriod(from: string, to: string, interval: SeriesInterval): Period {
  const start = dayOf(from);
  if (start === null) throw new AppError('PERIOD_INVALID', 'The start of the period must be a date written YYYY-MM-DD', { field: 'from' });
  const end = dayOf(to);
  if (end === null) throw new AppError('PERIOD_INVALID', 'The end of the period must be a date written YYYY-MM-DD', { field: 'to' });
  if (start > end) throw new AppError('PERIOD_INVALID', 'The period must start on or before its end', { field: 'from' });
  const days = (end - start) / DAY_MS + 1;
  if (days > MAX_PERIOD_DAYS)
    throw new AppError('PERIOD_TOO_LONG', `The period may be at most ${MAX_PERIOD_DAYS} days long`, { field: 'to', max: MAX_PERIOD_DAYS });
  return { from, to, interval };
}

/**
 * SQL for a period's buckets in Asia/Dhaka: `buckets` lists every bucket's first day (a Monday for
 * weeks, so the first may fall before `from`), `bucketOf(column)` the bucket of a timestamptz column,
 * and `within(column)` keeps the moments inside the period. The parameters are $from, $to and $unit
 * ('day' or 'week'), numbered from `first`.
 */
export function periodSql(first: number) {
  const [from, to, unit] = [`$${first}::date`, `$${first + 1}::date`, `$${first + 2}::text`];
  return {
    params: (period: Period) => [period.from, period.to, period.interval === SeriesInterval.WEEK ? 'week' : 'day'],
    buckets: `SELECT generate_series(date_trunc(${unit}, ${from}::timestamp), ${to}::timestamp, ('1 ' || ${unit})::interval)::date AS "start"`,
    bucketOf: (column: string) => `date_trunc(${unit}, ${column} AT TIME ZONE 'Asia/Dhaka')::date`,
    within: (column: string) =>
      `${column} >= (${from}::timestamp AT TIME ZONE 'Asia/Dhaka') AND ${column} < ((${to} + 1)::timestamp AT TIME ZONE 'Asia/Dhaka')`,
  };
}
