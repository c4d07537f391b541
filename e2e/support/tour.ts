import type { Browser, Page } from 'playwright-core';
import { logIn, signUp } from './accounts';
import { baseUrl, firstCourseId, openPage } from './browser';
import { sql } from './database';
import { bangla, english } from './catalogues';

export type Role = 'visitor' | 'student' | 'instructor' | 'admin';

/** A student whose name and address are longer than a phone is wide, as real ones can be. */
export const longStudent = {
  name: 'Mohammad Abdullah Al Mamun Chowdhury Bhuiyan',
  password: 'a good password',
};

/** What the tour needs from the data: ids of a course, a blog post, a model test, and the student's own. */
export interface TourData {
  courseId: string;
  freeCourseId: string;
  blogId: string;
  modelTestId: string;
  instructorCourseId: string;
  attemptId: string;
  /** The number of the certificate the student earned by completing a second free course. */
  certificateNumber: string;
  /** A model test the demo instructor wrote, if the demo data has one. */
  authoredModelTestId: string | null;
}

/** Every page of the route table, for each role: the pages that role reaches from the header and its dashboard. */
export function routesFor(role: Role, data: TourData): string[] {
  const shared = ['/', `/course/${data.courseId}`];
  switch (role) {
    case 'visitor':
      return [
        '/',
        '/home',
        '/allCourses',
        '/allCourses?section=FREE',
        `/search?q=${encodeURIComponent('physics')}`,
        `/course/${data.courseId}`,
        `/details/${data.courseId}`,
        `/course/${data.freeCourseId}?preview=first`,
        '/reviews',
        '/blog',
        `/blog/${data.blogId}`,
        '/about',
        '/privacyAndPolicy',
        '/termsAndCondition',
        '/RefundPolicy',
        '/contact',
        '/support',
        '/career',
        '/success-story',
        '/login',
        '/signUp',
        '/reset-password',
        '/verify-email',
        '/certificate/SHK-0000000000',
        `/certificate/${data.certificateNumber}`,
        '/model-tests',
        `/model-tests/${data.modelTestId}`,
        '/no-such-page',
      ];
    case 'student':
      return [
        ...shared,
        '/myprofile',
        '/editProfile',
        '/mycourses',
        `/enroll/${data.courseId}`,
        `/myCoursePlay/${data.freeCourseId}`,
        `/certificate/${data.certificateNumber}`,
        '/addReview',
        '/complain',
        '/model-tests',
        `/attempts/${data.attemptId}`,
      ];
    case 'instructor':
      return [
        ...shared,
        '/instructor-dashboard',
        '/instructor-dashboard/Profile',
        '/instructor-dashboard/all-student',
        '/instructor-dashboard/upload-course',
        `/instructor-dashboard/upload-course/${data.instructorCourseId}`,
        '/instructor-dashboard/question-bank',
        `/instructor-dashboard/question-bank?course=${data.instructorCourseId}`,
        '/instructor-dashboard/model-tests',
        '/instructor-dashboard/model-tests/new',
        ...(data.authoredModelTestId ? [`/instructor-dashboard/model-tests/${data.authoredModelTestId}`] : []),
        '/addblog',
      ];
    case 'admin':
      return [
        ...shared,
        '/admin-dashboard',
        '/admin-dashboard/all-users',
        '/admin-dashboard/all-Student',
        '/admin-dashboard/all-Instructor',
        '/admin-dashboard/all-Admin',
        '/admin-dashboard/inbox',
        '/admin-dashboard/course-review',
        '/admin-dashboard/payments',
        '/admin-dashboard/integrations',
        '/admin-dashboard/audit-log',
        '/myprofile',
      ];
  }
}

const one = async (query: string, values: unknown[] = []) => {
  const [row] = await sql<{ id: string }>(query, values);
  if (!row) throw new Error(`nothing found for ${query}`);
  return row.id;
};

/**
 * Signs up the long-named student (address `email`), enrolls them in a free course and starts a
 * model test, so the player and an attempt have pages; answers the ids the tour visits.
 */
export async function prepareTour(browser: Browser, email: string): Promise<TourData> {
  const courseId = await firstCourseId();
  const freeCourseId = await one('SELECT id FROM course WHERE published AND price = 0 ORDER BY name LIMIT 1');
  const blogId = await one('SELECT id FROM blog LIMIT 1');
  const modelTestId = await one('SELECT id FROM model_test WHERE published AND free AND "opensAt" IS NULL AND "closesAt" IS NULL LIMIT 1');
  const instructorCourseId = await one(`SELECT id FROM course WHERE "instructorEmail" = 'instructor@shikhon.test' ORDER BY name LIMIT 1`);

  await showStaffRecords(instructorCourseId);

  const visit = await openPage(browser);
  const { page } = visit;
  await signUp(page, { ...longStudent, email });
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto(`/enroll/${freeCourseId}`);
  await page.getByRole('button', { name: 'Enroll for free' }).click();
  await page.waitForURL('**/mycourses');
  await page.goto(`/model-tests/${modelTestId}`);
  await page.getByRole('button', { name: 'Start the test' }).click();
  await page.waitForURL(/\/attempts\/[0-9a-f-]{36}$/);
  const attemptId = /\/attempts\/([0-9a-f-]{36})$/.exec(page.url())![1];
  await visit.close();
  const certificateNumber = await completeCourse(email);
  const authoredModelTestId =
    (
      await sql<{ id: string }>(
        `SELECT t.id FROM model_test t LEFT JOIN course c ON c.id = t."courseId"
         WHERE c."instructorEmail" = 'instructor@shikhon.test' OR t."authorId" = (SELECT id FROM "user" WHERE email = 'instructor@shikhon.test')
         ORDER BY t.title LIMIT 1`,
      )
    )[0]?.id ?? null;
  return { courseId, freeCourseId, blogId, modelTestId, instructorCourseId, attemptId, certificateNumber, authoredModelTestId };
}

/** A GraphQL call as the API's client, signed in with `token` when given. */
export async function api<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}

/** The long-named student's access token, for the API. */
export async function studentToken(email: string): Promise<string> {
  const { login } = await api<{ login: { accessToken: string } }>(`mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { accessToken } }`, {
    e: email,
    p: longStudent.password,
  });
  return login.accessToken;
}

/** The student enrolls in a second free course and marks every lesson done: a real certificate; answers its number. */
async function completeCourse(email: string): Promise<string> {
  const token = await studentToken(email);
  const courseId = await one('SELECT id FROM course WHERE published AND price = 0 ORDER BY name OFFSET 1 LIMIT 1');
  await api(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id }) { status } }`, { id: courseId }, token);
  for (const lesson of await sql<{ id: string }>('SELECT id FROM lesson WHERE "courseId" = $1 ORDER BY position', [courseId]))
    await api(`mutation ($id: ID!) { setLessonCompleted(lessonId: $id, completed: true) { __typename } }`, { id: lesson.id }, token);
  const [certificate] = await sql<{ number: string }>(
    `SELECT c.number FROM certificate c JOIN "user" u ON u.id = c."studentId" WHERE u.email = $1 AND c."courseId" = $2`,
    [email, courseId],
  );
  if (!certificate) throw new Error('completing every lesson gave no certificate');
  return certificate.number;
}

/**
 * What staff pages show only after work the tour does not do: a video that failed with a program's
 * raw output, one being processed, and audit entries with codes in their facts (a refund's case, a
 * save that changed nothing). Pages must put all of them in words.
 */
async function showStaffRecords(courseId: string): Promise<void> {
  const lessons = await sql<{ id: string }>('SELECT id FROM lesson WHERE "courseId" = $1 ORDER BY position', [courseId]);
  const [{ id: instructorId }] = await sql<{ id: string }>(`SELECT id FROM "user" WHERE email = 'instructor@shikhon.test'`);
  const [{ id: adminId }] = await sql<{ id: string }>(`SELECT id FROM "user" WHERE email = 'admin@shikhon.test'`);
  const [{ name }] = await sql<{ name: string }>('SELECT name FROM course WHERE id = $1', [courseId]);
  await sql(
    `INSERT INTO lesson_video ("lessonId", "uploadedById", status, progress, error, "fileName", "sizeBytes") VALUES
       ($1, $3, 'failed', 0, $4, 'lesson-one.mp4', 1000000), ($2, $3, 'processing', 42, NULL, 'lesson-two.mp4', 1000000)`,
    [lessons[0].id, lessons[1].id, instructorId, '/srv/shikhon/videos/x/source: Invalid data found when processing input (ffprobe exited with code 1)'],
  );
  await sql(
    `INSERT INTO audit_entry ("actorId", "actorEmail", action, "targetType", "targetId", detail, address) VALUES
       ($1, 'admin@shikhon.test', 'REFUND_ENROLLMENT', 'ENROLLMENT', $2, $3, '203.0.113.7'),
       ($1, 'admin@shikhon.test', 'UPDATE_COURSE', 'COURSE', $2, $4, '203.0.113.7')`,
    [
      adminId,
      courseId,
      JSON.stringify({ student: 'instructor@shikhon.test', course: name, refundCase: 'COURSE_CANCELLED', percent: 100, amountCents: 145000, currency: 'bdt' }),
      JSON.stringify({ name, changed: [], lessons: 4 }),
    ],
  );
}

export const accounts: Record<Exclude<Role, 'visitor' | 'student'>, { email: string; password: string }> = {
  instructor: { email: 'instructor@shikhon.test', password: 'Instructor123!' },
  admin: { email: 'admin@shikhon.test', password: 'Admin123!' },
};

/** Signs `page` in as `role` (the student with `studentEmail`); a visitor stays signed out. */
export async function signInAs(page: Page, role: Role, studentEmail: string): Promise<void> {
  if (role === 'visitor') return;
  const account = role === 'student' ? { email: studentEmail, password: longStudent.password } : accounts[role];
  await page.goto('/login?lang=en');
  await logIn(page, account.email, account.password);
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Switches with the header's link (on a wide window, where the header shows it), as a person would: signed in, the account keeps the choice. */
export async function switchLanguage(page: Page, language: 'bn' | 'en') {
  const phone = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/about');
  if ((await page.evaluate(() => document.documentElement.lang)) !== language) {
    await page.getByTestId('language-switch').filter({ visible: true }).click();
    await page.waitForFunction((language) => document.documentElement.lang === language, language);
  }
  await page.waitForLoadState('networkidle');
  await page.setViewportSize(phone);
}

/** Requests the page has sent and not yet seen answered, kept per page for `settle`. */
const inFlight = new WeakMap<Page, Set<unknown>>();

function trackRequests(page: Page): Set<unknown> {
  let pending = inFlight.get(page);
  if (!pending) {
    const set = new Set<unknown>();
    page.on('request', (request) => set.add(request));
    page.on('requestfinished', (request) => set.delete(request));
    page.on('requestfailed', (request) => set.delete(request));
    page.on('load', () => set.clear());
    inFlight.set(page, set);
    pending = set;
  }
  return pending;
}

/** Until no request has been open for half a second (at most 10 s), and loading states are gone. */
async function settle(page: Page, pending: Set<unknown>): Promise<void> {
  const deadline = Date.now() + 10_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) break;
    await page.waitForTimeout(100);
  }
  await page
    .waitForFunction(() => document.querySelectorAll('[data-scope="spinner"], .chakra-spinner, [data-scope="skeleton"], .chakra-skeleton').length === 0, null, {
      timeout: 10_000,
    })
    .catch(() => undefined);
}

/**
 * Opens `path` and waits until its data has arrived and the page has settled. Once the site is
 * open, the way there is the app's own (as a tap on a link), not a new download of the whole page.
 */
export async function openRoute(page: Page, path: string): Promise<void> {
  const pending = trackRequests(page);
  const onSite = page.url().startsWith(baseUrl) && (await page.evaluate(() => 'interactive' in document.documentElement.dataset).catch(() => false));
  if (onSite) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      window.scrollTo(0, 0);
    }, path);
    await page.waitForFunction(
      (to) => window.location.pathname + window.location.search === to,
      new URL(path, baseUrl).pathname + new URL(path, baseUrl).search,
    );
  } else {
    await page.goto(path);
  }
  await settle(page, pending);
}

/** The page says its data could not be loaded (ErrorState): a page checked so is no page at all. */
export async function failedToLoad(page: Page): Promise<boolean> {
  const messages = [english['common.loadFailed'], bangla['common.loadFailed']];
  for (const message of messages) if ((await page.getByText(message, { exact: true }).count()) > 0) return true;
  return false;
}
