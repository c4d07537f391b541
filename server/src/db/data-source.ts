import 'reflect-metadata';
import { DataSource, type MigrationInterface } from 'typeorm';
import type { Logger } from 'pino';
import { migrationsGlob } from '../config/paths';
import { entities, entitiesOf } from './entities';
import type { ProductModule } from '../kernel/product-module';

/** A data source of other modules than the product's (a test adding one), with their migrations. */
export interface DataSourceExtra {
  modules?: readonly ProductModule[];
  migrations?: Array<new () => MigrationInterface>;
}
import { CountingOrmLogger } from './query-counter';

/** The one DataSource definition used by the server, the migration tools and the tests. */
export function createDataSource(url: string, log: Pick<Logger, 'warn' | 'error'>, poolSize = 10, extra: DataSourceExtra = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: extra.modules ? entitiesOf(extra.modules) : entities,
    migrations: [migrationsGlob, ...(extra.migrations ?? [])],
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
