import fs from 'node:fs';
import path from 'node:path';
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
  // A run shorter than the compile (a single test file) does not wait for it.
  await globalThis.__SHIKHON_TEST_COMPILE__?.stop();
  const build = process.env.TEST_SERVER_BUILD;
  if (build) {
    for (const dir of [build, `${build}.partial`, `${build}.failed`]) fs.rmSync(dir, { recursive: true, force: true });
    // The folder of the runs' builds, once no other run is using it.
    try {
      fs.rmdirSync(path.dirname(build));
    } catch {
      // Another run's build is still there.
    }
  }
  const postgres = globalThis.__SHIKHON_TEST_POSTGRES__;
  if (postgres) await postgres.stop();
  else await dropTemplate();
}
