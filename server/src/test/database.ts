import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../db/data-source';
import { createLogger } from '../logger';

export const testLog = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');

function serverUrl(): URL {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) throw new Error('TEST_POSTGRES_URL is not set: run the tests through jest (its global setup starts PostgreSQL)');
  return new URL(url);
}

/** A database of this test file's own, so test files can run in parallel; migrated and empty. */
export async function openTestDatabase(): Promise<DataSource> {
  const admin = serverUrl();
  const name = `test_${process.env.JEST_WORKER_ID ?? '0'}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  const db = createDataSource(url.toString(), testLog, 5);
  await db.initialize();
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
