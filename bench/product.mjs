// Starting the built product and a throwaway PostgreSQL for the measuring scripts (bench, lighthouse).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startTestPostgres } from '../server/test-support/start-postgres.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const tmp = path.join(root, 'bench', 'tmp');
fs.mkdirSync(tmp, { recursive: true });

/**
 * Resolves with the match once the child prints a line matching `pattern` on stdout. It stops
 * reading then: the product logs every request, and holding on to all of it would load the very
 * process that measures it, more with every request.
 */
export function waitForLine(child, pattern) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk) => {
      seen += chunk;
      const match = pattern.exec(seen);
      if (!match) return;
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      resolve(match);
    };
    const onExit = (code) => reject(new Error(`exited with ${code}:\n${seen}`));
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });
}

/**
 * A fresh, empty database: on a throwaway embedded PostgreSQL, or, given `serverUrl`, a database of
 * its own made in that separate server (`shikhon_bench_<time>`) and dropped afterwards; no other
 * database there is touched. Answers its URL, a name for the report and a function that removes it.
 */
export async function startFreshDatabase(serverUrl) {
  if (!serverUrl) {
    const postgres = await startTestPostgres();
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    return { url: postgres.url.replace(/\/postgres$/, '/bench'), label: 'embedded', stop: () => postgres.stop() };
  }
  const name = `shikhon_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const { rows } = await admin.query(
    `SELECT version(), current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit, current_setting('shared_buffers') AS shared_buffers, current_setting('max_connections') AS max_connections`,
  );
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const { version, ...settings } = rows[0];
  return {
    url: url.toString(),
    label: `separate server (${version.split(' on ')[0]}, ${Object.entries(settings)
      .map(([key, value]) => `${key} ${value}`)
      .join(', ')})`,
    async stop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * How the product is configured: `production` as deployed, except that payments and sign-in by
 * mobile number are off and mail goes nowhere (catalogue reads need none of them); `test-payments` for buying: the offline test-mode card
 * provider exists only outside production, so NODE_ENV=test with production's GraphQL settings.
 */
const MODES = {
  production: { NODE_ENV: 'production', PAYMENTS: 'off', SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'https://shikhon.bench.invalid', PHONE_SIGN_IN: 'false' },
  'test-payments': { NODE_ENV: 'test', GRAPHQL_PLAYGROUND: 'false', GRAPHQL_INTROSPECTION: 'false', GRAPHQL_SUGGESTIONS: 'false' },
};

/** The built server (`npm run build` first); its log goes to bench/tmp/{name}.log; `nodeArgs` go to node (the profiler's flags). */
export async function startProduct(databaseUrl, name, env = {}, { mode = 'production', nodeArgs = [] } = {}) {
  const logFile = path.join(tmp, `${name}.log`);
  const child = spawn(process.execPath, [...nodeArgs, 'server/dist/server/src/index.js'], {
    cwd: root,
    env: { PATH: process.env.PATH, ...MODES[mode], JWT_SECRET: BENCH_JWT_SECRET, DATABASE_URL: databaseUrl, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.pipe(fs.createWriteStream(logFile));
  // The line that says it serves: a mail job's failed connection may log a "port" of its own first.
  const [, port] = await waitForLine(child, /"port":(\d+),"url":"http/);
  return { child, url: `http://127.0.0.1:${port}`, logFile };
}

/** One secret for every copy of the product in a run, so a token from one copy works on the others. */
export const BENCH_JWT_SECRET = crypto.randomBytes(32).toString('hex');

export const stopProcess = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/**
 * The demo catalogue and the demo accounts in a fresh database: production never loads them, so a
 * copy of the product outside production starts once on it (it loads them when the database is
 * empty) and stops; the pages measured then come from a production copy on the same database.
 */
export async function seedDemo(databaseUrl) {
  const seeding = await startProduct(databaseUrl, 'seed', {}, { mode: 'test-payments' });
  await stopProcess(seeding.child);
}
