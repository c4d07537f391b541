import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource, type DataSourceExtra } from '../db/data-source';
import { createLogger } from '../logger';

export const testLog = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');

function serverUrl(): URL {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) throw new Error('TEST_POSTGRES_URL is not set: run the tests through jest (its global setup starts PostgreSQL)');
  return new URL(url);
}

function databaseUrl(name: string): string {
  const url = serverUrl();
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The run's migrated, empty database that each test file's database is copied from (named by
 * jest.global-setup.mjs, dropped by its teardown). The first test file that needs it migrates it,
 * holding an advisory lock meanwhile, so the migrations run once per run rather than once per file.
 */
async function ensureTemplate(admin: Client, template: string): Promise<void> {
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (rowCount) return;
    // Built under another name and renamed when complete: a half-migrated template is never copied.
    const building = `${template}_building`;
    await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${building}"`);
    const db = createDataSource(databaseUrl(building), testLog, 1);
    await db.initialize();
    try {
      await db.runMigrations();
    } finally {
      await db.destroy();
    }
    // A database being copied must have no connections; nobody connects to the template from now on.
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
    await admin.query(`ALTER DATABASE "${template}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
  }
}

/** A database of this test file's own, so test files can run in parallel; migrated and empty. */
export async function openTestDatabase(extra: DataSourceExtra = {}): Promise<DataSource> {
  const name = `test_${process.env.JEST_WORKER_ID ?? '0'}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const template = process.env.TEST_TEMPLATE_DATABASE;
  const client = new Client({ connectionString: serverUrl().toString() });
  await client.connect();
  try {
    if (template) {
      await ensureTemplate(client, template);
      await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    } else {
      await client.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await client.end();
  }
  const db = createDataSource(databaseUrl(name), testLog, 5, extra);
  await db.initialize();
  // Nothing to do on a copy of the template (but `extra`'s); without one, every migration.
  await db.runMigrations();
  return db;
}

/** Empties every table, so each test starts from nothing. */
export async function resetDatabase(db: DataSource): Promise<void> {
  const tables = db.entityMetadatas.map((meta) => `"${meta.tableName}"`).join(', ');
  await db.query(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`);
}

export async function closeTestDatabase(db: DataSource): Promise<void> {
  const name = db.driver.database;
  await db.destroy();
  const client = new Client({ connectionString: serverUrl().toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
