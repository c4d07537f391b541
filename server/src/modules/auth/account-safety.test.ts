import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { Course } from '../course/course.entity';
import { Lesson } from '../course/lesson.entity';
import { LessonVideo, VideoStatus } from '../video/lesson-video.entity';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { Role } from '../../kernel/role';
import { User } from '../user/user.entity';

const given = useAppPerFile({ env: { PUBLIC_URL: 'http://shikhon.local' } });

const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken user { id emailVerified } } }`;
const LOGIN = `mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { accessToken } }`;
const ME = `{ me { email emailVerified } }`;
const REFRESH = `mutation { refreshSession { accessToken } }`;
const signUpInput = (email: string, role = 'STUDENT') => ({
  name: 'Karim Uddin',
  email,
  password: 'a long password',
  phone: '+880 1712-345678',
  date: '1995-01-01',
  role,
});

/** A browser that says it comes from `address` (the server trusts a proxy on loopback, as the tests are). */
function browserAt(address: string): HttpClient {
  const browser = new HttpClient(given.app.url);
  const request = browser.request.bind(browser);
  browser.request = (path, init = {}) => request(path, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': address } });
  return browser;
}

async function signUp(email: string, role = 'STUDENT'): Promise<HttpClient> {
  const browser = new HttpClient(given.app.url);
  const { data, errors } = await browser.graphql<{ signUp: { accessToken: string } }>(SIGN_UP, { input: signUpInput(email, role) });
  if (!data) throw new Error(JSON.stringify(errors));
  browser.token = data.signUp.accessToken;
  return browser;
}

const verificationToken = async (email: string) => {
  const message = await given.db
    .getRepository(OutboxMessage)
    .findOneOrFail({ where: { to: email, subject: 'Confirm your email for Shikhon' }, order: { createdAt: 'DESC' } });
  return decodeURIComponent(/http:\/\/shikhon\.local\/verify-email\?token=(\S+)/.exec(message.text)![1]);
};

describe('course ownership', () => {
  it('does not hand a course to whoever signs up with its public instructor email', async () => {
    const course = await makeCourse(given.db, { instructorId: null, instructorEmail: 'famous.teacher@example.com' });
    const squatter = await signUp('famous.teacher@example.com', 'INSTRUCTOR');
    await given.db.getRepository(User).update({ email: 'famous.teacher@example.com' }, { emailVerifiedAt: new Date(), instructorApprovedAt: new Date() });
    const edit = await squatter.graphql(
      `mutation ($id: ID!) { updateCourse(id: $id, input: { name: "Mine now", description: "Mine", price: 0, category: PROFESSIONAL, lessons: [{ title: "Mine", videoURL: "/mine.webm" }] }) { id } }`,
      { id: course.id },
    );
    expect(edit.errors![0].extensions?.code).toBe('FORBIDDEN');
    const publish = await squatter.graphql(`mutation ($id: ID!) { setCoursePublished(id: $id, published: false) { id } }`, { id: course.id });
    expect(publish.errors![0].extensions?.code).toBe('FORBIDDEN');
    const lessons = await squatter.graphql<{ course: { lessons: Array<{ videoURL: string | null }> } }>(
      `query ($id: ID!) { course(id: $id) { lessons { videoURL } } }`,
      { id: course.id },
    );
    expect(lessons.data!.course.lessons.map((l) => l.videoURL)).toEqual([null, null]);
    expect((await given.db.getRepository(Course).findOneByOrFail({ id: course.id })).name).toBe(course.name);
  });

  it('lets an admin edit a course that has no instructor account', async () => {
    const course = await makeCourse(given.db, { instructorId: null });
    await makeUser(given.db, { email: 'boss@example.com', role: Role.ADMIN }, 'admin password');
    const admin = await signedInClient(given.app.url, 'boss@example.com', 'admin password');
    const edit = await admin.graphql(`mutation ($id: ID!) { setCoursePublished(id: $id, published: false) { published } }`, { id: course.id });
    expect(edit.data).toEqual({ setCoursePublished: { published: false } });
  });
});

describe('email verification', () => {
  it('mails a link at sign-up; the link confirms the address once', async () => {
    const browser = await signUp('Nadia@Example.com');
    expect((await browser.graphql(ME)).data).toEqual({ me: { email: 'nadia@example.com', emailVerified: false } });
    const token = await verificationToken('nadia@example.com');
    expect((await new HttpClient(given.app.url).graphql(`mutation ($t: String!) { verifyEmail(token: $t) }`, { t: token })).data).toEqual({
      verifyEmail: true,
    });
    expect((await browser.graphql(ME)).data).toEqual({ me: { email: 'nadia@example.com', emailVerified: true } });
    const again = await new HttpClient(given.app.url).graphql(`mutation ($t: String!) { verifyEmail(token: $t) }`, { t: token });
    expect(again.errors![0].message).toBe('This verification link is invalid or has expired. Ask for a new one from your profile.');
  });

  it('keeps only the hash of the link and refuses an expired one', async () => {
    await signUp('nadia@example.com');
    const token = await verificationToken('nadia@example.com');
    const [row] = await given.db.query<Array<{ tokenHash: string }>>(`SELECT "tokenHash" FROM email_verification`);
    expect(row.tokenHash).not.toContain(token);
    await given.db.query(`UPDATE email_verification SET "expiresAt" = now() - interval '1 second'`);
    const late = await new HttpClient(given.app.url).graphql(`mutation ($t: String!) { verifyEmail(token: $t) }`, { t: token });
    expect(late.errors![0].extensions?.code).toBe('BAD_USER_INPUT');
    expect((await given.db.getRepository(User).findOneByOrFail({ email: 'nadia@example.com' })).emailVerifiedAt).toBeNull();
  });

  it('sends a new link on request, and none once the address is confirmed', async () => {
    const browser = await signUp('nadia@example.com');
    expect((await browser.graphql(`mutation { resendVerificationEmail }`)).data).toEqual({ resendVerificationEmail: true });
    expect(await given.db.getRepository(OutboxMessage).countBy({ to: 'nadia@example.com', subject: 'Confirm your email for Shikhon' })).toBe(2);
    await new HttpClient(given.app.url).graphql(`mutation ($t: String!) { verifyEmail(token: $t) }`, { t: await verificationToken('nadia@example.com') });
    expect((await browser.graphql(`mutation { resendVerificationEmail }`)).data).toEqual({ resendVerificationEmail: false });
  });

  it('lets a student buy before confirming the address', async () => {
    const course = await makeCourse(given.db, { price: 0 });
    const browser = await signUp('nadia@example.com');
    const bought = await browser.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id }) { status } }`, { id: course.id });
    expect(bought.data).toEqual({ purchaseCourse: { status: 'SUCCEEDED' } });
  });

  it('confirms the address when a password reset link is used', async () => {
    await makeUser(given.db, { email: 'imported@example.com', emailVerifiedAt: null, passwordHash: null });
    await new HttpClient(given.app.url).graphql(`mutation { requestPasswordReset(email: "imported@example.com") }`);
    const message = await given.db.getRepository(OutboxMessage).findOneByOrFail({ to: 'imported@example.com' });
    const token = decodeURIComponent(/token=(\S+)/.exec(message.text)![1]);
    await new HttpClient(given.app.url).graphql(`mutation ($t: String!) { resetPassword(token: $t, password: "a brand new password") }`, { t: token });
    expect((await given.db.getRepository(User).findOneByOrFail({ email: 'imported@example.com' })).emailVerifiedAt).not.toBeNull();
  });

  it('keeps an account without a password from signing in until it sets one', async () => {
    await makeUser(given.db, { email: 'imported@example.com', passwordHash: null });
    const { errors } = await new HttpClient(given.app.url).graphql(LOGIN, { email: 'imported@example.com', password: '' });
    expect(errors![0].message).toBe('Wrong email or password');
  });
});

describe('publishing by new instructors', () => {
  const PUBLISH = `mutation ($id: ID!) { setCoursePublished(id: $id, published: true) { published reviewRequestedAt } }`;

  async function newInstructor(overrides: Partial<User> = {}) {
    const user = await makeUser(
      given.db,
      { email: 'new.teacher@example.com', role: Role.INSTRUCTOR, instructorApprovedAt: null, ...overrides },
      'teacher password',
    );
    const course = await makeCourse(given.db, { instructorId: user.id, published: false, name: 'Class 8 Science' });
    return { user, course, client: await signedInClient(given.app.url, 'new.teacher@example.com', 'teacher password') };
  }

  async function admin() {
    await makeUser(given.db, { email: 'boss@example.com', role: Role.ADMIN }, 'admin password');
    return signedInClient(given.app.url, 'boss@example.com', 'admin password');
  }

  it('refuses to publish for an instructor whose address is not confirmed', async () => {
    const { course, client } = await newInstructor({ emailVerifiedAt: null });
    const { errors } = await client.graphql(PUBLISH, { id: course.id });
    expect(errors![0]).toMatchObject({ extensions: { code: 'EMAIL_NOT_CONFIRMED', category: 'FORBIDDEN' } });
    expect(errors![0].message).toMatch(/^Confirm your email address first/);
    expect(await given.db.getRepository(Course).findOneByOrFail({ id: course.id })).toMatchObject({ published: false, reviewRequestedAt: null });
  });

  it('sends the course of an instructor not yet approved to review instead of the catalogue', async () => {
    const { course, client } = await newInstructor();
    const { data } = await client.graphql<{ setCoursePublished: { published: boolean; reviewRequestedAt: string | null } }>(PUBLISH, { id: course.id });
    expect(data!.setCoursePublished.published).toBe(false);
    expect(data!.setCoursePublished.reviewRequestedAt).not.toBeNull();
    const catalogue = await new HttpClient(given.app.url).graphql<{ searchCourses: unknown[] }>(`{ searchCourses(text: "science") { id } }`);
    expect(catalogue.data!.searchCourses).toEqual([]);
  });

  it('shows the admin the queue; a rejection comes back to the instructor with its reason', async () => {
    const { course, client } = await newInstructor();
    await client.graphql(PUBLISH, { id: course.id });
    const boss = await admin();
    const queue = await boss.graphql<{ coursesInReview: { total: number; items: Array<{ id: string }> } }>(`{ coursesInReview { total items { id } } }`);
    expect(queue.data!.coursesInReview).toEqual({ total: 1, items: [{ id: course.id }] });
    const empty = await boss.graphql(`mutation ($id: ID!) { rejectCourseReview(courseId: $id, reason: "  ") { id } }`, { id: course.id });
    expect(empty.errors![0].message).toBe('Say why the course is sent back, so its instructor can fix it');
    await boss.graphql(`mutation ($id: ID!) { rejectCourseReview(courseId: $id, reason: "Lesson 2 has no sound") { id } }`, { id: course.id });
    const seen = await client.graphql<{ managedCourse: Record<string, unknown> }>(
      `query ($id: ID!) { managedCourse(id: $id) { published reviewRequestedAt reviewNote } }`,
      { id: course.id },
    );
    expect(seen.data!.managedCourse).toEqual({ published: false, reviewRequestedAt: null, reviewNote: 'Lesson 2 has no sound' });
    expect((await boss.graphql<{ coursesInReview: { total: number } }>(`{ coursesInReview { total } }`)).data!.coursesInReview.total).toBe(0);
    const [rejected] = await given.db.query<Array<{ detail: { reason: string } }>>(`SELECT detail FROM audit_entry WHERE action = 'REJECT_COURSE_REVIEW'`);
    expect(rejected.detail.reason).toBe('Lesson 2 has no sound');
  });

  it('publishes on approval, and the approved instructor publishes directly afterwards', async () => {
    const { user, course, client } = await newInstructor();
    await client.graphql(PUBLISH, { id: course.id });
    const boss = await admin();
    const approved = await boss.graphql(`mutation ($id: ID!) { approveCourseReview(courseId: $id) { published } }`, { id: course.id });
    expect(approved.data).toEqual({ approveCourseReview: { published: true } });
    const next = await makeCourse(given.db, { instructorId: user.id, published: false });
    const direct = await client.graphql<{ setCoursePublished: { published: boolean } }>(PUBLISH, { id: next.id });
    expect(direct.data!.setCoursePublished.published).toBe(true);
    expect((await client.graphql(`{ me { instructorApproved } }`)).data).toEqual({ me: { instructorApproved: true } });
    const actions = await given.db.query<Array<{ action: string; actorEmail: string }>>(`SELECT action, "actorEmail" FROM audit_entry ORDER BY "createdAt"`);
    expect(actions).toEqual([
      { action: 'SUBMIT_COURSE_FOR_REVIEW', actorEmail: 'new.teacher@example.com' },
      { action: 'APPROVE_COURSE_REVIEW', actorEmail: 'boss@example.com' },
      { action: 'PUBLISH_COURSE', actorEmail: 'new.teacher@example.com' },
    ]);
  });

  it('approves only courses whose every lesson still has a video that plays', async () => {
    const { user, course, client } = await newInstructor();
    // A second course in review, whose only lesson's upload failed after it was sent for review.
    const other = await makeCourse(given.db, { instructorId: user.id, published: false, name: 'Class 8 Maths' }, ['Algebra']);
    const [lesson] = await given.db.getRepository(Lesson).findBy({ courseId: other.id });
    await given.db
      .getRepository(LessonVideo)
      .insert({ lessonId: lesson.id, uploadedById: user.id, status: VideoStatus.READY, fileName: 'a.mp4', sizeBytes: 1 });
    await given.db.getRepository(Lesson).update(lesson.id, { videoURL: null });
    await client.graphql(PUBLISH, { id: course.id });
    await client.graphql(PUBLISH, { id: other.id });
    await given.db.getRepository(LessonVideo).update({ lessonId: lesson.id }, { status: VideoStatus.FAILED });
    const boss = await admin();
    const APPROVE = `mutation ($id: ID!) { approveCourseReview(courseId: $id) { published } }`;
    const inReview = async (id: string) => {
      const row = await given.db.getRepository(Course).findOneByOrFail({ id });
      return !row.published && row.reviewRequestedAt !== null;
    };
    const refused = await boss.graphql(APPROVE, { id: other.id });
    expect(refused.errors![0].message).toBe('Lesson 1 has no video. Add a video address or upload a video to it before publishing the course.');
    expect(await inReview(other.id)).toBe(true);
    // Approving the instructor's other course puts that one on sale; this one waits in review.
    expect((await boss.graphql(APPROVE, { id: course.id })).data).toEqual({ approveCourseReview: { published: true } });
    expect(await inReview(other.id)).toBe(true);
  });

  it('applies the same rule to the legacy POST /api/courses', async () => {
    const { client } = await newInstructor();
    const res = await client.request('/api/courses', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Sketching',
        price: 5,
        description: 'Lines',
        photoURL: '/media/courses/design.svg',
        keyPoints: ['Lines'],
        videos: { contents: [{ title: 'Intro', videoURL: '/media/videos/lesson-1.webm' }] },
      }),
    });
    expect(res.status).toBe(201);
    const created = await given.db.getRepository(Course).findOneByOrFail({ name: 'Sketching' });
    expect(created.published).toBe(false);
    expect(created.reviewRequestedAt).not.toBeNull();
  });
});

describe('sign-in protection without lockouts', () => {
  const WAIT = /^Too many failed sign-ins to this account from new browsers\. Try again in \d+ (second|minute)s?, or sign in from a browser you used before\.$/;
  const login = (browser: HttpClient, email: string, password: string) => browser.graphql<{ login: { accessToken: string } }>(LOGIN, { email, password });

  /** The owner signs in once from their own browser (which keeps its device cookie) at their own address. */
  async function ownersBrowser(): Promise<HttpClient> {
    await makeUser(given.db, { email: 'owner@example.com' }, 'right password');
    const browser = browserAt('198.51.100.20');
    expect((await login(browser, 'owner@example.com', 'right password')).errors).toBeUndefined();
    expect(browser.cookies.get('shikhon_device')).toBeDefined();
    return browser;
  }

  it("lets the owner in from a known browser after 100 strangers' failures from 100 addresses", async () => {
    const owner = await ownersBrowser();
    const answers = [];
    for (let i = 0; i < 100; i++) answers.push(await login(browserAt(`203.0.113.${i}`), 'owner@example.com', `guess ${i}`));
    // The first ten are checked; then new browsers must wait before each further try.
    expect(answers.slice(0, 10).every((a) => a.errors![0].message === 'Wrong email or password')).toBe(true);
    expect(answers.slice(10).some((a) => a.errors![0].extensions?.code === 'RATE_LIMITED' && WAIT.test(a.errors![0].message))).toBe(true);
    const again = await login(owner, 'owner@example.com', 'right password');
    expect(again.errors).toBeUndefined();
    expect(again.data!.login.accessToken).toBeTruthy();
  });

  it('makes a new browser wait a short, growing delay, never an hour', async () => {
    await makeUser(given.db, { email: 'owner@example.com' }, 'right password');
    const stranger = browserAt('203.0.113.9');
    for (let i = 0; i < 10; i++) await login(stranger, 'owner@example.com', `guess ${i}`);
    const blocked = await login(browserAt('198.51.100.20'), 'owner@example.com', 'right password');
    expect(blocked.errors![0]).toMatchObject({ extensions: { code: 'RATE_LIMITED', category: 'TOO_MANY_REQUESTS' } });
    expect(blocked.errors![0].message).toMatch(WAIT);
    // Strangers who keep at it at the right moments make the wait longer, up to five minutes.
    await given.db.query(`UPDATE rate_limit SET hits = 60 WHERE key = 'login-account:owner@example.com'`);
    await given.db.query(`DELETE FROM rate_limit WHERE key LIKE 'login-wait:%'`);
    await login(stranger, 'owner@example.com', 'one more guess');
    const [{ seconds }] = await given.db.query<Array<{ seconds: number }>>(
      `SELECT extract(epoch FROM "resetAt" - now())::int AS seconds FROM rate_limit WHERE key = 'login-wait:owner@example.com'`,
    );
    expect(seconds).toBeGreaterThan(200);
    expect(seconds).toBeLessThanOrEqual(300);
    // The same wait for an address with no account: the answer tells nothing about which exist.
    for (let i = 0; i < 10; i++) await login(stranger, 'nobody@example.com', `guess ${i}`);
    expect((await login(stranger, 'nobody@example.com', 'guess')).errors![0].message).toMatch(WAIT);
  });

  it("lets another person with the right password in from an address that failed 100 times, and slows the address's next failures", async () => {
    await makeUser(given.db, { email: 'student@example.com' }, 'right password');
    const lab = () => browserAt('203.0.113.50');
    for (let i = 0; i < 100; i++) {
      const { errors } = await login(lab(), `someone${i}@example.com`, 'wrong password');
      expect(errors![0].message).toBe('Wrong email or password');
    }
    const student = await login(lab(), 'student@example.com', 'right password');
    expect(student.errors).toBeUndefined();
    const started = Date.now();
    const slowed = await login(lab(), 'someone-else@example.com', 'wrong password');
    expect(slowed.errors![0].message).toBe('Wrong email or password');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it("clears the account's counters when a password reset is completed", async () => {
    await makeUser(given.db, { email: 'owner@example.com' }, 'right password');
    for (let i = 0; i < 12; i++) await login(browserAt(`203.0.113.${i}`), 'owner@example.com', `guess ${i}`);
    expect((await login(browserAt('198.51.100.20'), 'owner@example.com', 'right password')).errors![0].message).toMatch(WAIT);
    await new HttpClient(given.app.url).graphql(`mutation { requestPasswordReset(email: "owner@example.com") }`);
    const message = await given.db.getRepository(OutboxMessage).findOneByOrFail({ to: 'owner@example.com' });
    const token = decodeURIComponent(/token=(\S+)/.exec(message.text)![1]);
    const resetting = browserAt('198.51.100.20');
    expect(
      (await resetting.graphql(`mutation ($t: String!) { resetPassword(token: $t, password: "a brand new password") }`, { t: token })).errors,
    ).toBeUndefined();
    expect(await given.db.query(`SELECT key FROM rate_limit WHERE key LIKE 'login-account:%' OR key LIKE 'login-wait:%'`)).toEqual([]);
    expect((await login(browserAt('198.51.100.21'), 'owner@example.com', 'a brand new password')).errors).toBeUndefined();
    // The browser that used the link is a known one from now on.
    expect(resetting.cookies.get('shikhon_device')).toBeDefined();
  });

  it("does not take another account's device cookie, or a forged one, as a known browser", async () => {
    const owner = await ownersBrowser();
    await makeUser(given.db, { email: 'other@example.com' }, 'other password');
    const [id, nonce] = decodeURIComponent(owner.cookies.get('shikhon_device')!).split('.');
    for (let i = 0; i < 10; i++) await login(browserAt('203.0.113.9'), 'other@example.com', `guess ${i}`);
    const withOwnersCookie = browserAt('198.51.100.20');
    withOwnersCookie.cookies.set('shikhon_device', owner.cookies.get('shikhon_device')!);
    expect((await login(withOwnersCookie, 'other@example.com', 'other password')).errors![0].message).toMatch(WAIT);
    const other = await given.db.getRepository(User).findOneByOrFail({ email: 'other@example.com' });
    expect(id).not.toBe(other.id);
    const forged = browserAt('198.51.100.20');
    forged.cookies.set('shikhon_device', `${other.id}.${nonce}.forgedsignature`);
    expect((await login(forged, 'other@example.com', 'other password')).errors![0].message).toMatch(WAIT);
  });

  it('stops vouching for a known browser that keeps guessing wrong', async () => {
    const owner = await ownersBrowser();
    for (let i = 0; i < 10; i++) await login(owner, 'owner@example.com', `guess ${i}`);
    for (let i = 0; i < 10; i++) await login(browserAt(`203.0.113.${i}`), 'owner@example.com', `guess ${i}`);
    expect((await login(owner, 'owner@example.com', 'right password')).errors![0].message).toMatch(WAIT);
  });
});

describe('password reset requests', () => {
  const REQUEST = `mutation { requestPasswordReset(email: "owner@example.com") }`;
  const linksSent = async () =>
    (await given.db.getRepository(OutboxMessage).find({ where: { to: 'owner@example.com' }, order: { createdAt: 'ASC' } })).map(
      (m) => /token=(\S+)/.exec(m.text)![1],
    );

  it("resends the same link to repeated requests, so strangers' requests never spoil the owner's link", async () => {
    await makeUser(given.db, { email: 'owner@example.com' }, 'old password');
    for (let i = 0; i < 6; i++) expect((await browserAt(`203.0.113.${i}`).graphql(REQUEST)).data).toEqual({ requestPasswordReset: true });
    const links = await linksSent();
    // The first mail and three repeats; further requests within the hour answer the same and mail nothing.
    expect(links).toHaveLength(4);
    expect(new Set(links).size).toBe(1);
    expect(await given.db.query(`SELECT id FROM password_reset`)).toHaveLength(1);
    const done = await new HttpClient(given.app.url).graphql(`mutation ($t: String!) { resetPassword(token: $t, password: "a brand new password") }`, {
      t: decodeURIComponent(links[0]),
    });
    expect(done.errors).toBeUndefined();
  });

  it('mails a new link once the live one is used or about to run out', async () => {
    await makeUser(given.db, { email: 'owner@example.com' }, 'old password');
    await new HttpClient(given.app.url).graphql(REQUEST);
    await given.db.query(`UPDATE password_reset SET "expiresAt" = now() + interval '5 minutes'`);
    for (let i = 0; i < 5; i++) await new HttpClient(given.app.url).graphql(REQUEST);
    const links = await linksSent();
    expect(new Set(links).size).toBe(2);
    expect(links[links.length - 1]).not.toBe(links[0]);
  });
});

describe('sessions end when they should', () => {
  async function signedIn() {
    await makeUser(given.db, { email: 'rahim@example.com' }, 'right password');
    return signedInClient(given.app.url, 'rahim@example.com', 'right password');
  }
  const meOf = async (browser: HttpClient) => (await browser.graphql<{ me: { email: string } | null }>(`{ me { email } }`)).data?.me ?? null;

  it('ends the access token at once on logout', async () => {
    const browser = await signedIn();
    const token = browser.token;
    expect(await meOf(browser)).toEqual({ email: 'rahim@example.com' });
    await browser.graphql(`mutation { logout }`);
    const stolen = new HttpClient(given.app.url);
    stolen.token = token;
    expect(await meOf(stolen)).toBeNull();
  });

  it('ends the access tokens of every browser on a password change, and keeps this one signed in', async () => {
    const browser = await signedIn();
    const other = await signedInClient(given.app.url, 'rahim@example.com', 'right password');
    const wrong = await browser.graphql(`mutation { changePassword(currentPassword: "not it", newPassword: "a brand new password") { accessToken } }`);
    expect(wrong.errors![0].message).toBe('Your current password is not right');
    const changed = await browser.graphql<{ changePassword: { accessToken: string } }>(
      `mutation { changePassword(currentPassword: "right password", newPassword: "a brand new password") { accessToken } }`,
    );
    browser.token = changed.data!.changePassword.accessToken;
    expect(await meOf(browser)).toEqual({ email: 'rahim@example.com' });
    expect(await meOf(other)).toBeNull();
    expect((await other.graphql(REFRESH)).errors![0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await browser.graphql(REFRESH)).errors).toBeUndefined();
  });

  it('ends the access token on a password reset', async () => {
    const browser = await signedIn();
    await new HttpClient(given.app.url).graphql(`mutation { requestPasswordReset(email: "rahim@example.com") }`);
    const message = await given.db.getRepository(OutboxMessage).findOneByOrFail({ to: 'rahim@example.com' });
    const token = decodeURIComponent(/token=(\S+)/.exec(message.text)![1]);
    await new HttpClient(given.app.url).graphql(`mutation ($t: String!) { resetPassword(token: $t, password: "a brand new password") }`, { t: token });
    expect(await meOf(browser)).toBeNull();
  });

  it('never revives a logged-out session through the two-tabs grace', async () => {
    const browser = await signedIn();
    const firstCookie = browser.cookies.get('shikhon_refresh')!;
    await browser.graphql(REFRESH);
    await browser.graphql(`mutation { logout }`);
    const otherTab = new HttpClient(given.app.url);
    otherTab.cookies.set('shikhon_refresh', firstCookie);
    expect((await otherTab.graphql(REFRESH)).errors![0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('passwords', () => {
  it('refuses one of the most common passwords', async () => {
    const { errors } = await new HttpClient(given.app.url).graphql(SIGN_UP, { input: { ...signUpInput('a@example.com'), password: 'Password1' } });
    expect(errors![0].extensions).toMatchObject({ fields: { password: 'This password is one of the most common ones. Choose one that is harder to guess.' } });
  });

  it('accepts any script, counts characters rather than bytes, and allows up to 128', async () => {
    const bangla = 'আমার সোনার বাংলা';
    for (const [i, password] of [bangla, 'ক'.repeat(128)].entries()) {
      const { errors } = await new HttpClient(given.app.url).graphql(SIGN_UP, { input: { ...signUpInput(`p${i}@example.com`), password } });
      expect(errors).toBeUndefined();
    }
    expect((await new HttpClient(given.app.url).graphql(LOGIN, { email: 'p0@example.com', password: bangla })).errors).toBeUndefined();
    const { errors } = await new HttpClient(given.app.url).graphql(SIGN_UP, { input: { ...signUpInput('long@example.com'), password: 'ক'.repeat(129) } });
    expect(errors![0].extensions).toMatchObject({ fields: { password: 'Password must be at most 128 characters' } });
  });
});
