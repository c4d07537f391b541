/**
 * Mail goes out from the job queue: with an SMTP server that accepts connections and never answers,
 * sign-up and password reset answer at once, and the mail is delivered once the server is back.
 */
import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase, resetDatabase } from '../../test/database';
import { makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { waitFor } from '../../test/wait-for';
import { Role } from '../../kernel/role';
import { SENT_BODY } from './mailer';
import { OutboxMessage } from './outbox-message.entity';

jest.setTimeout(90_000);

const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }`;
const signUpInput = (email: string) => ({
  name: 'Karim Uddin',
  email,
  password: 'a long password',
  phone: '+880 1712-345678',
  date: '1995-01-01',
  role: 'STUDENT',
});
const fast = { MAIL_TIMEOUT_SECONDS: '1', MAIL_RETRY_DELAY_SECONDS: '1', PUBLIC_URL: 'http://shikhon.local' };
const delivered = (sink: SmtpSink, text: string) => sink.messages.map((m) => m.replace(/=\r\n/g, '')).find((m) => m.includes(text));

let db: DataSource;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await closeTestDatabase(db);
});

describe('an SMTP server that accepts and never answers', () => {
  let app: TestApp;
  let silent: SmtpSink;
  let sink: SmtpSink | undefined;

  beforeAll(async () => {
    await resetDatabase(db);
    silent = await startSmtpSink({ silent: true });
    app = await startTestApp(db, { ...fast, SMTP_URL: silent.url, MAIL_RETRIES: '8' });
  });
  afterAll(async () => {
    await app.close();
    await silent.close();
    await sink?.close();
  });

  it('keeps sign-up and password reset under a second, and delivers their mail once SMTP is back', async () => {
    await makeUser(db, { email: 'owner@example.com' }, 'old password');
    // A first request warms the server up (schema, connections), as any running server is.
    await new HttpClient(app.url).graphql(`mutation { login(email: "owner@example.com", password: "old password") { accessToken } }`);
    let started = Date.now();
    const signUp = await new HttpClient(app.url).graphql(SIGN_UP, { input: signUpInput('new@example.com') });
    expect(signUp.errors).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1000);
    started = Date.now();
    const reset = await new HttpClient(app.url).graphql(`mutation { requestPasswordReset(email: "owner@example.com") }`);
    expect(reset.data).toEqual({ requestPasswordReset: true });
    expect(Date.now() - started).toBeLessThan(1000);

    // The queue tries, the server hangs, the attempt times out and is counted.
    const tried = await waitFor('a failed attempt at each', async () => {
      const all = await db.getRepository(OutboxMessage).find();
      return all.length === 2 && all.every((m) => m.failedAttempts >= 1) ? all : null;
    });
    expect(silent.connections).toBeGreaterThan(0);
    expect(tried.map((m) => m.sentAt)).toEqual([null, null]);
    expect(tried[0].lastError).toBe('Greeting never received');

    // The SMTP server comes back on the same address: the retries deliver both messages.
    await silent.close();
    sink = await startSmtpSink({ port: silent.port });
    const verification = await waitFor('the verification mail', () => delivered(sink!, 'verify-email?token'), 45_000);
    const resetMail = await waitFor('the reset mail', () => delivered(sink!, 'reset-password?token'), 45_000);
    expect(verification).toContain('To: new@example.com');
    expect(resetMail).toContain('To: owner@example.com');
    const rows = await waitFor('the outbox to say sent', async () => {
      const all = await db.getRepository(OutboxMessage).find();
      return all.every((m) => m.sentAt) ? all : null;
    });
    expect(rows.map((m) => m.text)).toEqual([SENT_BODY, SENT_BODY]);
    // Each message went once.
    expect(sink.messages).toHaveLength(2);
  });
});

describe('mail whose every retry failed', () => {
  let app: TestApp;
  let port: number;
  let sink: SmtpSink | undefined;

  beforeAll(async () => {
    await resetDatabase(db);
    // A port where nothing listens: every attempt is refused at once.
    const closed = await startSmtpSink();
    port = closed.port;
    await closed.close();
    app = await startTestApp(db, { ...fast, SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRIES: '1' });
  });
  afterAll(async () => {
    await app.close();
    await sink?.close();
  });

  it('is shown to admins, who send it again once SMTP is fixed', async () => {
    await makeUser(db, { email: 'boss@example.com', role: Role.ADMIN }, 'admin password');
    await makeUser(db, { email: 'owner@example.com' }, 'old password');
    await new HttpClient(app.url).graphql(`mutation { requestPasswordReset(email: "owner@example.com") }`);
    const failed = await waitFor('the mail to be given up', () =>
      db
        .getRepository(OutboxMessage)
        .findOneBy({ to: 'owner@example.com' })
        .then((m) => (m?.gaveUpAt ? m : null)),
    );
    expect(failed.failedAttempts).toBe(2);

    const admin = await signedInClient(app.url, 'boss@example.com', 'admin password');
    const LIST = `{ undeliveredMail { total items { id to subject failedAttempts lastError gaveUpAt } } }`;
    const listed = await admin.graphql<{ undeliveredMail: { total: number; items: Array<Record<string, unknown>> } }>(LIST);
    expect(listed.data!.undeliveredMail.total).toBe(1);
    expect(listed.data!.undeliveredMail.items[0]).toMatchObject({
      id: failed.id,
      to: 'owner@example.com',
      subject: 'Reset your Shikhon password',
      failedAttempts: 2,
    });
    expect(listed.data!.undeliveredMail.items[0].lastError).toMatch(/ECONNREFUSED/);
    expect(listed.data!.undeliveredMail.items[0].gaveUpAt).not.toBeNull();
    // Students never see it.
    await makeUser(db, { email: 'student@example.com' }, 'student password');
    const student = await signedInClient(app.url, 'student@example.com', 'student password');
    expect((await student.graphql(LIST)).errors![0].extensions?.code).toBe('FORBIDDEN');

    sink = await startSmtpSink({ port });
    expect((await admin.graphql(`mutation ($id: ID!) { sendMailAgain(id: $id) }`, { id: failed.id })).data).toEqual({ sendMailAgain: true });
    await waitFor('the reset mail', () => delivered(sink!, 'reset-password?token'), 30_000);
    await waitFor('the list to empty', async () => (await admin.graphql<{ undeliveredMail: { total: number } }>(LIST)).data!.undeliveredMail.total === 0);
    // A message that was delivered is not sent again.
    const again = await admin.graphql(`mutation ($id: ID!) { sendMailAgain(id: $id) }`, { id: failed.id });
    expect(again.errors![0]).toMatchObject({ message: 'No such undelivered mail', extensions: { code: 'MAIL_NOT_FOUND', category: 'NOT_FOUND' } });
  });
});
