/**
 * NODE_ENV=production as an operator runs it: refuses an unsafe configuration, loads no demo data,
 * mounts no offline payment routes, logs and keeps no secret, and marks the refresh cookie Secure.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { closeTestDatabase, openTestDatabase } from './test/database';
import { makeCourse } from './test/factories';
import { HttpClient } from './test/http-client';
import { databaseUrlOf, startServerProcess, type ServerProcess } from './test/server-process';
import { startSmtpSink, type SmtpSink } from './test/smtp-sink';
import { TEST_JWT_SECRET } from './test/app';
import { waitFor } from './test/wait-for';
import { compiledScript } from './test/compiled-server';
import { Course } from './modules/course/course.entity';
import { User } from './modules/user/user.entity';
import { OutboxMessage } from './modules/mail/outbox-message.entity';
import { SENT_BODY } from './modules/mail/mailer';
import { Payment } from './modules/payment/payment.entity';
import { PAYMENTS_OFF } from './modules/payment/payment-deps';
import { schemaFile } from './config/paths';

jest.setTimeout(120_000);

let db: DataSource;
let smtp: SmtpSink;

beforeAll(async () => {
  db = await openTestDatabase();
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await smtp.close();
  await closeTestDatabase(db);
});

const productionEnv = () => ({
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shikhon.example.com',
  SMTP_URL: smtp.url,
  PAYMENTS: 'off',
  PHONE_SIGN_IN: 'false',
  LOG_LEVEL: 'info',
});

/** Runs the server with `env` until it exits by itself (or 60 s pass): its exit code and output. */
async function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const script = await compiledScript('src/index.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: path.resolve(__dirname, '..'),
      env: { PATH: process.env.PATH, PORT: '0', DATABASE_URL: databaseUrlOf(db), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server kept running:\n${output}`));
    }, 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('production refuses an unsafe configuration', () => {
  // Each variable alone is covered by config/env.test.ts; here the real process exits on it.
  it('exits non-zero with one line naming everything missing', async () => {
    const { code, output } = await runUntilExit({ NODE_ENV: 'production', PUBLIC_URL: 'http://shikhon.example.com' });
    expect(code).not.toBe(0);
    expect(output.trim().split('\n')).toEqual([
      'Refusing to start in production without: a payment provider: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD (or PAYMENTS=off); SMTP_URL; an https:// PUBLIC_URL; JWT_SECRET; an SMS provider for sign-in by mobile number: SMS_PROVIDER=bulksmsbd with BULKSMSBD_API_KEY and BULKSMSBD_SENDER_ID (or PHONE_SIGN_IN=false).',
    ]);
  });

  it('exits non-zero with sign-in by mobile number on and no SMS provider', async () => {
    const { PHONE_SIGN_IN: _on, ...phoneOn } = productionEnv();
    const { code, output } = await runUntilExit({ ...phoneOn, JWT_SECRET: TEST_JWT_SECRET });
    expect(code).not.toBe(0);
    expect(output.trim()).toBe(
      'Refusing to start in production without: an SMS provider for sign-in by mobile number: SMS_PROVIDER=bulksmsbd with BULKSMSBD_API_KEY and BULKSMSBD_SENDER_ID (or PHONE_SIGN_IN=false).',
    );
  });

  it('exits non-zero with Stripe test keys, unless PAYMENTS_TEST_MODE=true', async () => {
    const { PAYMENTS: _off, ...withoutOff } = productionEnv();
    const stripeTest = {
      ...withoutOff,
      JWT_SECRET: TEST_JWT_SECRET,
      STRIPE_SECRET_KEY: 'sk_test_51NotARealKey',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51NotARealKey',
      STRIPE_WEBHOOK_SECRET: 'whsec_not_real',
    };
    const { code, output } = await runUntilExit(stripeTest);
    expect(code).not.toBe(0);
    expect(output.trim()).toBe(
      'Refusing to start in production with test payment settings: Stripe test keys (test cards such as 4242 4242 4242 4242 buy courses). Use live credentials, or set PAYMENTS_TEST_MODE=true to run them on purpose.',
    );
    const server = await startServerProcess(db, { ...stripeTest, PAYMENTS_TEST_MODE: 'true' });
    try {
      expect(server.logs.join('\n')).toMatch(/"level":40.*PAYMENTS_TEST_MODE=true: payments run with Stripe test keys/);
    } finally {
      await server.stop();
    }
  });
});

describe('a production server', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(db, productionEnv());
  });
  afterAll(() => server?.stop());

  it('loads no demo catalogue and no demo accounts into an empty database', async () => {
    expect(await db.getRepository(Course).count()).toBe(0);
    expect(await db.getRepository(User).count()).toBe(0);
  });

  it('serves the schema as SDL at /schema.graphql, though introspection is off', async () => {
    const res = await fetch(`${server.url}/schema.graphql`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const sdl = await res.text();
    expect(sdl).toBe(fs.readFileSync(schemaFile, 'utf8'));
    expect(sdl).toContain('type Query {');
    const introspection = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __schema { queryType { name } } }' }),
    });
    expect(((await introspection.json()) as { errors?: unknown[] }).errors).toBeDefined();
  });

  it('never mounts the offline payment routes', async () => {
    const res = await fetch(`${server.url}/test-mode/payment-methods`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(404);
  });

  it('sends the verification mail, then keeps no link in the outbox or the log; the refresh cookie is Secure', async () => {
    const browser = new HttpClient(server.url);
    const { errors, setCookies } = await browser.graphql(`mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }`, {
      input: { name: 'Operator Test', email: 'first@example.com', password: 'a long password', phone: '01712345678', date: '1990-01-01', role: 'STUDENT' },
    });
    expect(errors).toBeUndefined();
    expect(setCookies[0]).toMatch(/; Secure/);
    // The mail goes out from the job queue, just after the answer.
    const sent = await waitFor('the verification mail', () => smtp.messages.map((m) => m.replace(/=\r\n/g, '')).find((m) => m.includes('verify-email?token')));
    const token = /verify-email\?token=([A-Za-z0-9_=-]+)/.exec(sent)![1];
    const row = await waitFor('the outbox to say sent', async () => {
      const message = await db.getRepository(OutboxMessage).findOneByOrFail({ to: 'first@example.com' });
      return message.sentAt ? message : null;
    });
    expect(row.text).toBe(SENT_BODY);
    const logs = server.logs.join('\n');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain('verify-email');
    expect(logs).not.toContain('a long password');
  });

  it('refuses a paid purchase with PAYMENTS=off and writes nothing, while free courses still enroll', async () => {
    const paid = await makeCourse(db, { price: 12 });
    const free = await makeCourse(db, { price: 0 });
    const browser = new HttpClient(server.url);
    const { data } = await browser.graphql<{ signUp: { accessToken: string } }>(`mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }`, {
      input: { name: 'Buyer', email: 'buyer@example.com', password: 'a long password', phone: '01712345678', date: '1990-01-01', role: 'STUDENT' },
    });
    browser.token = data!.signUp.accessToken;
    const BUY = `mutation ($id: ID!) { purchaseCourse(input: { courseId: $id, paymentMethod: "pm_card_visa" }) { status } }`;
    const refused = await browser.graphql(BUY, { id: paid.id });
    expect(refused.errors![0]).toMatchObject({ message: PAYMENTS_OFF, extensions: { code: 'PAYMENTS_OFF', category: 'PAYMENT_FAILED' } });
    expect(await db.getRepository(Payment).count()).toBe(0);
    expect((await browser.graphql(BUY, { id: free.id })).data).toEqual({ purchaseCourse: { status: 'SUCCEEDED' } });
  });
});
