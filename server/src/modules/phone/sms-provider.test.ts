/**
 * The BulkSMSBD adapter against a local imitation of its documented single-SMS API (no network):
 * what it sends, how it reads the answer codes, and the whole path from a code request through the
 * outbox and the queue to the gateway.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { IsNull, type DataSource } from 'typeorm';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase, resetDatabase } from '../../test/database';
import { HttpClient } from '../../test/http-client';
import { waitFor } from '../../test/wait-for';
import { SENT_BODY } from '../mail/mailer';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { bulkSmsBd, SmsGatewayError } from './sms-provider';
import { DROPPED_CODE_BODY } from './code-delivery';
import { SignInCode } from './sign-in-code.entity';

jest.setTimeout(60_000);

interface Received {
  method: string;
  path: string;
  params: URLSearchParams;
}

/** BulkSMSBD as its documentation describes it: api_key, type, number, senderid, message; JSON with response_code. */
async function imitateBulkSmsBd(answer: () => { status?: number; body: string }) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const params = req.method === 'POST' ? new URLSearchParams(body) : url.searchParams;
      received.push({ method: req.method ?? '', path: url.pathname, params });
      const reply = answer();
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/smsapi`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the BulkSMSBD adapter', () => {
  let reply = { body: JSON.stringify({ response_code: 202, message_id: 9876, success_message: 'SMS Submitted Successfully', error_message: '' }) };
  let gateway: Awaited<ReturnType<typeof imitateBulkSmsBd>>;
  beforeAll(async () => {
    gateway = await imitateBulkSmsBd(() => reply);
  });
  afterAll(() => gateway.close());

  const provider = () => bulkSmsBd({ apiKey: 'key-123', senderId: '8809612345678', url: gateway.url, timeoutSeconds: 2 });

  it('sends the documented fields, the number as 8801XXXXXXXXX and Bangla text as it is', async () => {
    const result = await provider().send('+8801712345678', 'আপনার শিখন কোড: ১২৩৪৫৬ (123456)\n\n@shikhon.com.bd #123456');
    expect(result).toEqual({ providerRef: '9876' });
    const [request] = gateway.received;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/smsapi');
    expect(Object.fromEntries(request.params)).toEqual({
      api_key: 'key-123',
      type: 'text',
      number: '8801712345678',
      senderid: '8809612345678',
      message: 'আপনার শিখন কোড: ১২৩৪৫৬ (123456)\n\n@shikhon.com.bd #123456',
    });
  });

  it('reads refusals: a wrong sender id is given up, an empty balance is retried', async () => {
    reply = { body: JSON.stringify({ response_code: 1002, error_message: 'sender id not correct/sender id is disabled' }) };
    const wrongSender = await provider()
      .send('+8801712345678', 'x')
      .catch((error: unknown) => error);
    expect(wrongSender).toBeInstanceOf(SmsGatewayError);
    expect(wrongSender).toMatchObject({ message: 'BulkSMSBD refused the SMS: 1002 sender id not correct/sender id is disabled', permanent: true });
    reply = { body: JSON.stringify({ response_code: 1007 }) };
    await expect(provider().send('+8801712345678', 'x')).rejects.toMatchObject({
      message: 'BulkSMSBD refused the SMS: 1007 Balance Insufficient',
      permanent: false,
    });
    // The key never appears in an error.
    reply = { body: 'not json at all' };
    const odd = (await provider()
      .send('+8801712345678', 'x')
      .catch((error: unknown) => error)) as Error;
    expect(odd.message).not.toContain('key-123');
  });

  it('says when the gateway cannot be reached', async () => {
    const closed = bulkSmsBd({ apiKey: 'key-123', senderId: 'x', url: 'http://127.0.0.1:1/api/smsapi', timeoutSeconds: 1 });
    await expect(closed.send('+8801712345678', 'x')).rejects.toMatchObject({ permanent: false });
  });
});

describe('codes through the queue to BulkSMSBD', () => {
  let db: DataSource;
  let app: TestApp;
  let gateway: Awaited<ReturnType<typeof imitateBulkSmsBd>>;
  let answers: Array<{ status?: number; body: string }>;
  beforeAll(async () => {
    db = await openTestDatabase();
    await resetDatabase(db);
    answers = [{ status: 500, body: 'busy' }];
    gateway = await imitateBulkSmsBd(() => answers.shift() ?? { body: JSON.stringify({ response_code: 202, message_id: 1 }) });
    app = await startTestApp(db, {
      PUBLIC_URL: 'http://shikhon.local',
      SMS_PROVIDER: 'bulksmsbd',
      BULKSMSBD_API_KEY: 'key-123',
      BULKSMSBD_SENDER_ID: '8809612345678',
      BULKSMSBD_URL: gateway.url,
      MAIL_RETRY_DELAY_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await app.close();
    await gateway.close();
    await closeTestDatabase(db);
  });

  it('answers at once, retries a failed hand-over and keeps no code once sent', async () => {
    const started = Date.now();
    const asker = new HttpClient(app.url);
    const asked = await asker.graphql(`mutation { requestSignInCode(phone: "01712345678") }`);
    expect(asked.data).toEqual({ requestSignInCode: true });
    expect(Date.now() - started).toBeLessThan(1000);
    // While it waits for the gateway, the outbox keeps the text sealed: no code in the table.
    const [queued] = await db.getRepository(OutboxMessage).findBy({ channel: 'sms' });
    expect(queued.text === SENT_BODY || queued.text.startsWith('sealed:v1:')).toBe(true);
    const sealed = queued.text;
    const sent = await waitFor(
      'the SMS to be sent',
      async () => {
        const [row] = await db.getRepository(OutboxMessage).findBy({ channel: 'sms' });
        return row?.sentAt ? row : null;
      },
      30_000,
    );
    expect(sent).toMatchObject({ to: '+8801712345678', text: SENT_BODY, failedAttempts: 1 });
    expect(gateway.received).toHaveLength(2);
    expect(gateway.received[1].params.get('number')).toBe('8801712345678');
    expect(gateway.received[1].params.get('message')).toMatch(/^Your Shikhon code: \d{6}\. .*\n\n@shikhon\.local #\d{6}$/s);
    // The code's 5 minutes started when the gateway took the SMS (after the retry), not at the request.
    const row = await db.getRepository(SignInCode).findOneByOrFail({ phone: '+8801712345678' });
    expect(row.expiresAt!.getTime() - row.createdAt.getTime()).toBeGreaterThan(5 * 60_000);
    const code = /#(\d{6})$/.exec(gateway.received[1].params.get('message')!)![1];
    expect(sealed).not.toContain(code);
    const signedIn = await asker.graphql(`mutation ($code: String!) { signInWithCode(phone: "01712345678", code: $code, name: "Rahim") { user { phone } } }`, {
      code,
    });
    expect(signedIn.data).toEqual({ signInWithCode: { user: { phone: '+8801712345678' } } });
  });

  it('never hands over a code asked for more than 30 minutes earlier, even when sent again', async () => {
    answers = [{ body: JSON.stringify({ response_code: 1002, error_message: 'sender id not correct/sender id is disabled' }) }];
    await new HttpClient(app.url).graphql(`mutation { requestSignInCode(phone: "01812345678") }`);
    const refused = await waitFor('the gateway to refuse the SMS for good', () =>
      db.getRepository(OutboxMessage).findOneBy({ to: '+8801812345678', failedAttempts: 1 }),
    );
    const handedOver = gateway.received.length;
    // Once the sender id is fixed, an admin sends it again, but the code was asked for 31 minutes ago.
    await db.query(`UPDATE outbox_message SET "createdAt" = now() - interval '31 minutes' WHERE id = $1`, [refused.id]);
    expect(await app.services.mail.sendAgain(refused.id)).toBe(true);
    const dropped = await waitFor('the SMS to be dropped', async () => {
      const row = await db.getRepository(OutboxMessage).findOneByOrFail({ id: refused.id });
      return row.text === DROPPED_CODE_BODY ? row : null;
    });
    expect(dropped.sentAt).toBeNull();
    expect(dropped.gaveUpAt).toBeInstanceOf(Date);
    expect(gateway.received).toHaveLength(handedOver);
    const code = await db.getRepository(SignInCode).findOneByOrFail({ phone: '+8801812345678' });
    expect(code.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('codes and mail', () => {
  let db: DataSource;
  let app: TestApp;
  let gateway: Awaited<ReturnType<typeof imitateBulkSmsBd>>;
  let smtp: SmtpSink;
  beforeAll(async () => {
    db = await openTestDatabase();
    await resetDatabase(db);
    gateway = await imitateBulkSmsBd(() => ({ body: JSON.stringify({ response_code: 202, message_id: 1 }) }));
    // An SMTP server that takes connections and never answers.
    smtp = await startSmtpSink({ silent: true });
    app = await startTestApp(db, {
      PUBLIC_URL: 'http://shikhon.local',
      SMTP_URL: smtp.url,
      MAIL_TIMEOUT_SECONDS: '30',
      SMS_PROVIDER: 'bulksmsbd',
      BULKSMSBD_API_KEY: 'key-123',
      BULKSMSBD_SENDER_ID: '8809612345678',
      BULKSMSBD_URL: gateway.url,
    });
  });
  afterAll(async () => {
    await app.close();
    await gateway.close();
    await smtp.close();
    await closeTestDatabase(db);
  });

  it('a code reaches the SMS gateway within 5 seconds while 50 mails wait on a hanging SMTP server', async () => {
    for (let i = 0; i < 50; i++) await app.services.mail.mailer.send({ to: `student${i}@example.com`, subject: `Receipt ${i}`, text: 'the receipt' });
    await waitFor('the mail queue to be stuck on the SMTP server', () => Promise.resolve(smtp.connections > 0 || null));
    const started = Date.now();
    expect((await new HttpClient(app.url).graphql(`mutation { requestSignInCode(phone: "01912345678") }`)).data).toEqual({ requestSignInCode: true });
    await waitFor('the code at the gateway', () => Promise.resolve(gateway.received.find((r) => r.params.get('number') === '8801912345678') ?? null), 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await db.getRepository(OutboxMessage).countBy({ channel: 'mail', sentAt: IsNull() })).toBe(50);
  });
});
