import { useAppPerFile } from '../../test/app-per-file';
import jwt from 'jsonwebtoken';
import { TEST_JWT_SECRET } from '../../test/app';
import { makeUser } from '../../test/factories';
import { HttpClient } from '../../test/http-client';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { Role } from '../../kernel/role';
import { User } from '../user/user.entity';
import { PasswordReset } from './password-reset.entity';

/** A page of another site whose origin the server lists in CORS_ORIGINS. */
const OTHER_SITE = 'https://old.shikhon.example';

const given = useAppPerFile({ env: { PUBLIC_URL: 'http://shikhon.local', CORS_ORIGINS: OTHER_SITE } });

const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken user { id name email role image phone date } } }`;
const LOGIN = `mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { accessToken user { email role } } }`;
const REFRESH = `mutation { refreshSession { accessToken user { email } } }`;
const ME = `{ me { email name role } }`;

const validInput = {
  name: 'Nusrat Jahan',
  email: 'Nusrat@Example.com',
  password: 'a long password',
  phone: '+880 1712-345678',
  date: '2007-09-01',
  role: 'STUDENT',
};

const client = () => new HttpClient(given.app.url);

describe('sign up', () => {
  it('creates a student, signs them in at once and remembers the session in an httpOnly cookie', async () => {
    const browser = client();
    const { data, errors, setCookies } = await browser.graphql<{ signUp: { accessToken: string; user: Record<string, string> } }>(SIGN_UP, {
      input: validInput,
    });
    expect(errors).toBeUndefined();
    expect(data!.signUp.user).toMatchObject({
      name: 'Nusrat Jahan',
      email: 'nusrat@example.com',
      role: 'STUDENT',
      image: '/media/people/student.svg',
      date: '2007-09-01',
    });
    expect(setCookies[0]).toMatch(/^shikhon_refresh=[^;]+; Max-Age=2592000; Path=\/graphql; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
    // The device cookie: this browser is a known one for the account from now on (a year).
    expect(setCookies[1]).toMatch(/^shikhon_device=[^;]+; Max-Age=31536000; Path=\/graphql; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
    browser.token = data!.signUp.accessToken;
    expect((await browser.graphql(ME)).data).toEqual({ me: { email: 'nusrat@example.com', name: 'Nusrat Jahan', role: 'STUDENT' } });
  });

  it('gives an instructor the instructor avatar', async () => {
    const { data } = await client().graphql<{ signUp: { user: { role: string; image: string } } }>(SIGN_UP, { input: { ...validInput, role: 'INSTRUCTOR' } });
    expect(data!.signUp.user).toMatchObject({ role: 'INSTRUCTOR', image: '/media/people/instructor.svg' });
  });

  it('refuses the admin role and creates nothing', async () => {
    const { errors } = await client().graphql(SIGN_UP, { input: { ...validInput, role: 'ADMIN' } });
    expect(errors![0]).toMatchObject({ message: 'You can sign up as a student or an instructor only', extensions: { code: 'FORBIDDEN' } });
    expect(await given.db.getRepository(User).count()).toBe(0);
  });

  it('refuses a role that does not exist', async () => {
    const { errors } = await client().graphql(SIGN_UP, { input: { ...validInput, role: 'SUPERUSER' } });
    expect(errors![0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(await given.db.getRepository(User).count()).toBe(0);
  });

  it('needs every field, the role too (the form itself says to select one)', async () => {
    const { errors } = await client().graphql(SIGN_UP, { input: { ...validInput, role: null } });
    expect(errors![0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(errors![0].message).toContain('"Role!"');
    expect(await given.db.getRepository(User).count()).toBe(0);
  });

  it('names every empty field with its own message', async () => {
    const { errors } = await client().graphql(SIGN_UP, { input: { name: ' ', email: '', password: '', phone: '', date: '', role: 'STUDENT' } });
    expect(errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: {
        name: 'Name is required',
        email: 'Email is required',
        password: 'Password is required',
        phone: 'Phone is required',
        date: 'Date of birth is required',
      },
    });
  });

  it.each([
    ['email', 'nusrat@', 'Enter a valid email address'],
    ['password', 'short', 'Password must be at least 8 characters'],
    ['phone', '12ab', 'Enter a valid phone number'],
    ['phone', '12345', 'Enter a valid phone number'],
    ['date', '2007-02-30', 'Enter a valid date of birth'],
    ['date', '2099-01-01', 'Enter a valid date of birth'],
  ])('refuses %s %j: %s', async (field, value, message) => {
    const { errors } = await client().graphql(SIGN_UP, { input: { ...validInput, [field]: value } });
    expect(errors![0].message).toBe(message);
    expect(errors![0].extensions?.fields).toEqual({ [field]: message });
    expect(await given.db.getRepository(User).count()).toBe(0);
  });

  it('refuses the same email twice, whatever its case', async () => {
    await client().graphql(SIGN_UP, { input: validInput });
    const { errors } = await client().graphql(SIGN_UP, { input: { ...validInput, email: 'NUSRAT@example.COM' } });
    expect(errors![0]).toMatchObject({ message: 'An account with this email already exists', extensions: { code: 'EMAIL_TAKEN', category: 'CONFLICT' } });
    expect(await given.db.getRepository(User).count()).toBe(1);
  });
});

describe('sign in', () => {
  it('signs in with the right password, whatever the email case', async () => {
    await makeUser(given.db, { email: 'rahim@example.com' }, 'right password');
    const { data } = await client().graphql<{ login: { accessToken: string; user: { email: string } } }>(LOGIN, {
      email: 'Rahim@Example.com',
      password: 'right password',
    });
    expect(data!.login.user.email).toBe('rahim@example.com');
    expect(jwt.decode(data!.login.accessToken, { complete: true })!.header.alg).toBe('HS256');
  });

  it('gives one message for a wrong password and an unknown email', async () => {
    await makeUser(given.db, { email: 'rahim@example.com' }, 'right password');
    const wrongPassword = await client().graphql(LOGIN, { email: 'rahim@example.com', password: 'wrong password' });
    const unknownEmail = await client().graphql(LOGIN, { email: 'nobody@example.com', password: 'right password' });
    expect(wrongPassword.errors![0]).toMatchObject({
      message: 'Wrong email or password',
      extensions: { code: 'WRONG_CREDENTIALS', category: 'UNAUTHENTICATED' },
    });
    expect(unknownEmail.errors![0]).toEqual(wrongPassword.errors![0]);
  });

  it('refuses a closed account', async () => {
    await makeUser(given.db, { email: 'gone@example.com', deletedAt: new Date() }, 'right password');
    const { errors } = await client().graphql(LOGIN, { email: 'gone@example.com', password: 'right password' });
    expect(errors![0].message).toBe(
      'This account is closed. To reopen it, call +880 9612-345678 or send us a message from the Support page; an admin will reopen it.',
    );
  });

  it('makes new browsers wait after ten failures on one account, with a clear message', async () => {
    await makeUser(given.db, { email: 'target@example.com' }, 'right password');
    for (let i = 0; i < 10; i++) await client().graphql(LOGIN, { email: 'target@example.com', password: `guess ${i}` });
    const { errors } = await client().graphql(LOGIN, { email: 'target@example.com', password: 'right password' });
    expect(errors![0]).toMatchObject({
      message: 'Too many failed sign-ins to this account from new browsers. Try again in 1 second, or sign in from a browser you used before.',
      extensions: { code: 'RATE_LIMITED', category: 'TOO_MANY_REQUESTS', retryAfterSeconds: 1 },
    });
  });
});

describe('the session', () => {
  async function signedIn() {
    await makeUser(given.db, { email: 'rahim@example.com' }, 'right password');
    const browser = client();
    const { data } = await browser.graphql<{ login: { accessToken: string } }>(LOGIN, { email: 'rahim@example.com', password: 'right password' });
    browser.token = data!.login.accessToken;
    return browser;
  }

  it('survives a reload: the refresh cookie gives a new access token and a new cookie', async () => {
    const browser = await signedIn();
    const before = browser.cookies.get('shikhon_refresh');
    browser.token = undefined;
    const { data } = await browser.graphql<{ refreshSession: { accessToken: string; user: { email: string } } }>(REFRESH);
    expect(data!.refreshSession.user.email).toBe('rahim@example.com');
    expect(browser.cookies.get('shikhon_refresh')).not.toBe(before);
  });

  it('answers null to a browser without a session', async () => {
    expect((await client().graphql(REFRESH)).data).toEqual({ refreshSession: null });
  });

  it('revokes the whole family when a replaced refresh token is used again', async () => {
    const browser = await signedIn();
    const stolen = browser.cookies.get('shikhon_refresh')!;
    await browser.graphql(REFRESH);
    // The theft comes later than two tabs refreshing together could explain.
    await given.db.query(`UPDATE refresh_token SET "revokedAt" = now() - interval '1 minute' WHERE "replacedBy" IS NOT NULL`);
    const thief = client();
    thief.cookies.set('shikhon_refresh', stolen);
    const theft = await thief.graphql(REFRESH);
    expect(theft.errors![0]).toMatchObject({ message: 'Your session has ended. Please sign in again.', extensions: { code: 'UNAUTHENTICATED' } });
    const owner = await browser.graphql(REFRESH);
    expect(owner.errors![0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('lets two tabs refresh with the same cookie at the same moment', async () => {
    const browser = await signedIn();
    const cookie = browser.cookies.get('shikhon_refresh')!;
    const otherTab = client();
    otherTab.cookies.set('shikhon_refresh', cookie);
    await browser.graphql(REFRESH);
    const { data, errors } = await otherTab.graphql<{ refreshSession: { user: { email: string } } }>(REFRESH);
    expect(errors).toBeUndefined();
    expect(data!.refreshSession.user.email).toBe('rahim@example.com');
  });

  describe('for a page of another site listed in CORS_ORIGINS (which the browser sends no cookie)', () => {
    const LOGIN_TOKEN = `mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { accessToken refreshToken } }`;
    const REFRESH_TOKEN = `mutation ($t: String) { refreshSession(refreshToken: $t) { accessToken refreshToken user { email } } }`;
    type Refreshed = { refreshSession: { accessToken: string; refreshToken: string | null; user: { email: string } } | null };

    function page(origin: string) {
      const browser = client();
      browser.headers.origin = origin;
      return browser;
    }

    it('keeps the session with the refresh token given in each answer, until logout', async () => {
      await makeUser(given.db, { email: 'rahim@example.com' }, 'right password');
      const oldClient = page(OTHER_SITE);
      const login = await oldClient.graphql<{ login: { refreshToken: string | null } }>(LOGIN_TOKEN, {
        email: 'rahim@example.com',
        password: 'right password',
      });
      const first = login.data!.login.refreshToken;
      expect(first).toEqual(expect.any(String));

      const later = page(OTHER_SITE);
      const refreshed = await later.graphql<Refreshed>(REFRESH_TOKEN, { t: first });
      expect(refreshed.data!.refreshSession!.user.email).toBe('rahim@example.com');
      const second = refreshed.data!.refreshSession!.refreshToken!;
      expect(second).not.toBe(first);
      later.token = refreshed.data!.refreshSession!.accessToken;
      expect((await later.graphql<{ me: { email: string } }>(ME)).data!.me.email).toBe('rahim@example.com');

      expect((await later.graphql(`mutation ($t: String) { logout(refreshToken: $t) }`, { t: second })).data).toEqual({ logout: true });
      expect((await page(OTHER_SITE).graphql(REFRESH_TOKEN, { t: second })).errors![0].extensions?.code).toBe('UNAUTHENTICATED');
    });

    it('is never handed to the site itself or to an origin the server does not list', async () => {
      await makeUser(given.db, { email: 'rahim@example.com' }, 'right password');
      for (const browser of [client(), page('http://shikhon.local'), page('https://elsewhere.example')]) {
        const login = await browser.graphql<{ login: { refreshToken: string | null } }>(LOGIN_TOKEN, {
          email: 'rahim@example.com',
          password: 'right password',
        });
        expect(login.data!.login.refreshToken).toBeNull();
      }
    });
  });

  it('ends on logout: the cookie is cleared and cannot be used again', async () => {
    const browser = await signedIn();
    const cookie = browser.cookies.get('shikhon_refresh')!;
    expect((await browser.graphql(`mutation { logout }`)).data).toEqual({ logout: true });
    expect(browser.cookies.has('shikhon_refresh')).toBe(false);
    const replay = client();
    replay.cookies.set('shikhon_refresh', cookie);
    expect((await replay.graphql(REFRESH)).errors![0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  describe('refuses access tokens that are not ours', () => {
    let userId: string;
    beforeEach(async () => {
      userId = (await makeUser(given.db)).id;
    });
    const claims = { role: 'STUDENT' };
    const options = { subject: '', issuer: 'shikhon', audience: 'shikhon-api' };
    const forged: Array<[string, () => string]> = [
      ['expired', () => jwt.sign(claims, TEST_JWT_SECRET, { ...options, subject: userId, expiresIn: -10 })],
      ['signed with another secret', () => jwt.sign(claims, 'another secret that is long enough to sign', { ...options, subject: userId })],
      ['signed with another algorithm', () => jwt.sign(claims, TEST_JWT_SECRET, { ...options, subject: userId, algorithm: 'HS512' })],
      ['for another audience', () => jwt.sign(claims, TEST_JWT_SECRET, { ...options, subject: userId, audience: 'elsewhere' })],
      [
        'with alg none',
        () =>
          `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
            JSON.stringify({ sub: userId, role: 'ADMIN', iss: 'shikhon', aud: 'shikhon-api', exp: Math.floor(Date.now() / 1000) + 600 }),
          ).toString('base64url')}.`,
      ],
      [
        'tampered',
        () => {
          const [header, , signature] = jwt.sign(claims, TEST_JWT_SECRET, { ...options, subject: userId }).split('.');
          const payload = Buffer.from(JSON.stringify({ sub: userId, role: 'ADMIN', iss: 'shikhon', aud: 'shikhon-api' })).toString('base64url');
          return `${header}.${payload}.${signature}`;
        },
      ],
    ];

    it.each(forged)('%s', async (_label, make) => {
      const browser = client();
      browser.token = make();
      const me = await browser.graphql(ME);
      expect(me.data).toBeUndefined();
      expect(me.errors![0]).toMatchObject({ message: 'Your session has ended. Please sign in again.', extensions: { code: 'UNAUTHENTICATED' } });
      const { errors } = await browser.graphql(`mutation { updateProfile(input: { name: "Hacker" }) { name } }`);
      expect(errors![0]).toMatchObject({ message: 'Your session has ended. Please sign in again.', extensions: { code: 'UNAUTHENTICATED' } });
      const rest = await browser.request(`/api/users/${userId}`);
      expect(rest.status).toBe(401);
      expect((await given.db.getRepository(User).findOneByOrFail({ id: userId })).name).not.toBe('Hacker');
    });
  });
});

describe('password reset', () => {
  const REQUEST = `mutation ($email: String!) { requestPasswordReset(email: $email) }`;
  const RESET = `mutation ($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }`;
  const tokenFromOutbox = async (email: string) => {
    const message = await given.db.getRepository(OutboxMessage).findOneOrFail({ where: { to: email }, order: { createdAt: 'DESC' } });
    const link = /http:\/\/shikhon\.local\/reset-password\?token=(\S+)/.exec(message.text);
    return decodeURIComponent(link![1]);
  };

  it('answers the same whether or not the email has an account, and mails only a real account', async () => {
    await makeUser(given.db, { email: 'rahim@example.com' });
    const known = await client().graphql(REQUEST, { email: 'Rahim@example.com' });
    const unknown = await client().graphql(REQUEST, { email: 'nobody@example.com' });
    expect(known.data).toEqual({ requestPasswordReset: true });
    expect(unknown.data).toEqual(known.data);
    const outbox = await given.db.getRepository(OutboxMessage).find();
    expect(outbox.map((m) => [m.to, m.subject])).toEqual([['rahim@example.com', 'Reset your Shikhon password']]);
  });

  it('sets a new password once with the emailed link and ends every sign-in', async () => {
    await makeUser(given.db, { email: 'rahim@example.com' }, 'old password');
    const browser = client();
    await browser.graphql(LOGIN, { email: 'rahim@example.com', password: 'old password' });
    await client().graphql(REQUEST, { email: 'rahim@example.com' });
    const token = await tokenFromOutbox('rahim@example.com');
    expect((await client().graphql(RESET, { token, password: 'a brand new password' })).data).toEqual({ resetPassword: true });
    expect((await browser.graphql(REFRESH)).errors![0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await client().graphql(LOGIN, { email: 'rahim@example.com', password: 'old password' })).errors).toBeDefined();
    expect((await client().graphql(LOGIN, { email: 'rahim@example.com', password: 'a brand new password' })).errors).toBeUndefined();
    const again = await client().graphql(RESET, { token, password: 'yet another password' });
    expect(again.errors![0].message).toBe('This reset link is invalid or has expired. Ask for a new one.');
  });

  it('refuses an expired link and keeps the password', async () => {
    await makeUser(given.db, { email: 'rahim@example.com' }, 'old password');
    await client().graphql(REQUEST, { email: 'rahim@example.com' });
    const token = await tokenFromOutbox('rahim@example.com');
    await given.db.query(`UPDATE password_reset SET "expiresAt" = now() - interval '1 second'`);
    const { errors } = await client().graphql(RESET, { token, password: 'a brand new password' });
    expect(errors![0].message).toBe('This reset link is invalid or has expired. Ask for a new one.');
    expect((await client().graphql(LOGIN, { email: 'rahim@example.com', password: 'old password' })).errors).toBeUndefined();
  });

  it('keeps reset tokens only as hashes and, without SMTP, expires them 30 minutes after the mail is written to the outbox', async () => {
    await makeUser(given.db, { email: 'rahim@example.com' });
    await client().graphql(REQUEST, { email: 'rahim@example.com' });
    const token = await tokenFromOutbox('rahim@example.com');
    const [stored] = await given.db.getRepository(PasswordReset).find();
    expect(stored.tokenHash).not.toContain(token);
    const minutes = (stored.expiresAt!.getTime() - stored.createdAt.getTime()) / 60_000;
    expect(Math.round(minutes)).toBe(30);
  });

  it('refuses a short new password and an empty email', async () => {
    expect((await client().graphql(RESET, { token: 'x', password: 'short' })).errors![0].message).toBe('Password must be at least 8 characters');
    expect((await client().graphql(REQUEST, { email: '' })).errors![0].message).toBe('Email is required');
  });

  it('mails at most four times an hour for one account, answering every request the same', async () => {
    await makeUser(given.db, { email: 'rahim@example.com' });
    for (let i = 0; i < 3; i++) await client().graphql(REQUEST, { email: 'rahim@example.com' });
    const { data, errors } = await client().graphql(REQUEST, { email: 'rahim@example.com' });
    expect(errors).toBeUndefined();
    expect(data).toEqual({ requestPasswordReset: true });
    expect((await client().graphql(REQUEST, { email: 'rahim@example.com' })).data).toEqual({ requestPasswordReset: true });
    expect(await given.db.getRepository(OutboxMessage).count()).toBe(4);
  });
});

describe('profiles', () => {
  async function signedIn(overrides: Partial<User> = {}) {
    const user = await makeUser(given.db, { email: 'rahim@example.com', ...overrides }, 'right password');
    const browser = client();
    const { data } = await browser.graphql<{ login: { accessToken: string } }>(LOGIN, { email: 'rahim@example.com', password: 'right password' });
    browser.token = data!.login.accessToken;
    return { browser, user };
  }
  const UPDATE = `mutation ($input: ProfileInput!) { updateProfile(input: $input) { name phone date image eduQualification contactEmail email role } }`;

  it('lets a person edit their own profile, but not their email or role', async () => {
    const { browser } = await signedIn();
    const { data } = await browser.graphql(UPDATE, {
      input: {
        name: 'Rahim Uddin',
        phone: '01712345678',
        date: '2004-01-31',
        image: 'https://images.example/rahim.png',
        eduQualification: 'HSC, Dhaka College',
        contactEmail: 'Rahim.Work@Example.com',
      },
    });
    expect(data).toEqual({
      updateProfile: {
        name: 'Rahim Uddin',
        phone: '+8801712345678',
        date: '2004-01-31',
        image: 'https://images.example/rahim.png',
        eduQualification: 'HSC, Dhaka College',
        contactEmail: 'rahim.work@example.com',
        email: 'rahim@example.com',
        role: 'STUDENT',
      },
    });
  });

  it('refuses bad profile values field by field and changes nothing', async () => {
    const { browser, user } = await signedIn();
    const { errors } = await browser.graphql(UPDATE, { input: { name: ' ', image: 'javascript:alert(1)', contactEmail: 'nope' } });
    expect(errors![0].extensions?.fields).toEqual({
      name: 'Name is required',
      image: 'Avatar URL must start with https://',
      contactEmail: 'Enter a valid email address',
    });
    expect((await given.db.getRepository(User).findOneByOrFail({ id: user.id })).name).toBe(user.name);
  });

  it('needs a signed-in person', async () => {
    const { errors } = await client().graphql(UPDATE, { input: { name: 'Nobody' } });
    expect(errors![0]).toMatchObject({ message: 'Please sign in to continue.', extensions: { code: 'UNAUTHENTICATED' } });
  });
});

describe('the legacy user paths', () => {
  it('answers the old user document to the person themself', async () => {
    const user = await makeUser(given.db, { email: 'rahim@example.com', eduQualification: 'SSC' }, 'right password');
    const browser = client();
    const { data } = await browser.graphql<{ login: { accessToken: string } }>(LOGIN, { email: 'rahim@example.com', password: 'right password' });
    browser.token = data!.login.accessToken;
    const res = await browser.request('/api/users/getUserByEmail/RAHIM@example.com');
    expect(await res.json()).toEqual({
      _id: user.id,
      id: user.id,
      role: 'student',
      name: user.name,
      email: 'rahim@example.com',
      phone: user.phone,
      image: user.image,
      date: user.date,
      eduQualification: 'SSC',
      contactEmail: null,
      createdOn: user.createdAt.toISOString(),
    });
    expect(((await (await browser.request(`/api/users/${user.id}`)).json()) as { email: string }).email).toBe('rahim@example.com');
  });

  it('refuses anonymous callers with 401 and other people with 403; admins may look anyone up', async () => {
    const other = await makeUser(given.db, { email: 'other@example.com' });
    await makeUser(given.db, { email: 'rahim@example.com' }, 'right password');
    await makeUser(given.db, { email: 'boss@example.com', role: Role.ADMIN }, 'right password');
    const anonymous = await client().request('/api/users/getUserByEmail/other@example.com');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Please sign in to continue.', code: 'UNAUTHENTICATED', category: 'UNAUTHENTICATED' });

    const student = client();
    student.token = (
      await student.graphql<{ login: { accessToken: string } }>(LOGIN, { email: 'rahim@example.com', password: 'right password' })
    ).data!.login.accessToken;
    expect((await student.request('/api/users/getUserByEmail/other@example.com')).status).toBe(403);
    expect((await student.request(`/api/users/${other.id}`)).status).toBe(403);

    const admin = client();
    admin.token = (
      await admin.graphql<{ login: { accessToken: string } }>(LOGIN, { email: 'boss@example.com', password: 'right password' })
    ).data!.login.accessToken;
    expect(((await (await admin.request('/api/users/getUserByEmail/other@example.com')).json()) as { id: string }).id).toBe(other.id);
    expect(await (await admin.request('/api/users/getUserByEmail/missing@example.com')).json()).toBeNull();
  });

  it("POST /api/users records the signed-in person's profile and refuses someone else's", async () => {
    await makeUser(given.db, { email: 'rahim@example.com', name: 'Old Name' }, 'right password');
    const browser = client();
    browser.token = (
      await browser.graphql<{ login: { accessToken: string } }>(LOGIN, { email: 'rahim@example.com', password: 'right password' })
    ).data!.login.accessToken;
    const post = (body: object) =>
      browser.request('/api/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const mine = await post({
      role: 'admin',
      name: 'Rahim',
      email: 'rahim@example.com',
      phone: '01712345678',
      date: '2005-05-05',
      image: '/media/people/student.svg',
    });
    expect(mine.status).toBe(201);
    expect(await mine.json()).toMatchObject({ acknowledged: true });
    const saved = await given.db.getRepository(User).findOneByOrFail({ email: 'rahim@example.com' });
    expect(saved).toMatchObject({ name: 'Rahim', role: Role.STUDENT });
    expect((await post({ name: 'X', email: 'other@example.com' })).status).toBe(403);
    expect((await client().request('/api/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);
  });
});
