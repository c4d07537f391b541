import pg from 'pg';

async function dropTemplate() {
  // Another server (DATABASE_URL): the run's template database goes, the server stays.
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (!template || !process.env.TEST_POSTGRES_URL) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
  await admin.connect();
  try {
    for (const name of [template, `${template}_building`]) {
      await admin.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE false`).catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

export default async function globalTeardown() {
  const postgres = globalThis.__SHIKHON_TEST_POSTGRES__;
  if (postgres) await postgres.stop();
  else await dropTemplate();
}
