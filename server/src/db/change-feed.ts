import type { SqlParameters } from './sql-parameters';

/**
 * Reading a table as a feed of changes (`updatedSince` and `after` in the API): the rows whose
 * `updatedAt` is at or after a mark, in (updatedAt, id) order, from a cursor over those two
 * columns. The table keeps `updatedAt` with a trigger (set to `now()`, the start of the writing
 * transaction) and has an index on ("updatedAt", "id").
 *
 * A transaction still running when the feed is read may commit later a row whose `updatedAt` (its
 * start) is before rows already read; a reader whose cursor went past it would never see it. So
 * the feed reads only rows changed before the oldest transaction still open in the database: the
 * rows after that moment come on a later read, once it has ended, and nothing is ever behind a
 * cursor that was not there when the cursor was given.
 */
export interface ChangeWindow {
  /** Only rows changed at or after this time. */
  since?: Date | null;
  /** Only rows after this position (a change cursor's content). */
  after?: { updatedAtMicros: string; id: string } | null;
}

/** A row's position in the feed, as text: its updatedAt in microseconds since 1970 (JavaScript dates keep only milliseconds). */
export const changePosition = (alias: string) => `(extract(epoch FROM ${alias}."updatedAt") * 1000000)::bigint::text`;

/** The moment before which every change is committed or never will be: the start of the oldest other transaction still open. */
const SETTLED = `(SELECT coalesce(min(a.xact_start), 'infinity') FROM pg_stat_activity a
    WHERE a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.xact_start IS NOT NULL)`;

/**
 * The SQL conditions of a feed read on `alias`, their values added to `parameters`: settled
 * changes at or after `since`, and (with `withCursor`) after the cursor. `total` counts without
 * the cursor, so it means the same on every page.
 */
export function changeConditions(alias: string, parameters: SqlParameters, window: ChangeWindow, withCursor = true): string[] {
  const conditions = [`${alias}."updatedAt" < ${SETTLED}`];
  if (window.since) conditions.push(`${alias}."updatedAt" >= ${parameters.add(window.since)}`);
  if (withCursor && window.after) {
    const at = parameters.add(window.after.updatedAtMicros);
    const id = parameters.add(window.after.id);
    conditions.push(`(${alias}."updatedAt", ${alias}."id") > (to_timestamp(0) + ${at}::bigint * interval '1 microsecond', ${id}::uuid)`);
  }
  return conditions;
}

/** The order of a feed. */
export const changeOrder = (alias: string) => `${alias}."updatedAt" ASC, ${alias}."id" ASC`;
