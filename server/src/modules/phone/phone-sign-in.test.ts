/**
 * Sign-in and sign-up with a mobile number and a code by SMS, against the real app and database:
 * codes expire, work once and survive only a few wrong tries; limits per number, address and range;
 * the site's daily budget; the same answer for every number; nothing follows from an unconfirmed number.
 */
import { randomUUID } from 'node:crypto';
import type * as AltchaModule from 'altcha-lib' with { 'resolution-mode': 'import' };
import type { Challenge } from 'altcha-lib' with { 'resolution-mode': 'import' };
import type * as Pbkdf2Module from 'altcha-lib/algorithms/pbkdf2' with { 'resolution-mode': 'import' };
import { IsNull, Not, type DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase, resetDatabase, testLog } from '../../test/database';
import { makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { phoneOnlyAddress } from '../../shared/phone';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { Role } from '../../kernel/role';
import { User } from '../user/user.entity';
import { SignInCode } from './sign-in-code.entity';
import { limits } from '../../shared/rate-limit';
import { JobQueue } from '../../db/job-queue';
import { waitFor } from '../../test/wait-for';
import { HELD_CODES_QUEUE } from './held-codes-job';
import { phoneModule } from './phone.module';
import { CODE_USED_UP, MAX_WRONG_TRIES, NAME_NEEDED, SMS_UNAVAILABLE, WRONG_CODE } from './phone-sign-in.service';
import { releaseHeldCodes } from './sms-budget';
import { DROPPED_CODE_BODY } from './code-delivery';

jest.setTimeout(60_000);

let db: DataSource;
let app: TestApp;

beforeAll(async () => {
  db = await openTestDatabase();
  // The limits are tested on their own here; the pumping check, which asks new numbers for a proof of work, at the end.
  app = await startTestApp(db, { PUBLIC_URL: 'http://shikhon.local', SMS_PUMPING_CHECK: 'false' });
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});
beforeEach(() => resetDatabase(db));

const REQUEST = `mutation ($phone: String!) { requestSignInCode(phone: $phone) }`;
const SIGN_IN = `mutation ($phone: String!, $code: String!, $name: String) {
  signInWithCode(phone: $phone, code: $code, name: $name) { accessToken user { id name email phone phoneConfirmed role language } }
}`;
const ADD = `mutation ($phone: String!) { addPhone(phone: $phone) }`;
const CONFIRM = `mutation ($code: String!) { confirmPhone(code: $code) { id phone phoneConfirmed } }`;

interface SignedIn {
  signInWithCode: {
    accessToken: string;
    user: { id: string; name: string; email: string | null; phone: string; phoneConfirmed: boolean; role: string; language: string };
  };
}

let addressCounter = 0;
/** A browser at an address of its own (loopback proxies are trusted, as in production behind one). */
function browser(address = `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`, language?: string): HttpClient {
  const client = new HttpClient(app.url);
  client.headers['x-forwarded-for'] = address;
  if (language) client.headers['accept-language'] = language;
  return client;
}

/** The SMS kept in the outbox for a number, newest last (no SMS_PROVIDER: they stay there). */
async function smsTo(phone: string): Promise<OutboxMessage[]> {
  return db.getRepository(OutboxMessage).find({ where: { to: phone, channel: 'sms' }, order: { createdAt: 'ASC' } });
}

/** The code in the newest SMS to a number, read from its WebOTP line. */
async function lastCode(phone: string): Promise<string> {
  const all = await smsTo(phone);
  const match = /#(\d{6})\s*$/.exec(all[all.length - 1]?.text ?? '');
  if (!match) throw new Error(`no code sent to ${phone}`);
  return match[1];
}

/** A minute passes for the codes already sent (a new code may be asked for 30 s, then 60 s, after the last). */
const aMinutePasses = () => db.query(`UPDATE sign_in_code SET "createdAt" = "createdAt" - interval '61 seconds'`);

const errorOf = (body: { errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }) => body.errors?.[0];

describe('a new student', () => {
  it('signs up with a number typed in Bangla digits, a name and the code from a Bangla SMS', async () => {
    const client = browser(undefined, 'bn');
    expect(await client.graphql(REQUEST, { phone: '০১৭১২-৩৪৫৬৭৮' })).toMatchObject({ data: { requestSignInCode: true } });
    const [sms] = await smsTo('+8801712345678');
    const code = await lastCode('+8801712345678');
    const bangla = code.replace(/\d/g, (d) => String.fromCodePoint(0x09e6 + Number(d)));
    expect(sms.text.startsWith(`আপনার শিখন কোড: ${bangla} (${code})`)).toBe(true);
    expect(sms.text.split('\n').at(-1)).toBe(`@shikhon.local #${code}`);
    // Only a hash of the code is stored.
    const [row] = await db.getRepository(SignInCode).find();
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt!.getTime() - row.createdAt.getTime()).toBeGreaterThan(4.9 * 60_000);
    expect(row.expiresAt!.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(5 * 60_000 + 1000);

    // Without a name the code is kept, and the answer asks for the name.
    const nameless = await client.graphql(SIGN_IN, { phone: '01712345678', code });
    expect(errorOf(nameless)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'name' } });
    expect(errorOf(nameless)?.message).toBe('অ্যাকাউন্ট খুলতে আপনার নাম লিখুন');
    expect(NAME_NEEDED).toBe('Tell us your name to make your account');

    const typedInBangla = bangla;
    const made = await client.graphql<SignedIn>(SIGN_IN, { phone: '+880 1712-345678', code: typedInBangla, name: 'Rahim' });
    expect(made.errors).toBeUndefined();
    expect(made.data!.signInWithCode.user).toMatchObject({
      name: 'Rahim',
      email: null,
      phone: '+8801712345678',
      phoneConfirmed: true,
      role: 'STUDENT',
      language: 'bn',
    });
    client.token = made.data!.signInWithCode.accessToken;
    expect((await client.graphql(`{ me { id phoneConfirmed } }`)).data).toEqual({ me: { id: made.data!.signInWithCode.user.id, phoneConfirmed: true } });

    // The code works once.
    const again = await browser().graphql(SIGN_IN, { phone: '01712345678', code, name: 'Rahim' });
    expect(errorOf(again)).toMatchObject({ message: WRONG_CODE, extensions: { code: 'BAD_USER_INPUT', field: 'code' } });

    // The next sign-in uses a new code and reaches the same account.
    const later = browser();
    await later.graphql(REQUEST, { phone: '01712345678' });
    const signedIn = await later.graphql<SignedIn>(SIGN_IN, { phone: '01712345678', code: await lastCode('+8801712345678') });
    expect(signedIn.data!.signInWithCode.user.id).toBe(made.data!.signInWithCode.user.id);
    expect(await db.getRepository(User).countBy({ phone: '+8801712345678' })).toBe(1);
  });

  it('gets mail meant for them as a short SMS pointing to the profile', async () => {
    const client = browser(undefined, 'bn');
    await client.graphql(REQUEST, { phone: '01812345678' });
    await client.graphql(SIGN_IN, { phone: '01812345678', code: await lastCode('+8801812345678'), name: 'Karima' });
    await app.services.mail.mailer.send({ to: phoneOnlyAddress('+8801812345678'), subject: 'আপনার শিখন রসিদ: পদার্থবিজ্ঞান', text: 'the long receipt' });
    const all = await smsTo('+8801812345678');
    expect(all.at(-1)!.text).toBe('শিখন: আপনার শিখন রসিদ: পদার্থবিজ্ঞান। পুরোটা পড়ুন আপনার প্রোফাইলে: http://shikhon.local/myprofile');
    expect(await db.getRepository(OutboxMessage).countBy({ channel: 'mail' })).toBe(0);
  });
});

describe('codes', () => {
  it('answer the same for a number with an account and one without', async () => {
    await makeUser(db, { phone: '+8801712000001', phoneConfirmedAt: new Date(), email: null });
    const known = await browser().graphql(REQUEST, { phone: '01712000001' });
    const unknown = await browser().graphql(REQUEST, { phone: '01712000002' });
    expect({ ...known, setCookies: undefined }).toEqual({ ...unknown, setCookies: undefined });
    expect(known.data).toEqual({ requestSignInCode: true });
    // Both answers give the browser its code cookie: httpOnly, sent only to /graphql.
    for (const answer of [known, unknown]) {
      expect(answer.setCookies).toEqual([
        expect.stringMatching(/^shikhon_code=[\w-]{43}; Max-Age=\d+; Path=\/graphql; Expires=.*; HttpOnly; SameSite=Strict$/) as string,
      ]);
    }
    expect(await smsTo('+8801712000001')).toHaveLength(1);
    expect(await smsTo('+8801712000002')).toHaveLength(1);
    // Only Bangladeshi mobile numbers (013 to 019) are taken.
    for (const phone of ['01212345678', '+447700900123', '0171234567', 'not a number']) {
      expect(errorOf(await browser().graphql(REQUEST, { phone }))).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'phone' } });
    }
  });

  it('expire after five minutes', async () => {
    const client = browser();
    await client.graphql(REQUEST, { phone: '01712000003' });
    const code = await lastCode('+8801712000003');
    await db.query(`UPDATE sign_in_code SET "expiresAt" = now() - interval '1 second'`);
    expect(errorOf(await client.graphql(SIGN_IN, { phone: '01712000003', code, name: 'Late' }))?.message).toBe(WRONG_CODE);
    expect(await db.getRepository(User).countBy({ phone: '+8801712000003' })).toBe(0);
  });

  it('work once: a used code signs in to nothing, for the same browser or another', async () => {
    const owner = await makeUser(db, { phone: '+8801712000006', phoneConfirmedAt: new Date() });
    const client = browser();
    await client.graphql(REQUEST, { phone: '01712000006' });
    const code = await lastCode('+8801712000006');
    expect((await client.graphql<SignedIn>(SIGN_IN, { phone: '01712000006', code })).data!.signInWithCode.user.id).toBe(owner.id);
    for (const again of [client, browser()]) {
      const answer = await again.graphql(SIGN_IN, { phone: '01712000006', code, name: 'Again' });
      expect(errorOf(answer)).toMatchObject({ message: WRONG_CODE, extensions: { code: 'BAD_USER_INPUT', field: 'code' } });
    }
    expect(await db.getRepository(User).countBy({ phone: '+8801712000006' })).toBe(1);
  });

  it(`stop working after ${MAX_WRONG_TRIES} wrong tries, even when the right one comes next`, async () => {
    const client = browser();
    await client.graphql(REQUEST, { phone: '01712000004' });
    const code = await lastCode('+8801712000004');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_WRONG_TRIES - 1; i++) {
      expect(errorOf(await client.graphql(SIGN_IN, { phone: '01712000004', code: wrong, name: 'Guesser' }))?.message).toBe(WRONG_CODE);
    }
    expect(errorOf(await client.graphql(SIGN_IN, { phone: '01712000004', code: wrong, name: 'Guesser' }))?.message).toBe(CODE_USED_UP);
    expect(errorOf(await client.graphql(SIGN_IN, { phone: '01712000004', code, name: 'Guesser' }))?.message).toBe(CODE_USED_UP);
    // A new code works again.
    await aMinutePasses();
    await client.graphql(REQUEST, { phone: '01712000004' });
    expect((await client.graphql(SIGN_IN, { phone: '01712000004', code: await lastCode('+8801712000004'), name: 'Guesser' })).errors).toBeUndefined();
  });

  it('end when a newer one is sent', async () => {
    const client = browser();
    await client.graphql(REQUEST, { phone: '01712000005' });
    const first = await lastCode('+8801712000005');
    await aMinutePasses();
    await client.graphql(REQUEST, { phone: '01712000005' });
    const second = await lastCode('+8801712000005');
    if (first !== second) expect(errorOf(await client.graphql(SIGN_IN, { phone: '01712000005', code: first, name: 'A' }))?.message).toBe(WRONG_CODE);
    expect((await client.graphql(SIGN_IN, { phone: '01712000005', code: second, name: 'A' })).errors).toBeUndefined();
  });
});

describe('limits', () => {
  it('allow a number 3 codes in 15 minutes and 10 a day', async () => {
    const ask = () => browser().graphql(REQUEST, { phone: '01912000001' });
    for (let i = 0; i < 3; i++) expect((await ask()).data).toEqual({ requestSignInCode: true });
    expect(errorOf(await ask())).toMatchObject({ extensions: { code: 'RATE_LIMITED', category: 'TOO_MANY_REQUESTS' } });
    let sent = 3;
    while (sent < 10) {
      // Fifteen minutes pass.
      await db.query(`DELETE FROM rate_limit WHERE key LIKE 'sms-code-number:%'`);
      for (let i = 0; i < 3 && sent < 10; i++, sent++) expect((await ask()).data).toEqual({ requestSignInCode: true });
    }
    await db.query(`DELETE FROM rate_limit WHERE key LIKE 'sms-code-number:%'`);
    expect(errorOf(await ask())).toMatchObject({ extensions: { code: 'RATE_LIMITED', category: 'TOO_MANY_REQUESTS' } });
    expect(await smsTo('+8801912000001')).toHaveLength(10);
  });

  it('allow one address many numbers (carrier-grade NAT), then stop it without stopping others', async () => {
    const shared = browser('10.200.0.1');
    for (let i = 0; i < 60; i++) {
      const phone = `01${3 + (i % 7)}1${String(i).padStart(7, '0')}`;
      expect((await shared.graphql(REQUEST, { phone })).data).toEqual({ requestSignInCode: true });
    }
    expect(errorOf(await shared.graphql(REQUEST, { phone: '01555000000' }))).toMatchObject({
      extensions: { code: 'RATE_LIMITED', category: 'TOO_MANY_REQUESTS' },
    });
    expect((await browser('10.200.0.2').graphql(REQUEST, { phone: '01555000000' })).data).toEqual({ requestSignInCode: true });
  });

  it('stop a range of numbers being sprayed from many addresses', async () => {
    for (let i = 0; i < 40; i++) {
      expect((await browser().graphql(REQUEST, { phone: `0171230${String(i).padStart(4, '0')}` })).data).toEqual({ requestSignInCode: true });
    }
    expect(errorOf(await browser().graphql(REQUEST, { phone: '01712309999' }))).toMatchObject({
      extensions: { code: 'RATE_LIMITED', category: 'TOO_MANY_REQUESTS' },
    });
    expect((await browser().graphql(REQUEST, { phone: '01712409999' })).data).toEqual({ requestSignInCode: true });
  });
});

describe('limits counted', () => {
  it('only once a request passes them all: one refused for its address counts nothing against the number or its range', async () => {
    // An address that used up its hour.
    await db.query(`INSERT INTO rate_limit (key, hits, "resetAt") VALUES ('sms-code-ip:10.66.0.1', 60, now() + interval '1 hour')`);
    const spent = browser('10.66.0.1');
    for (let i = 0; i < 45; i++) {
      const phone = i < 5 ? '01712400001' : `0171240${String(i).padStart(4, '0')}`;
      expect(errorOf(await spent.graphql(REQUEST, { phone }))).toMatchObject({ extensions: { code: 'RATE_LIMITED' } });
    }
    // The number still has its three codes, and its range its forty.
    for (let i = 0; i < 3; i++) expect((await browser().graphql(REQUEST, { phone: '01712400001' })).data).toEqual({ requestSignInCode: true });
    for (let i = 0; i < 37; i++) {
      expect((await browser().graphql(REQUEST, { phone: `0171240${String(5000 + i)}` })).data).toEqual({ requestSignInCode: true });
    }
  });

  it('count an IPv6 address by its /64: rotating addresses in it counts as one', async () => {
    for (let i = 0; i < 60; i++) {
      const phone = `01${3 + (i % 7)}2${String(i).padStart(7, '0')}`;
      expect((await browser(`2001:db8:1:2::${(i + 1).toString(16)}`).graphql(REQUEST, { phone })).data).toEqual({ requestSignInCode: true });
    }
    expect(errorOf(await browser('2001:db8:1:2:ffff::1').graphql(REQUEST, { phone: '01555000001' }))).toMatchObject({
      extensions: { code: 'RATE_LIMITED' },
    });
    expect((await browser('2001:db8:1:3::1').graphql(REQUEST, { phone: '01555000001' })).data).toEqual({ requestSignInCode: true });
  });
});

describe('the daily budget', () => {
  let tight: TestApp;
  beforeAll(async () => {
    // Ten codes a day: nine for new numbers, the last one kept for numbers with an account; a warning at eight.
    tight = await startTestApp(db, { PUBLIC_URL: 'http://shikhon.local', SMS_DAILY_BUDGET: '10' });
  });
  afterAll(() => tight.close());

  let asker = 0;
  const ask = (phone: string, language?: string, on: TestApp = tight) => {
    const client = new HttpClient(on.url);
    client.headers['x-forwarded-for'] = `10.77.${Math.floor(++asker / 250)}.${asker % 250}`;
    if (language) client.headers['accept-language'] = language;
    return client.graphql(REQUEST, { phone });
  };
  const counts = async () => {
    const admin = await signedInClient(tight.url, 'boss@example.com', 'boss password');
    const summary = await admin.graphql<{ adminSummary: { signInCodes: { today: Record<string, number>; last30Days: Record<string, number> } } }>(
      `{ adminSummary { signInCodes { today { sent used refused held } last30Days { sent used refused held } } } }`,
    );
    return summary.data!.adminSummary.signInCodes;
  };
  const notices = async () =>
    (await db.getRepository(OutboxMessage).find({ where: { to: 'boss@example.com' }, order: { createdAt: 'ASC' } })).map((m) => m.subject);
  beforeEach(() => makeUser(db, { email: 'boss@example.com', role: Role.ADMIN }, 'boss password'));

  it('refuses a code it cannot send with a clear error in the asker language, never a true; keeps the last share for numbers with an account; warns admins at 80%', async () => {
    await makeUser(db, { phone: '+8801712000099', phoneConfirmedAt: new Date(), email: null });
    for (let i = 1; i <= 8; i++) expect((await ask(`0171200001${i}`)).data).toEqual({ requestSignInCode: true });
    // Eight of ten: admins are warned once.
    expect(await notices()).toEqual(["Shikhon: 80% of today's SMS budget is used"]);
    expect((await ask('01712000019')).data).toEqual({ requestSignInCode: true });
    // Nine for new numbers: the tenth is kept for a number with an account.
    const refused = await ask('01712000020');
    expect(refused.data).toBeNull();
    expect(errorOf(refused)).toMatchObject({
      message: SMS_UNAVAILABLE,
      extensions: expect.objectContaining({ code: 'SMS_UNAVAILABLE', category: 'TOO_MANY_REQUESTS' }) as object,
    });
    expect(await smsTo('+8801712000020')).toEqual([]);
    expect(await db.getRepository(SignInCode).countBy({ phone: '+8801712000020' })).toBe(0);
    expect((await ask('01712000099')).data).toEqual({ requestSignInCode: true });
    // Now the budget is spent for everyone, said in the asker's language.
    const bangla = await ask('01712000099', 'bn');
    expect(errorOf(bangla)).toMatchObject({ extensions: { code: 'SMS_UNAVAILABLE' } });
    expect(errorOf(bangla)!.message).toBe(
      'আজ আর এসএমএসে কোড পাঠানো যাচ্ছে না: সাইটের আজকের এসএমএস সীমা শেষ। আপনার অ্যাকাউন্টে পাসওয়ার্ড থাকলে ইমেইল ও পাসওয়ার্ড দিয়ে লগইন করুন, নয়তো আগামীকাল আবার চেষ্টা করুন।',
    );
    expect(await smsTo('+8801712000099')).toHaveLength(1);
    expect(await notices()).toEqual(["Shikhon: 80% of today's SMS budget is used", "Shikhon: today's SMS budget is used up"]);
    expect(await counts()).toEqual({ today: { sent: 10, used: 0, refused: 2, held: 0 }, last30Days: { sent: 10, used: 0, refused: 2, held: 0 } });
    // Nothing waits in the outbox for a later day.
    expect(await db.getRepository(OutboxMessage).countBy({ heldAt: Not(IsNull()) })).toBe(0);
  });

  it('still sends, oldest first, or drops the SMS an earlier version held for the budget (the scheduled job)', async () => {
    /** An SMS held for the budget as the earlier version wrote it. */
    const heldEarlier = async (phone: string, minutesAgo: number) => {
      const code = await db.getRepository(SignInCode).save({
        id: randomUUID(),
        phone,
        purpose: 'sign-in' as const,
        userId: null,
        codeHash: 'x',
        browserHash: null,
        expiresAt: null,
        usedAt: null,
      });
      await db
        .getRepository(OutboxMessage)
        .save({ to: phone, channel: 'sms' as const, subject: 'SMS', text: 'code #123456', sentAt: null, signInCodeId: code.id, heldAt: new Date() });
      await db.query(`UPDATE outbox_message SET "createdAt" = now() - make_interval(mins => $2) WHERE "to" = $1`, [phone, minutesAgo]);
    };
    await heldEarlier('+8801712000031', 31);
    await heldEarlier('+8801712000032', 2);
    const queue = new JobQueue((db.options as { url: string }).url, testLog, { scheduledPollingSeconds: 0.5 });
    try {
      const [job] = phoneModule.jobs!({ ...tight.services, jobs: queue });
      expect(job).toMatchObject({ queue: HELD_CODES_QUEUE, cron: '* * * * *' });
      await job.start();
      await waitFor('the job to send the held code', async () => (await smsTo('+8801712000032'))[0].heldAt === null);
    } finally {
      await queue.stop();
    }
    const [dropped] = await smsTo('+8801712000031');
    expect(dropped).toMatchObject({ heldAt: null, sentAt: null, text: DROPPED_CODE_BODY });
    expect((await db.getRepository(SignInCode).findOneByOrFail({ phone: '+8801712000032' })).expiresAt!.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(await releaseHeldCodes(tight.services.auth)).toEqual({ released: 0, dropped: 0 });
  });
});

describe('codes belong to the browser that asked for them', () => {
  it("a stranger's guesses never use up, end or delay the owner's code; the stranger waits longer and longer", async () => {
    const owner = browser();
    await owner.graphql(REQUEST, { phone: '01712000041' });
    const code = await lastCode('+8801712000041');
    const wrong = code === '000000' ? '111111' : '000000';
    // Even the right code, typed in another browser, does not reach the owner's code.
    expect(errorOf(await browser().graphql(SIGN_IN, { phone: '01712000041', code, name: 'Stranger' }))?.message).toBe(WRONG_CODE);
    const stranger = browser();
    const answers: Array<string | undefined> = [];
    const { max } = limits.codeGuessesPerNumber;
    for (let i = 1; i < max + 10; i++) {
      answers.push(errorOf(await stranger.graphql(SIGN_IN, { phone: '01712000041', code: wrong, name: 'Stranger' }))?.extensions?.code as string | undefined);
    }
    // Wrong codes first (more than the code's own MAX_WRONG_TRIES); then waits instead of ending the code.
    expect(max).toBeGreaterThan(MAX_WRONG_TRIES);
    expect(answers.slice(0, max)).toEqual(Array<string>(max).fill('BAD_USER_INPUT'));
    expect(answers.slice(max)).toEqual(Array<string>(9).fill('RATE_LIMITED'));
    const waiting = await stranger.graphql(SIGN_IN, { phone: '01712000041', code: wrong });
    expect(errorOf(waiting)).toMatchObject({ message: 'Too many wrong codes. Try again in 2 seconds.', extensions: { retryAfterSeconds: 2 } });
    // The wait ends; the next wrong code makes the next wait twice as long.
    await db.query(`UPDATE rate_limit SET "resetAt" = now() WHERE key LIKE 'sms-guess-%-wait:%'`);
    await stranger.graphql(SIGN_IN, { phone: '01712000041', code: wrong });
    expect(errorOf(await stranger.graphql(SIGN_IN, { phone: '01712000041', code: wrong }))?.extensions?.retryAfterSeconds).toBe(4);
    expect((await db.getRepository(SignInCode).findOneByOrFail({ phone: '+8801712000041' })).failedAttempts).toBe(0);
    // The owner signs in at once, while strangers wait.
    const signedIn = await owner.graphql<SignedIn>(SIGN_IN, { phone: '01712000041', code, name: 'Owner' });
    expect(signedIn.errors).toBeUndefined();
    expect(signedIn.data!.signInWithCode.user.name).toBe('Owner');
  });

  it("a stranger asking for a code for the same number does not end the owner's code", async () => {
    const owner = browser();
    await owner.graphql(REQUEST, { phone: '01712000042' });
    const code = await lastCode('+8801712000042');
    expect((await browser().graphql(REQUEST, { phone: '01712000042' })).data).toEqual({ requestSignInCode: true });
    expect((await owner.graphql(SIGN_IN, { phone: '01712000042', code, name: 'Owner' })).errors).toBeUndefined();
  });
});

describe('a number added to an email account', () => {
  it('is confirmed by its code, then signs in to that account', async () => {
    const owner = await makeUser(db, { email: 'owner@example.com', phone: null }, 'owner password');
    const client = await signedInClient(app.url, 'owner@example.com', 'owner password');
    expect((await client.graphql(ADD, { phone: '০১৬১২৩৪৫৬৭৮' })).data).toEqual({ addPhone: true });
    // Not yet confirmed: the profile keeps its phone and the number signs in to nothing.
    expect((await db.getRepository(User).findOneByOrFail({ id: owner.id })).phone).toBeNull();
    expect(errorOf(await client.graphql(CONFIRM, { code: '000000' === (await lastCode('+8801612345678')) ? '111111' : '000000' }))?.message).toBe(WRONG_CODE);
    const confirmed = await client.graphql(CONFIRM, { code: await lastCode('+8801612345678') });
    expect(confirmed.data).toEqual({ confirmPhone: { id: owner.id, phone: '+8801612345678', phoneConfirmed: true } });
    expect((await client.graphql(ADD, { phone: '01612345678' })).data).toEqual({ addPhone: false });

    const phone = browser();
    await phone.graphql(REQUEST, { phone: '01612345678' });
    const signedIn = await phone.graphql<SignedIn>(SIGN_IN, { phone: '01612345678', code: await lastCode('+8801612345678') });
    expect(signedIn.data!.signInWithCode.user).toMatchObject({ id: owner.id, email: 'owner@example.com' });
    // The password still works too.
    await signedInClient(app.url, 'owner@example.com', 'owner password');
  });

  it('never gives an account, a role or a sign-in from a number that was only typed', async () => {
    // An admin whose profile lists a number they never confirmed.
    const admin = await makeUser(db, { email: 'boss@example.com', role: Role.ADMIN, phone: '+8801711111111' });
    const stranger = browser();
    await stranger.graphql(REQUEST, { phone: '01711111111' });
    const made = await stranger.graphql<SignedIn>(SIGN_IN, { phone: '01711111111', code: await lastCode('+8801711111111'), name: 'Someone else' });
    // Whoever reads the number's SMS gets a new student account, never the admin's.
    expect(made.data!.signInWithCode.user.id).not.toBe(admin.id);
    expect(made.data!.signInWithCode.user.role).toBe('STUDENT');

    // Another account cannot take a confirmed number by adding it.
    const other = await makeUser(db, { email: 'other@example.com' }, 'other password');
    const client = await signedInClient(app.url, other.email, 'other password');
    await client.graphql(ADD, { phone: '01711111111' });
    const taken = await client.graphql(CONFIRM, { code: await lastCode('+8801711111111') });
    expect(errorOf(taken)).toMatchObject({ extensions: { code: 'CONFLICT', field: 'phone' } });
    expect((await db.getRepository(User).findOneByOrFail({ id: other.id })).phoneConfirmedAt).toBeNull();
    // A code sent to confirm a number does not sign in with it.
    await client.graphql(ADD, { phone: '01799999999' });
    const confirmCode = await lastCode('+8801799999999');
    expect(errorOf(await browser().graphql(SIGN_IN, { phone: '01799999999', code: confirmCode, name: 'X' }))?.message).toBe(WRONG_CODE);
    // Nor does one account's confirm code confirm for another.
    const third = await makeUser(db, { email: 'third@example.com' }, 'third password');
    const thirdClient = await signedInClient(app.url, third.email, 'third password');
    expect(errorOf(await thirdClient.graphql(CONFIRM, { code: confirmCode }))?.message).toBe(WRONG_CODE);
  });

  it("is confirmed per account: another account adding the same number does not end this one's code", async () => {
    await makeUser(db, { email: 'a@example.com' }, 'a password');
    await makeUser(db, { email: 'b@example.com' }, 'b password');
    const a = await signedInClient(app.url, 'a@example.com', 'a password');
    const b = await signedInClient(app.url, 'b@example.com', 'b password');
    await a.graphql(ADD, { phone: '01612000051' });
    const codeOfA = await lastCode('+8801612000051');
    await b.graphql(ADD, { phone: '01612000051' });
    expect((await a.graphql(CONFIRM, { code: codeOfA })).data).toMatchObject({ confirmPhone: { phone: '+8801612000051', phoneConfirmed: true } });
  });

  it('cannot be changed by typing in the profile of an account that signs in only with it', async () => {
    const client = browser();
    await client.graphql(REQUEST, { phone: '01512345678' });
    const made = await client.graphql<SignedIn>(SIGN_IN, { phone: '01512345678', code: await lastCode('+8801512345678'), name: 'Only phone' });
    client.token = made.data!.signInWithCode.accessToken;
    const changed = await client.graphql(`mutation { updateProfile(input: { phone: "01512345679" }) { phone } }`);
    expect(errorOf(changed)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'input.phone' } });
  });
});

describe('SMS pumping', () => {
  let checking: TestApp;
  beforeAll(async () => {
    checking = await startTestApp(db, { PUBLIC_URL: 'http://shikhon.local' });
  });
  afterAll(() => checking.close());
  const browser = (address: string) => {
    const client = new HttpClient(checking.url);
    client.headers['x-forwarded-for'] = address;
    return client;
  };
  const ASK = `mutation ($phone: String!, $proof: String) { requestSignInCode(phone: $phone, proofOfWork: $proof) }`;

  /** What a page does with a CHECK_REQUIRED answer: solves the challenge and encodes the proof. */
  async function solve(challenge: Challenge): Promise<string> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { solveChallenge } = require('altcha-lib') as typeof AltchaModule;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { deriveKey } = require('altcha-lib/algorithms/pbkdf2') as typeof Pbkdf2Module;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  it('asks new numbers for a proof of work once an address sends codes nobody uses, never a number with an account, and counts each proof once', async () => {
    const pumper = browser('10.66.0.1');
    // Ten codes to numbers of one paid range, none of them ever used.
    for (let n = 0; n < 10; n++)
      expect((await pumper.graphql(ASK, { phone: `0191234${String(n).padStart(4, '0')}` })).data).toEqual({ requestSignInCode: true });
    const before = await db.getRepository(SignInCode).count();

    const asked = await pumper.graphql(ASK, { phone: '01912349999' });
    expect(errorOf(asked)).toMatchObject({
      message: 'Checking this device before sending the code',
      extensions: { code: 'CHECK_REQUIRED', category: 'TOO_MANY_REQUESTS' },
    });
    const challenge = errorOf(asked)!.extensions!.challenge as Challenge;
    expect(challenge.signature).toBeTruthy();
    expect(await db.getRepository(SignInCode).count()).toBe(before);

    // A forged proof sends nothing and gets a new challenge.
    const forged = Buffer.from(JSON.stringify({ challenge: { ...challenge, signature: 'f'.repeat(64) }, solution: { counter: 1, derivedKey: '00' } })).toString(
      'base64',
    );
    expect(errorOf(await pumper.graphql(ASK, { phone: '01912349999', proof: forged }))).toMatchObject({
      message: 'The device check did not pass. Please try again.',
      extensions: { code: 'CHECK_REQUIRED' },
    });

    const proof = await solve(challenge);
    expect((await pumper.graphql(ASK, { phone: '01912349999', proof })).data).toEqual({ requestSignInCode: true });
    expect(await db.getRepository(SignInCode).count()).toBe(before + 1);
    // The same proof a second time is no proof.
    expect(errorOf(await pumper.graphql(ASK, { phone: '01912349998', proof }))?.extensions?.code).toBe('CHECK_REQUIRED');

    // A student with an account is sent their code unchecked, even from that address.
    await makeUser(db, { email: null as unknown as string, phone: '+8801912340000', phoneConfirmedAt: new Date() });
    await aMinutePasses();
    expect((await pumper.graphql(ASK, { phone: '01912340000' })).data).toEqual({ requestSignInCode: true });
  });

  it('sends codes unchecked to an address whose codes are used', async () => {
    const school = browser('10.66.0.2');
    for (let n = 0; n < 12; n++) {
      const phone = `0171555${String(n).padStart(4, '0')}`;
      expect((await school.graphql(ASK, { phone })).data).toEqual({ requestSignInCode: true });
      expect(errorOf(await school.graphql(SIGN_IN, { phone, code: await lastCode(`+88${phone}`), name: `Student ${n}` }))).toBeUndefined();
    }
  });
});
