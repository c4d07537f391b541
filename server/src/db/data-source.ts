import 'reflect-metadata';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { migrationsGlob } from '../config/paths';
import { entities } from './entities';
import { CountingOrmLogger } from './query-counter';

/** The one DataSource definition used by the server, the migration tools and the tests. */
export function createDataSource(url: string, log: Pick<Logger, 'warn' | 'error'>, poolSize = 10): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations: [migrationsGlob],
    migrationsTableName: 'migrations',
    synchronize: false,
    uuidExtension: 'pgcrypto',
    logging: ['query', 'error', 'warn'],
    logger: new CountingOrmLogger(log),
    maxQueryExecutionTime: 500,
    // Fail fast when the database is down, so visitors get a clear 503 instead of a hang.
    extra: { max: poolSize, connectionTimeoutMillis: 2000 },
  });
}
