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

/** A fresh, empty database on a throwaway PostgreSQL: its URL and a function that removes it all. */
export async function startFreshDatabase() {
  const postgres = await startTestPostgres();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  return { url: postgres.url.replace(/\/postgres$/, '/bench'), stop: () => postgres.stop() };
}

/** The built server (`npm run build` first) as in production; its log goes to bench/tmp/{name}.log. */
export async function startProduct(databaseUrl, name, env = {}) {
  const logFile = path.join(tmp, `${name}.log`);
  const child = spawn(process.execPath, ['server/dist/server/src/index.js'], {
    cwd: root,
    // Production refuses to start without a payment provider, mail and an https address; the
    // measured reads need none of them (no payment is made, no mail is sent).
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      DATABASE_URL: databaseUrl,
      PORT: '0',
      LOG_LEVEL: 'info',
      PAYMENTS: 'off',
      SMTP_URL: 'smtp://127.0.0.1:25',
      PUBLIC_URL: 'https://shikhon.invalid',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.pipe(fs.createWriteStream(logFile));
  const [, port] = await waitForLine(child, /"port":(\d+)/);
  return { child, url: `http://127.0.0.1:${port}`, logFile };
}

export const stopProcess = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
