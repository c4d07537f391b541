import type { Pool } from 'pg';
import { QueryFailedError, type DataSource } from 'typeorm';

/**
 * Runs one read statement (or one write that is a transaction of its own, as exam night's saved
 * answers are) on the data source's own connection pool, without a TypeORM query runner (made,
 * connected, broadcast to and released for every statement: more CPU than a catalogue read itself).
 * It stays TypeORM's in what shows: the statement is counted for the request and logged
 * by the data source's logger when slow or failed, and a failure is TypeORM's QueryFailedError.
 */
export async function readDirect<T>(db: DataSource, sql: string, parameters: unknown[] = []): Promise<T[]> {
  const pool = db.isInitialized ? (db.driver as unknown as { master?: Pool }).master : undefined;
  if (!pool) return db.query<T[]>(sql, parameters);
  db.logger.logQuery(sql, parameters);
  const started = Date.now();
  try {
    const { rows } = await pool.query(sql, parameters);
    const elapsed = Date.now() - started;
    const slowAfter = db.options.maxQueryExecutionTime;
    if (slowAfter && elapsed > slowAfter) db.logger.logQuerySlow(elapsed, sql, parameters);
    return rows as T[];
  } catch (error) {
    db.logger.logQueryError(error as Error, sql, parameters);
    throw new QueryFailedError(sql, parameters, error as Error);
  }
}
