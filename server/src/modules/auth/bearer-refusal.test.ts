/**
 * A bearer token or API key that does not verify is refused with 401 on every operation, public
 * ones included, in the shape of the path asked (GraphQL's errors, REST's message and code).
 */
import jwt from 'jsonwebtoken';
import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { TEST_JWT_SECRET } from '../../test/app';

const given = useAppPerFile({ emptyBeforeEach: false });
const COURSES = `{ courses { total } }`;
const SIGN_IN_AGAIN = 'Your session has ended. Please sign in again.';

beforeAll(async () => {
  await makeCourse(given.db, { name: 'Free Bangla grammar', price: 0 });
  await makeUser(given.db, { email: 'rahim@example.com' }, 'a long enough password');
});

const bearing = (token: string) => {
  const client = new HttpClient(given.app.url);
  client.token = token;
  return client;
};

const post = (client: HttpClient, query: string, accept?: string) =>
  client.request('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(accept ? { accept } : {}) },
    body: JSON.stringify({ query }),
  });

describe('a bearer token that does not verify', () => {
  it.each([
    ['garbage', 'garbage'],
    [
      'an expired token',
      () => jwt.sign({}, TEST_JWT_SECRET, { subject: '00000000-0000-4000-8000-000000000000', issuer: 'shikhon', audience: 'shikhon-api', expiresIn: -10 }),
    ],
    ['an unknown API key', 'shk_madeup'],
  ] as Array<[string, string | (() => string)]>)('(%s) is 401 on a public query, a public REST path and a sign-in', async (_label, token) => {
    const client = bearing(typeof token === 'string' ? token : token());
    const query = await post(client, COURSES);
    expect(query.status).toBe(401);
    const body = (await query.json()) as { data?: unknown; errors: Array<{ message: string; extensions: { code: string; category: string } }> };
    expect(body.data).toBeUndefined();
    expect(body.errors[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', category: 'UNAUTHENTICATED' });

    const rest = await client.request('/api/courses');
    expect(rest.status).toBe(401);
    expect(((await rest.json()) as { code: string }).code).toBe('UNAUTHENTICATED');

    const login = await post(client, `mutation { login(email: "rahim@example.com", password: "a long enough password") { accessToken } }`);
    expect(login.status).toBe(401);
  });

  it('is answered in application/graphql-response+json to a client that prefers it, so it reads the error', async () => {
    const res = await post(bearing('garbage'), COURSES, 'application/graphql-response+json,application/json;q=0.9');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
    const body = (await res.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(body.errors[0]).toMatchObject({ message: SIGN_IN_AGAIN, extensions: { code: 'UNAUTHENTICATED' } });
    const plain = await post(bearing('garbage'), COURSES);
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('is refused in Bangla to a Bangla reader', async () => {
    const client = bearing('garbage');
    client.headers['accept-language'] = 'bn';
    const body = (await (await post(client, COURSES)).json()) as { errors: Array<{ message: string }> };
    expect(body.errors[0].message).not.toBe(SIGN_IN_AGAIN);
    expect(body.errors[0].message).toMatch(/[\u0980-\u09FF]/);
  });
});

describe('what still works', () => {
  it('no token, and another scheme than Bearer (a proxy’s Basic), are a visitor', async () => {
    expect((await post(given.visitor, COURSES)).status).toBe(200);
    const res = await given.visitor.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from('staging:secret').toString('base64')}` },
      body: JSON.stringify({ query: COURSES }),
    });
    expect(res.status).toBe(200);
  });

  it('a session whose access token has ended is brought back from its cookie, the refresh sent without the token', async () => {
    const browser = await signedInClient(given.app.url, 'rahim@example.com', 'a long enough password');
    browser.token = 'an access token that has run out';
    expect((await post(browser, `{ me { email } }`)).status).toBe(401);
    browser.token = undefined;
    const refreshed = await browser.graphql<{ refreshSession: { accessToken: string } | null }>(`mutation { refreshSession { accessToken } }`);
    expect(refreshed.data!.refreshSession).not.toBeNull();
    browser.token = refreshed.data!.refreshSession!.accessToken;
    expect((await browser.graphql<{ me: { email: string } }>(`{ me { email } }`)).data!.me.email).toBe('rahim@example.com');
  });
});
