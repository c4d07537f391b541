/**
 * Reset and confirmation links run out a set time after their mail is handed to the SMTP server,
 * not after the request: mail that sat in the outbox through an SMTP outage still arrives working.
 * The SMTP server here sits behind a gate that holds each connection until the test opens it, and
 * time passing is played by moving every stored timestamp back.
 */
import net from 'node:net';
import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase, resetDatabase } from '../../test/database';
import { makeUser } from '../../test/factories';
import { HttpClient } from '../../test/http-client';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { waitFor } from '../../test/wait-for';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { User } from '../user/user.entity';
import { RESET_LINK_INVALID } from './auth.service';
import { VERIFY_LINK_INVALID } from './email-verification.service';
import { DEAD_LINK_REASON } from './link-delivery';
import { PasswordReset } from './password-reset.entity';
import { EmailVerification } from './email-verification.entity';

jest.setTimeout(90_000);

const REQUEST = `mutation ($email: String!) { requestPasswordReset(email: $email) }`;
const RESET = `mutation ($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }`;
const VERIFY = `mutation ($t: String!) { verifyEmail(token: $t) }`;
const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }`;
const LOGIN = `mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { accessToken } }`;

/** A TCP gate before the SMTP sink: connections wait, unanswered, until it opens. */
interface Gate {
  url: string;
  connections: number;
  hold(): void;
  open(): void;
  close(): Promise<void>;
}

async function startGate(targetPort: number): Promise<Gate> {
  let opened = false;
  let connections = 0;
  const waiting: net.Socket[] = [];
  const sockets = new Set<net.Socket>();
  const pass = (socket: net.Socket) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    socket.pipe(upstream).pipe(socket);
  };
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    if (opened) pass(socket);
    else waiting.push(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    get connections() {
      return connections;
    },
    hold: () => {
      opened = false;
    },
    open: () => {
      opened = true;
      for (const socket of waiting.splice(0)) pass(socket);
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let db: DataSource;
let app: TestApp;
let sink: SmtpSink;
let gate: Gate;

beforeAll(async () => {
  db = await openTestDatabase();
  sink = await startSmtpSink();
  gate = await startGate(sink.port);
  // One attempt may wait a minute for the SMTP server's greeting: long enough for the gate to hold it.
  app = await startTestApp(db, { SMTP_URL: gate.url, MAIL_TIMEOUT_SECONDS: '60', MAIL_RETRY_DELAY_SECONDS: '1', PUBLIC_URL: 'http://shikhon.local' });
});
afterAll(async () => {
  await app.close();
  await gate.close();
  await sink.close();
  await closeTestDatabase(db);
});
beforeEach(async () => {
  await resetDatabase(db);
  sink.messages.length = 0;
  gate.hold();
});

const client = () => new HttpClient(app.url);

/** The link in a mail the gate is holding (the outbox keeps its text until it is sent). */
async function heldLink(to: string, path: string): Promise<{ outboxId: string; token: string }> {
  const message = await waitFor(`the mail to ${to} on its way`, async () => {
    const found = await db.getRepository(OutboxMessage).findOneBy({ to });
    return found && gate.connections > 0 ? found : null;
  });
  const token = new RegExp(`${path}\\?token=(\\S+)`).exec(message.text)![1];
  return { outboxId: message.id, token: decodeURIComponent(token) };
}

/** Time passes: every timestamp the links and the outbox keep moves back. */
async function timePasses(interval: string): Promise<void> {
  for (const table of ['password_reset', 'email_verification']) {
    await db.query(`UPDATE ${table} SET "createdAt" = "createdAt" - $1::interval, "expiresAt" = "expiresAt" - $1::interval`, [interval]);
  }
  await db.query(`UPDATE outbox_message SET "createdAt" = "createdAt" - $1::interval, "sentAt" = "sentAt" - $1::interval`, [interval]);
}

const sentAt = (outboxId: string) =>
  waitFor('the mail to be handed over', async () => (await db.getRepository(OutboxMessage).findOneByOrFail({ id: outboxId })).sentAt);

/** A reset requested, its mail held in the outbox for `waited`, then delivered. */
async function resetDeliveredAfter(waited: string): Promise<{ token: string }> {
  await makeUser(db, { email: 'rahim@example.com' }, 'old password');
  await client().graphql(REQUEST, { email: 'rahim@example.com' });
  const { outboxId, token } = await heldLink('rahim@example.com', 'reset-password');
  await timePasses(waited);
  gate.open();
  const delivered = await sentAt(outboxId);
  const [reset] = await db.getRepository(PasswordReset).find();
  expect((reset.expiresAt!.getTime() - delivered.getTime()) / 60_000).toBeCloseTo(30, 1);
  return { token };
}

describe('a password reset link whose mail waited 40 minutes in the outbox', () => {
  it('still works 29 minutes after its mail was delivered', async () => {
    const { token } = await resetDeliveredAfter('40 minutes');
    await timePasses('29 minutes');
    expect((await client().graphql(RESET, { token, password: 'a brand new password' })).data).toEqual({ resetPassword: true });
    expect((await client().graphql(LOGIN, { email: 'rahim@example.com', password: 'a brand new password' })).errors).toBeUndefined();
  });

  it('is refused with the usual message 31 minutes after its mail was delivered', async () => {
    const { token } = await resetDeliveredAfter('40 minutes');
    await timePasses('31 minutes');
    const { errors } = await client().graphql(RESET, { token, password: 'a brand new password' });
    expect(errors![0].message).toBe(RESET_LINK_INVALID);
    expect((await client().graphql(LOGIN, { email: 'rahim@example.com', password: 'old password' })).errors).toBeUndefined();
  });
});

describe('an email confirmation link whose mail waited 3 days in the outbox', () => {
  async function confirmationDeliveredAfter(waited: string): Promise<string> {
    const signedUp = await client().graphql(SIGN_UP, {
      input: { name: 'Nadia Islam', email: 'nadia@example.com', password: 'a long password', phone: '+880 1712-345678', date: '1995-01-01', role: 'STUDENT' },
    });
    expect(signedUp.errors).toBeUndefined();
    const { outboxId, token } = await heldLink('nadia@example.com', 'verify-email');
    await timePasses(waited);
    gate.open();
    const delivered = await sentAt(outboxId);
    const [link] = await db.getRepository(EmailVerification).find();
    expect((link.expiresAt!.getTime() - delivered.getTime()) / 3600_000).toBeCloseTo(48, 2);
    return token;
  }
  const confirmed = async () => (await db.getRepository(User).findOneByOrFail({ email: 'nadia@example.com' })).emailVerifiedAt;

  it('still works 47 hours after its mail was delivered', async () => {
    const token = await confirmationDeliveredAfter('3 days');
    await timePasses('47 hours');
    expect((await client().graphql(VERIFY, { t: token })).errors).toBeUndefined();
    expect(await confirmed()).not.toBeNull();
  });

  it('is refused with the usual message 49 hours after its mail was delivered', async () => {
    const token = await confirmationDeliveredAfter('3 days');
    await timePasses('49 hours');
    expect((await client().graphql(VERIFY, { t: token })).errors![0].message).toBe(VERIFY_LINK_INVALID);
    expect(await confirmed()).toBeNull();
  });
});

describe('a link whose mail never went', () => {
  it('is refused 24 hours after the request, and its mail is dropped unsent', async () => {
    // The first mail holds the one mail worker at the gate; the second waits in the queue behind it.
    await makeUser(db, { email: 'first@example.com' });
    await makeUser(db, { email: 'rahim@example.com' }, 'old password');
    await client().graphql(REQUEST, { email: 'first@example.com' });
    await heldLink('first@example.com', 'reset-password');
    await client().graphql(REQUEST, { email: 'rahim@example.com' });
    const waiting = await db.getRepository(OutboxMessage).findOneByOrFail({ to: 'rahim@example.com' });
    const token = decodeURIComponent(/reset-password\?token=(\S+)/.exec(waiting.text)![1]);
    const [rahim] = await db.query<Array<{ id: string }>>(`SELECT id FROM "user" WHERE email = 'rahim@example.com'`);

    // Before its cap, the link waits for its mail, with no expiry yet.
    await db.query(`UPDATE password_reset SET "createdAt" = now() - interval '23 hours' WHERE "userId" = $1`, [rahim.id]);
    await db.query(`UPDATE outbox_message SET "createdAt" = now() - interval '23 hours' WHERE id = $1`, [waiting.id]);
    expect((await db.getRepository(PasswordReset).findOneByOrFail({ userId: rahim.id })).expiresAt).toBeNull();
    // Past it, the link is refused and its mail is not sent.
    await db.query(`UPDATE password_reset SET "createdAt" = now() - interval '25 hours' WHERE "userId" = $1`, [rahim.id]);
    await db.query(`UPDATE outbox_message SET "createdAt" = now() - interval '25 hours' WHERE id = $1`, [waiting.id]);
    gate.open();
    const dropped = await waitFor('the waiting mail to be dropped', async () => {
      const row = await db.getRepository(OutboxMessage).findOneByOrFail({ id: waiting.id });
      return row.gaveUpAt ? row : null;
    });
    expect(dropped).toMatchObject({ sentAt: null, lastError: DEAD_LINK_REASON });
    expect(dropped.text).not.toContain(token);
    expect(sink.messages.filter((m) => m.includes('rahim@example.com'))).toHaveLength(0);
    const { errors } = await client().graphql(RESET, { token, password: 'a brand new password' });
    expect(errors![0].message).toBe(RESET_LINK_INVALID);
  });
});
