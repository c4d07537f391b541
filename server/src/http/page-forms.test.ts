import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../test/app';
import { closeTestDatabase, openTestDatabase } from '../test/database';
import { makeUser } from '../test/factories';
import { HttpClient } from '../test/http-client';
import { REFRESH_COOKIE } from '../modules/auth/session-cookie';
import { OutboxMessage } from '../modules/mail/outbox-message.entity';
import { InboxKind, InboxMessage } from '../modules/inbox/inbox-message.entity';

let db: DataSource;
let app: TestApp;
const password = 'a long enough password';

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startTestApp(db);
  await makeUser(db, { email: 'rina@example.com' }, password);
  await makeUser(db, { email: 'locked@example.com' }, password);
});

afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});

/** A browser on this site's own page sending a form: its Origin, its cookies, no scripts. */
function post(client: HttpClient, path: string, fields: Record<string, string>, headers: Record<string, string> = { origin: app.url }) {
  return client.request(path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The session the cookie brings back, as the app's scripts ask for it. */
async function sessionEmail(client: HttpClient): Promise<string | null> {
  const { data } = await client.graphql<{ refreshSession: { user: { email: string } } | null }>(
    'mutation { refreshSession(refreshToken: null) { user { email } } }',
  );
  return data?.refreshSession?.user.email ?? null;
}

describe('sign-in without scripts (POST /login)', () => {
  it('signs in with the right password: 303 to the return address, with the session cookie the app uses', async () => {
    const browser = new HttpClient(app.url);
    const res = await post(browser, '/login', { email: 'rina@example.com', password, next: '/model-tests' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/model-tests');
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${REFRESH_COOKIE}=`) && /HttpOnly/i.test(c))).toBe(true);
    expect(browser.cookies.get('shikhon_signed_in')).toBe('1');
    expect(await sessionEmail(browser)).toBe('rina@example.com');
  });

  it('never sends a visitor to another site after signing in', async () => {
    const res = await post(new HttpClient(app.url), '/login', { email: 'rina@example.com', password, next: '//evil.example/' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
  });

  it('draws the page again with the error in the page’s language (401), and no session', async () => {
    const bangla = new HttpClient(app.url);
    bangla.cookies.set('lang', 'bn');
    const res = await post(bangla, '/login', { email: 'rina@example.com', password: 'not the password' });
    expect(res.status).toBe(401);
    const page = await res.text();
    expect(page).toContain('ইমেইল বা পাসওয়ার্ড ভুল');
    expect(page).not.toContain('not the password');
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${REFRESH_COOKIE}=`))).toBe(false);

    const english = await post(new HttpClient(app.url), '/login', { email: 'rina@example.com', password: 'wrong again' });
    expect(english.status).toBe(401);
    expect(await english.text()).toContain('Wrong email or password');
  });

  it('refuses a POST from another site, or one that names no page at all', async () => {
    const attempts: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/login' },
      {},
      // What a browser sends from another site's form (this site's pages send no Referer, so its forms' Origin is "null").
      { 'sec-fetch-site': 'cross-site', origin: 'null' },
      { 'sec-fetch-site': 'same-site', origin: 'https://other.shikhon.example' },
      { 'sec-fetch-site': 'none' },
      { origin: 'null' },
    ];
    for (const headers of attempts) {
      const browser = new HttpClient(app.url);
      const res = await post(browser, '/login', { email: 'rina@example.com', password }, headers);
      expect(res.status).toBe(403);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    // This site's page: as a browser says it (Sec-Fetch-Site), or as an older one does (its Referer).
    const ours: Array<Record<string, string>> = [{ 'sec-fetch-site': 'same-origin', origin: 'null' }, { referer: `${app.url}/login` }];
    for (const headers of ours) {
      const res = await post(new HttpClient(app.url), '/login', { email: 'rina@example.com', password }, headers);
      expect(res.status).toBe(303);
    }
  });

  it('keeps the sign-in limits: a new browser that fails too often is made to wait, even with the right password then', async () => {
    const browser = new HttpClient(app.url);
    let last = 0;
    for (let i = 0; i < 12; i += 1) last = (await post(browser, '/login', { email: 'locked@example.com', password: `wrong ${i}` })).status;
    expect(last).toBe(429);
    const res = await post(new HttpClient(app.url), '/login', { email: 'locked@example.com', password });
    expect(res.status).toBe(429);
  });
});

describe('sign-up without scripts (POST /signUp)', () => {
  const fields = { name: 'Nusrat Jahan', email: 'nusrat@example.com', password, phone: '01712345678', date: '2008-04-01', role: 'STUDENT', terms: 'on' };

  it('asks for the terms to be accepted, in Bangla on a Bangla page, and keeps what was typed but the password', async () => {
    const browser = new HttpClient(app.url);
    browser.cookies.set('lang', 'bn');
    const { terms: _terms, ...unaccepted } = fields;
    const res = await post(browser, '/signUp', unaccepted);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('অ্যাকাউন্ট খুলতে শর্তাবলিতে সম্মতি দিন');
  });

  it('makes the account and signs in: 303 home with the session cookie', async () => {
    const browser = new HttpClient(app.url);
    const res = await post(browser, '/signUp', fields);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(await sessionEmail(browser)).toBe('nusrat@example.com');
    // The same rules as the mutation: the address is taken now.
    const again = await post(new HttpClient(app.url), '/signUp', fields);
    expect(again.status).toBe(409);
  });

  it('refuses a sign-up from another site', async () => {
    const res = await post(new HttpClient(app.url), '/signUp', { ...fields, email: 'other@example.com' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });
});

describe('the phone-code form without scripts (POST /login/phone)', () => {
  it('refuses a number that is not a Bangladeshi mobile, in the page’s language', async () => {
    const browser = new HttpClient(app.url);
    browser.cookies.set('lang', 'bn');
    const res = await post(browser, '/login/phone', { phone: '12345', mode: 'signIn' });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain('Enter a Bangladeshi mobile number');
  });

  it('refuses a code from another site', async () => {
    const res = await post(new HttpClient(app.url), '/login/phone', { phone: '01712345678', code: '123456' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });
});

let addressCounter = 0;
/** A browser at an address of its own (loopback proxies are trusted), so each test's limits are its own. */
function browserAt(language?: 'bn' | 'en'): HttpClient {
  const client = new HttpClient(app.url);
  client.headers['x-forwarded-for'] = `10.45.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;
  if (language) client.cookies.set('lang', language);
  return client;
}

const mailsTo = (to: string) => db.getRepository(OutboxMessage).countBy({ to });

describe('forgot password without scripts (POST /login/forgot-password)', () => {
  it('mails the reset link and says so in the page’s language; an address with no account gets the same answer and no mail', async () => {
    const known = await post(browserAt('bn'), '/login/forgot-password', { email: 'Rina@Example.com', password: '', next: '/model-tests' });
    expect(known.status).toBe(200);
    expect(known.headers.get('cache-control')).toBe('no-store');
    const page = await known.text();
    expect(page).toContain('পাসওয়ার্ড রিসেটের ইমেইল পাঠানো হয়েছে');
    expect(await mailsTo('rina@example.com')).toBe(1);
    // No session and nothing else of the sign-in form's: only the mail.
    expect(known.headers.getSetCookie().some((c) => c.startsWith(`${REFRESH_COOKIE}=`))).toBe(false);

    const unknown = await post(browserAt('bn'), '/login/forgot-password', { email: 'nobody@example.com', password: '', next: '/model-tests' });
    expect(unknown.status).toBe(200);
    // The same page, but for the address typed, which it keeps in the field.
    expect((await unknown.text()).replaceAll('nobody@example.com', 'Rina@Example.com')).toBe(page);
    expect(await mailsTo('nobody@example.com')).toBe(0);

    const english = await post(browserAt('en'), '/login/forgot-password', { email: 'nobody@example.com' });
    expect(await english.text()).toContain('Your forgotten password email is send');
  });

  it('refuses an address that is not an email, or none, with a clear message in Bangla, and mails nothing', async () => {
    const before = await db.getRepository(OutboxMessage).count();
    const wrong = await post(browserAt('bn'), '/login/forgot-password', { email: 'rina at example' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('সঠিক ইমেইল ঠিকানা লিখুন');
    const empty = await post(browserAt('bn'), '/login/forgot-password', { email: '  ' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('ইমেইল লিখুন');
    expect(await db.getRepository(OutboxMessage).count()).toBe(before);
  });

  it('keeps the mutation’s limit per address (30 an hour), then says when to try again', async () => {
    const browser = browserAt('en');
    for (let i = 0; i < 30; i += 1) expect((await post(browser, '/login/forgot-password', { email: `nobody${i}@example.com` })).status).toBe(200);
    const limited = await post(browser, '/login/forgot-password', { email: 'rina@example.com' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.text()).toContain('Too many attempts');
    // Another address is not held back.
    expect((await post(browserAt(), '/login/forgot-password', { email: 'nobody@example.com' })).status).toBe(200);
  });

  it('refuses a request from another site, mailing nothing', async () => {
    const before = await mailsTo('rina@example.com');
    const res = await post(browserAt(), '/login/forgot-password', { email: 'rina@example.com' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await mailsTo('rina@example.com')).toBe(before);
  });
});

describe('a new code without scripts (POST /login/phone/resend)', () => {
  const smsCount = (phone: string) => db.getRepository(OutboxMessage).countBy({ to: phone, channel: 'sms' });
  const lastCode = async (phone: string) => {
    const [sms] = await db.getRepository(OutboxMessage).find({ where: { to: phone, channel: 'sms' }, order: { createdAt: 'DESC' }, take: 1 });
    return /#(\d{6})\s*$/.exec(sms?.text ?? '')![1];
  };
  /** `seconds` pass for the codes already sent to `phone`. */
  const secondsPass = (phone: string, seconds: number) =>
    db.query(`UPDATE sign_in_code SET "createdAt" = "createdAt" - make_interval(secs => $2) WHERE phone = $1`, [phone, seconds]);

  it('waits 30 s after the first code and 60 s after the next, saying the wait in Bangla (429, nothing sent); then sends a new code that replaces the old', async () => {
    const browser = browserAt('bn');
    const phone = '+8801712400001';
    expect((await post(browser, '/login/phone', { phone: '01712400001', mode: 'signIn' })).status).toBe(200);
    expect(await smsCount(phone)).toBe(1);
    const first = await lastCode(phone);

    const tooSoon = await post(browser, '/login/phone/resend', { phone: '01712400001', code: '', mode: 'signIn' });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.headers.get('retry-after')).toBe('30');
    expect(await tooSoon.text()).toContain('৩০ সেকেন্ড');
    expect(await smsCount(phone)).toBe(1);

    await secondsPass(phone, 31);
    const resent = await post(browser, '/login/phone/resend', { phone: '01712400001', code: first, mode: 'signIn' });
    expect(resent.status).toBe(200);
    expect(resent.headers.get('cache-control')).toBe('no-store');
    expect(await smsCount(phone)).toBe(2);

    // The next wait is 60 s.
    await secondsPass(phone, 31);
    const again = await post(browser, '/login/phone/resend', { phone: '01712400001', code: '', mode: 'signIn' });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(25);
    expect(await smsCount(phone)).toBe(2);

    // The old code is over; the new one signs in (a new number: with a name).
    const old = await post(browser, '/login/phone', { phone: '01712400001', code: first, name: 'Rumana', mode: 'signIn' });
    expect(old.status).toBe(400);
    const signedIn = await post(browser, '/login/phone', { phone: '01712400001', code: await lastCode(phone), name: 'Rumana', mode: 'signIn' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith(`${REFRESH_COOKIE}=`))).toBe(true);
  });

  it('keeps the quota per number: the fourth code in 15 minutes is refused, and nothing is sent', async () => {
    const browser = browserAt('en');
    const phone = '+8801712400002';
    expect((await post(browser, '/login/phone', { phone: '01712400002', mode: 'signIn' })).status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      await secondsPass(phone, 61);
      expect((await post(browser, '/login/phone/resend', { phone: '01712400002', code: '', mode: 'signIn' })).status).toBe(200);
    }
    expect(await smsCount(phone)).toBe(3);
    await secondsPass(phone, 61);
    const limited = await post(browser, '/login/phone/resend', { phone: '01712400002', code: '', mode: 'signIn' });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain('Too many attempts');
    expect(await smsCount(phone)).toBe(3);
  });

  it('refuses a number that is not a Bangladeshi mobile, sending nothing, and a request from another site', async () => {
    const before = await db.getRepository(OutboxMessage).countBy({ channel: 'sms' });
    const wrong = await post(browserAt('bn'), '/login/phone/resend', { phone: '12345', code: '', mode: 'signUp' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('বাংলাদেশি মোবাইল নম্বর লিখুন');
    const foreign = await post(browserAt(), '/login/phone/resend', { phone: '01712400003', code: '', mode: 'signIn' }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await db.getRepository(OutboxMessage).countBy({ channel: 'sms' })).toBe(before);
  });
});

describe('the footer’s newsletter form without scripts (POST /subscribe)', () => {
  const subscribers = (email: string) => db.getRepository(InboxMessage).countBy({ kind: InboxKind.SUBSCRIPTION, email });

  it('subscribes the address once and says thanks in the page’s language, leading back to the page it was sent from', async () => {
    const res = await post(browserAt('bn'), '/subscribe', { email: ' Mitu@Example.com ', next: '/about' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await res.text();
    expect(page).toContain('<p role="status">সাবস্ক্রাইব করার জন্য ধন্যবাদ!</p>');
    expect(page).toContain('<a href="/about">');
    expect(await subscribers('mitu@example.com')).toBe(1);

    const again = await post(browserAt('en'), '/subscribe', { email: 'mitu@example.com', next: 'https://evil.example/' });
    expect(again.status).toBe(200);
    const english = await again.text();
    expect(english).toContain('Thanks for subscribing!');
    // Never leads to another site.
    expect(english).toContain('<a href="/">');
    expect(await subscribers('mitu@example.com')).toBe(1);
  });

  it('refuses an empty or wrong address with the form’s message in Bangla, keeping nothing', async () => {
    const before = await db.getRepository(InboxMessage).count();
    const empty = await post(browserAt('bn'), '/subscribe', { email: '  ', next: '/blog' });
    expect(empty.status).toBe(400);
    const emptyPage = await empty.text();
    expect(emptyPage).toContain('role="alert"');
    expect(emptyPage).toContain('<a href="/blog">');
    const wrong = await post(browserAt('bn'), '/subscribe', { email: 'mitu at example' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('সঠিক ইমেইল ঠিকানা লিখুন');
    expect(await db.getRepository(InboxMessage).count()).toBe(before);
  });

  it('keeps the visitors’ forms limit (30 an hour from one address) and refuses another site', async () => {
    const browser = browserAt('en');
    for (let i = 0; i < 30; i += 1) expect((await post(browser, '/subscribe', { email: `reader${i}@example.com` })).status).toBe(200);
    const limited = await post(browser, '/subscribe', { email: 'reader30@example.com' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.text()).toContain('Too many attempts');
    expect(await subscribers('reader30@example.com')).toBe(0);

    const forged = await post(browserAt(), '/subscribe', { email: 'forged@example.com' }, { origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(await subscribers('forged@example.com')).toBe(0);
  });
});
