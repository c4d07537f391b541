import type { DataSource } from 'typeorm';
import type { Env } from '../config/env';
import type { AppLogger } from '../logger';
import { createDataSource } from './data-source';
import { startEmbeddedPostgres, type DatabaseState, type EmbeddedDatabase } from './embedded';

export interface Database {
  dataSource: DataSource;
  /** The embedded cluster's state; a DATABASE_URL server is looked after by whoever runs it. */
  state: () => DatabaseState;
  close(): Promise<void>;
}

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR, then applies migrations. */
export async function openDatabase(env: Env, log: AppLogger): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let url = env.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(env.dataDir, 'shikhon', log);
    url = embedded.url;
  }
  const dataSource = createDataSource(url, log);
  try {
    await dataSource.initialize();
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0) log.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
    throw error;
  }
  return {
    dataSource,
    state: () => embedded?.state() ?? 'up',
    async close() {
      if (dataSource.isInitialized) await dataSource.destroy();
      await embedded?.stop();
    },
  };
}
