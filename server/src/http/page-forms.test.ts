import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../test/app';
import { closeTestDatabase, openTestDatabase } from '../test/database';
import { makeUser } from '../test/factories';
import { HttpClient } from '../test/http-client';
import { REFRESH_COOKIE } from '../modules/auth/session-cookie';

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
