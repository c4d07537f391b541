import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger as OrmLogger } from 'typeorm';
import type { Logger } from 'pino';

export interface Tally {
  statements: number;
}

const tallies = new AsyncLocalStorage<Tally>();

/** Counts the SQL statements run inside `fn` (used per request and by the tests). */
export async function countStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const tally: Tally = { statements: 0 };
  const result = await tallies.run(tally, fn);
  return { result, statements: tally.statements };
}

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

  logQuery(): void {
    const tally = tallies.getStore();
    if (tally) tally.statements += 1;
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
