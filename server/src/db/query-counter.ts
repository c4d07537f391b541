import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger as OrmLogger } from 'typeorm';
import type { Logger } from 'pino';

export interface Tally {
  statements: number;
  /** The statements that changed data, kept from when a reader asks for them (`graphql/reads-only-read.ts`). */
  writes?: string[];
}

/** A statement that changes data (a transaction's own BEGIN and COMMIT do not). */
const WRITE = /^\s*(?:WITH\b[\s\S]*?\)\s*)?(?:INSERT\s+INTO|UPDATE\s|DELETE\s+FROM|TRUNCATE|MERGE\s+INTO)/i;

const tallies = new AsyncLocalStorage<Tally>();

/** Counts the SQL statements run inside `fn` (used per request and by the tests). */
export async function countStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const tally: Tally = { statements: 0 };
  const result = await tallies.run(tally, fn);
  return { result, statements: tally.statements };
}

/** The tally of the work in hand (a request, a test's count), if any. */
export const currentTally = (): Tally | undefined => tallies.getStore();

/** Runs `fn` with statements counted into `tally`, including those of work it starts. */
export function countInto<T>(tally: Tally, fn: () => T): T {
  return tallies.run(tally, fn);
}

/** Runs `fn` outside any tally: background work that a request only sets off is not that request's. */
export function uncounted<T>(fn: () => T): T {
  return tallies.exit(fn);
}

/** TypeORM logger: counts statements for the current request, logs failures and slow queries. */
export class CountingOrmLogger implements OrmLogger {
  constructor(private readonly sink: Pick<Logger, 'warn' | 'error'>) {}

  logQuery(query: string): void {
    const tally = tallies.getStore();
    if (!tally) return;
    tally.statements += 1;
    if (tally.writes && WRITE.test(query)) tally.writes.push(query);
  }

  logQueryError(error: string | Error, query: string): void {
    this.sink.error({ err: error, query }, 'query failed');
  }

  logQuerySlow(time: number, query: string): void {
    this.sink.warn({ ms: time, query }, 'slow query');
  }

  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}
