// Builds nothing itself (npm run test:e2e builds first): compiles the browser tests, starts a
// throwaway PostgreSQL and the built server on a free port, runs the tests, stops both.
// The tests get the database's URL too (E2E_DATABASE_URL), to read the mail outbox.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startTestPostgres } from '../server/test-support/start-postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const e2eDir = path.join(root, 'e2e');

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url, server) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the server did not become ready within 120 s');
}

fs.rmSync(path.join(e2eDir, '.build'), { recursive: true, force: true });
const compiled = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', e2eDir], { stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
fs.writeFileSync(path.join(e2eDir, '.build', 'package.json'), '{ "type": "commonjs" }');

const postgres = await startTestPostgres();
const admin = new pg.Client({ connectionString: postgres.url });
await admin.connect();
await admin.query('CREATE DATABASE e2e');
await admin.end();
const databaseUrl = postgres.url.replace(/\/postgres$/, '/e2e');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shikhon-e2e-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
// The old web client's origin (another host name, so another site), allowed through CORS_ORIGINS.
const oldClientOrigin = `http://localhost:${await freePort()}`;
const logFile = path.join(dataDir, 'server.log');
const log = fs.openSync(logFile, 'w');
const server = spawn(process.execPath, [path.join(root, 'server/dist/server/src/index.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: url,
    CORS_ORIGINS: oldClientOrigin,
  },
  stdio: ['ignore', log, log],
});

let status = 1;
try {
  await waitUntilReady(url, server);
  const files = fs
    .readdirSync(path.join(e2eDir, '.build'))
    .filter((f) => f.endsWith('.test.js'))
    .sort();
  const only = process.argv.slice(2);
  const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;
  // node --test with no files would look for tests everywhere, the server's compiled ones included.
  if (selected.length === 0) throw new Error(`no browser test file names hold ${only.join(' or ')}; the files are ${files.join(', ')}`);
  const run = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...selected.map((f) => path.join(e2eDir, '.build', f))], {
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: url, E2E_DATABASE_URL: databaseUrl, E2E_OLD_CLIENT_ORIGIN: oldClientOrigin },
  });
  status = run.status ?? 1;
} catch (error) {
  console.error(String(error));
  console.error(fs.readFileSync(logFile, 'utf8'));
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.kill('SIGKILL');
      resolve();
    }, 15_000);
    server.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  await postgres.stop();
  if (status !== 0 && fs.existsSync(logFile)) console.error(`server log:\n${fs.readFileSync(logFile, 'utf8').slice(-5000)}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
