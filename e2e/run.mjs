// Builds nothing itself (npm run test:e2e builds first): compiles the browser tests, starts a
// throwaway PostgreSQL and, for each lane, the built server on a free port, runs the tests, stops
// them all. The tests get the database's URL too (E2E_DATABASE_URL), to read the mail outbox.
//
// The test files run in lanes side by side (E2E_LANES, 2 unless set; 1 runs them all one after
// another). Each lane has a server and a database of its own, so files in different lanes share no
// state (accounts and their language, enrollments, rate limits). Within a lane the files run one at
// a time in the order of their names, as they all did in one lane: the lanes are consecutive runs
// of that order, of about equal time (SECONDS below), so the first lane is exactly the start of the
// one-lane run, and no file runs after one that used to come after it.
// `node e2e/run.mjs visitor money` runs the files whose names hold one of the words.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startTestPostgres } from '../server/test-support/start-postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const e2eDir = path.join(root, 'e2e');
const buildDir = path.join(e2eDir, '.build');

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

/** Runs a command to its end: its exit code. */
function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, options);
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

fs.rmSync(buildDir, { recursive: true, force: true });
const compiling = run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', e2eDir], { stdio: 'inherit' });
const postgres = await startTestPostgres();
if ((await compiling) !== 0) {
  await postgres.stop();
  process.exit(1);
}
fs.writeFileSync(path.join(buildDir, 'package.json'), '{ "type": "commonjs" }');

const files = fs
  .readdirSync(buildDir)
  .filter((f) => f.endsWith('.test.js'))
  .sort();
const only = process.argv.slice(2);
const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;
// node --test with no files would look for tests everywhere, the server's compiled ones included.
if (selected.length === 0) {
  console.error(`no browser test file names hold ${only.join(' or ')}; the files are ${files.join(', ')}`);
  await postgres.stop();
  process.exit(1);
}

/** About how long each file takes (seconds, as measured in a fresh-clone CI run on two lanes): only for splitting the files into lanes. */
const SECONDS = {
  'account-safety': 11,
  accounts: 19,
  bangla: 7,
  'bangla-everywhere-admin': 32,
  'bangla-everywhere-instructor': 30,
  'bangla-everywhere-student': 46,
  'bangla-everywhere-visitor': 50,
  'bangla-font-on-english-pages': 2,
  'before-scripts': 24,
  bundle: 25,
  charts: 20,
  'exam-night': 58,
  finishing: 19,
  installable: 11,
  'kept-changes': 11,
  language: 6,
  learning: 11,
  'lesson-downloads': 45,
  'lesson-questions': 8,
  'lesson-quiz': 6,
  links: 58,
  'live-exam-reminder': 14,
  'model-tests-found': 3,
  money: 13,
  'old-client': 1,
  phone: 22,
  pictures: 2,
  practice: 5,
  'practice-authoring': 6,
  'practice-by-yourself': 10,
  'practice-offline': 8,
  purchase: 34,
  receipts: 16,
  'reviews-inbox-and-blog': 36,
  'scripts-arriving': 7,
  'server-rendering': 23,
  'sms-pumping': 2,
  'sms-sign-in': 10,
  staff: 30,
  video: 18,
  visitor: 30,
  'without-scripts': 8,
};
const secondsOf = (file) => SECONDS[file.replace(/\.test\.js$/, '')] ?? 20;

/** The files, in the order of their names, cut into `count` consecutive runs of about equal time. */
function splitIntoLanes(names, count) {
  const total = names.reduce((sum, name) => sum + secondsOf(name), 0);
  const lanes = Array.from({ length: count }, () => []);
  let done = 0;
  for (const name of names) {
    // The lane whose share of the time this file starts in.
    const lane = Math.min(count - 1, Math.floor((done + secondsOf(name) / 2) / (total / count)));
    lanes[lane].push(name);
    done += secondsOf(name);
  }
  return lanes.filter((lane) => lane.length > 0);
}

const planned = splitIntoLanes(selected, Math.max(1, Number(process.env.E2E_LANES ?? 2) || 1));

/** A server of its own, on a database of its own, for lane `index`. */
async function startLane(index) {
  const database = `e2e_${index + 1}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const databaseUrl = postgres.url.replace(/\/postgres$/, `/${database}`);
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
  let stopping = false;
  const exited = new Promise((resolve) =>
    server.once('exit', (code, signal) => {
      if (!stopping) console.error(`lane ${index + 1}: the server exited by itself (code ${code}, signal ${signal})`);
      resolve();
    }),
  );
  const lane = {
    name: `lane ${index + 1}`,
    env: {
      ...process.env,
      E2E_BASE_URL: url,
      E2E_DATABASE_URL: databaseUrl,
      E2E_OLD_CLIENT_ORIGIN: oldClientOrigin,
    },
    logFile,
    async stop() {
      stopping = true;
      if (server.exitCode === null && server.signalCode === null) {
        server.kill('SIGTERM');
        const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      fs.closeSync(log);
    },
    remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
  try {
    await waitUntilReady(url, server);
  } catch (error) {
    console.error(`${lane.name}: ${String(error)}\n${fs.readFileSync(logFile, 'utf8')}`);
    await lane.stop();
    throw error;
  }
  return lane;
}

/** Runs one test file against the lane's server; its output is printed once it is done, whole. */
function runFile(lane, file) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--test', '--test-reporter=spec', path.join(buildDir, file)], { env: lane.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const count = (name) => Number(new RegExp(`^ℹ ${name} (\\d+)$`, 'm').exec(output)?.[1] ?? 0);
      const result = {
        file,
        code,
        seconds: (Date.now() - started) / 1000,
        tests: count('tests'),
        pass: count('pass'),
        fail: count('fail'),
        skipped: count('skipped'),
      };
      process.stdout.write(`\n--- ${file} (${lane.name}, ${result.seconds.toFixed(1)} s, exit ${code})\n${output}`);
      resolve(result);
    });
  });
}

const lanes = [];
const results = [];
let status = 1;
try {
  const started = await Promise.allSettled(planned.map((_, index) => startLane(index)));
  for (const lane of started) if (lane.status === 'fulfilled') lanes.push(lane.value);
  const failedStart = started.find((lane) => lane.status === 'rejected');
  if (failedStart) throw failedStart.reason;
  for (const [index, lane] of lanes.entries()) console.log(`${lane.name}: ${planned[index].join(', ')}`);
  await Promise.all(
    lanes.map(async (lane, index) => {
      for (const file of planned[index]) results.push(await runFile(lane, file));
    }),
  );
  const failed = results.filter((r) => r.code !== 0);
  const sum = (key) => results.reduce((total, r) => total + r[key], 0);
  console.log(
    `\n=== browser tests: ${results.length} files in ${lanes.length} lane(s); tests ${sum('tests')}, passed ${sum('pass')}, failed ${sum('fail')}, skipped ${sum('skipped')}`,
  );
  for (const r of [...results].sort((a, b) => b.seconds - a.seconds))
    console.log(`${r.seconds.toFixed(1).padStart(7)} s  ${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.file}`);
  if (failed.length) console.error(`failed: ${failed.map((r) => r.file).join(', ')}`);
  status = failed.length === 0 ? 0 : 1;
} catch (error) {
  console.error(String(error));
} finally {
  await Promise.all(lanes.map((lane) => lane.stop()));
  if (status !== 0) for (const lane of lanes) console.error(`${lane.name}'s server log:\n${fs.readFileSync(lane.logFile, 'utf8').slice(-5000)}`);
  for (const lane of lanes) lane.remove();
  await postgres.stop();
}
process.exit(status);
