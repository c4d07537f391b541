/**
 * The code screen's rules, against the real app and database: a new code 30 s after the first, then
 * 60 s after each later one (refused earlier with RESEND_TOO_SOON, nothing sent); a wrong code's
 * tries left, told only to the browser holding the code; the code dead after its fifth wrong try.
 * Time moves as in phone-sign-in.test.ts: the codes' own timestamps are moved back in the database.
 */
import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase, resetDatabase } from '../../test/database';
import { makeUser } from '../../test/factories';
import { HttpClient } from '../../test/http-client';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { CODE_USED_UP, WRONG_CODE } from './phone-sign-in.service';

jest.setTimeout(60_000);

let db: DataSource;
let app: TestApp;

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startTestApp(db, { PUBLIC_URL: 'http://shikhon.local', SMS_PUMPING_CHECK: 'false' });
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});
beforeEach(() => resetDatabase(db));

const SEND = `mutation ($phone: String!) { sendSignInCode(phone: $phone) { resendAfterSeconds } }`;
const REQUEST = `mutation ($phone: String!) { requestSignInCode(phone: $phone) }`;
const SIGN_IN = `mutation ($phone: String!, $code: String!, $name: String) { signInWithCode(phone: $phone, code: $code, name: $name) { accessToken } }`;

type Answer = { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }>; setCookies?: unknown };
const errorOf = (body: Answer) => body.errors?.[0];

let addressCounter = 0;
function browser(language?: string): HttpClient {
  const client = new HttpClient(app.url);
  client.headers['x-forwarded-for'] = `10.31.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;
  if (language) client.headers['accept-language'] = language;
  return client;
}

const smsCount = (phone: string) => db.getRepository(OutboxMessage).countBy({ to: phone, channel: 'sms' });

async function lastCode(phone: string): Promise<string> {
  const all = await db.getRepository(OutboxMessage).find({ where: { to: phone, channel: 'sms' }, order: { createdAt: 'ASC' } });
  const match = /#(\d{6})\s*$/.exec(all.at(-1)?.text ?? '');
  if (!match) throw new Error(`no code sent to ${phone}`);
  return match[1];
}

/** `seconds` pass for the codes already sent. */
const secondsPass = (seconds: number) => db.query(`UPDATE sign_in_code SET "createdAt" = "createdAt" - make_interval(secs => $1)`, [seconds]);

describe('asking for a new code', () => {
  it('is allowed 30 s after the first code, then 60 s after each later one; earlier, it is refused with the seconds left and nothing is sent', async () => {
    const client = browser();
    const phone = '+8801712300001';
    expect(await client.graphql(SEND, { phone: '01712300001' })).toMatchObject({ data: { sendSignInCode: { resendAfterSeconds: 30 } } });
    expect(await smsCount(phone)).toBe(1);

    // At once: refused, with when it may be, and nothing sent.
    const tooSoon = await client.graphql(SEND, { phone: '01712300001' });
    expect(tooSoon.data).toBeNull();
    expect(errorOf(tooSoon)).toMatchObject({
      message: 'You can ask for a new code in 30 seconds.',
      extensions: { code: 'RESEND_TOO_SOON', category: 'TOO_MANY_REQUESTS', retryAfterSeconds: 30 },
    });
    // The old mutation keeps its Boolean answer and obeys the same wait.
    expect(errorOf(await client.graphql(REQUEST, { phone: '01712300001' }))?.extensions).toMatchObject({ code: 'RESEND_TOO_SOON' });
    expect(await smsCount(phone)).toBe(1);

    await secondsPass(20);
    expect(errorOf(await client.graphql(SEND, { phone: '01712300001' }))?.extensions).toMatchObject({ code: 'RESEND_TOO_SOON', retryAfterSeconds: 10 });
    await secondsPass(10);
    // The first new code: the next one waits 60 s.
    expect(await client.graphql(SEND, { phone: '01712300001' })).toMatchObject({ data: { sendSignInCode: { resendAfterSeconds: 60 } } });
    expect(await smsCount(phone)).toBe(2);

    await secondsPass(30);
    expect(errorOf(await client.graphql(SEND, { phone: '01712300001' }))?.extensions).toMatchObject({ code: 'RESEND_TOO_SOON', retryAfterSeconds: 30 });
    await secondsPass(30);
    expect(await client.graphql(REQUEST, { phone: '01712300001' })).toMatchObject({ data: { requestSignInCode: true } });
    expect(await smsCount(phone)).toBe(3);
    // And 60 s again after that one.
    await secondsPass(59);
    expect(errorOf(await client.graphql(SEND, { phone: '01712300001' }))?.extensions).toMatchObject({ code: 'RESEND_TOO_SOON', retryAfterSeconds: 1 });
    expect(await smsCount(phone)).toBe(3);
  });

  it('is refused in the asker’s language', async () => {
    const client = browser('bn');
    await client.graphql(SEND, { phone: '01712300002' });
    expect(errorOf(await client.graphql(SEND, { phone: '01712300002' }))?.message).toBe('৩০ সেকেন্ড পরে নতুন কোড চাইতে পারবেন।');
  });

  it('answers the same whether or not the number has an account', async () => {
    await makeUser(db, { phone: '+8801712300003', phoneConfirmedAt: new Date(), email: null });
    const known = browser();
    const unknown = browser();
    const first = [await known.graphql(SEND, { phone: '01712300003' }), await unknown.graphql(SEND, { phone: '01712300004' })];
    const again = [await known.graphql(SEND, { phone: '01712300003' }), await unknown.graphql(SEND, { phone: '01712300004' })];
    expect({ ...first[0], setCookies: undefined }).toEqual({ ...first[1], setCookies: undefined });
    expect({ ...again[0], setCookies: undefined }).toEqual({ ...again[1], setCookies: undefined });
    expect(first[0].data).toEqual({ sendSignInCode: { resendAfterSeconds: 30 } });
  });

  it('is not delayed by a stranger asking for a code for the same number from elsewhere', async () => {
    await browser().graphql(SEND, { phone: '01712300005' });
    expect(await browser().graphql(SEND, { phone: '01712300005' })).toMatchObject({ data: { sendSignInCode: { resendAfterSeconds: 30 } } });
  });
});

describe('a wrong code', () => {
  it('tells the browser holding the code how many tries are left, and no one else', async () => {
    const owner = browser();
    await owner.graphql(SEND, { phone: '01712300011' });
    const code = await lastCode('+8801712300011');
    const wrong = code === '000000' ? '111111' : '000000';
    const first = errorOf(await owner.graphql(SIGN_IN, { phone: '01712300011', code: wrong, name: 'Rahim' }));
    expect(first).toMatchObject({ message: WRONG_CODE, extensions: { code: 'BAD_USER_INPUT', field: 'code', triesLeft: 4 } });
    const second = errorOf(await owner.graphql(SIGN_IN, { phone: '01712300011', code: wrong, name: 'Rahim' }));
    expect(second?.extensions?.triesLeft).toBe(3);

    // A stranger (another browser, with or without a code of its own) learns nothing of the owner's code.
    const stranger = browser();
    const guessed = errorOf(await stranger.graphql(SIGN_IN, { phone: '01712300011', code: wrong, name: 'Rahim' }));
    expect(guessed).toMatchObject({ message: WRONG_CODE, extensions: { code: 'BAD_USER_INPUT', field: 'code' } });
    expect(guessed?.extensions).not.toHaveProperty('triesLeft');
    await stranger.graphql(SEND, { phone: '01712300012' });
    const other = errorOf(await stranger.graphql(SIGN_IN, { phone: '01712300011', code: wrong, name: 'Rahim' }));
    expect(other?.extensions).not.toHaveProperty('triesLeft');
    // The owner's count was not touched by the stranger.
    expect(errorOf(await owner.graphql(SIGN_IN, { phone: '01712300011', code: wrong, name: 'Rahim' }))?.extensions?.triesLeft).toBe(2);
  });

  it('after the fifth, the code is dead, even when right, and says so in both languages; a new code works', async () => {
    const owner = browser('bn');
    await owner.graphql(SEND, { phone: '01712300013' });
    const code = await lastCode('+8801712300013');
    const wrong = code === '000000' ? '111111' : '000000';
    const left: unknown[] = [];
    for (let i = 0; i < 4; i++) left.push(errorOf(await owner.graphql(SIGN_IN, { phone: '01712300013', code: wrong, name: 'Rahim' }))?.extensions?.triesLeft);
    expect(left).toEqual([4, 3, 2, 1]);
    const fifth = errorOf(await owner.graphql(SIGN_IN, { phone: '01712300013', code: wrong, name: 'Rahim' }));
    expect(fifth).toMatchObject({
      message: 'এই কোডটি আর ব্যবহার করা যাবে না; নতুন একটি কোড চেয়ে নিন।',
      extensions: { code: 'CODE_USED_UP', category: 'BAD_USER_INPUT', field: 'code' },
    });
    owner.headers['accept-language'] = 'en';
    const right = errorOf(await owner.graphql(SIGN_IN, { phone: '01712300013', code, name: 'Rahim' }));
    expect(right).toMatchObject({ message: 'This code can no longer be used; ask for a new one.', extensions: { code: 'CODE_USED_UP' } });
    expect(CODE_USED_UP).toBe('This code can no longer be used; ask for a new one.');

    await secondsPass(30);
    await owner.graphql(SEND, { phone: '01712300013' });
    expect((await owner.graphql(SIGN_IN, { phone: '01712300013', code: await lastCode('+8801712300013'), name: 'Rahim' })).errors).toBeUndefined();
  });
});
