import type { DataSource } from 'typeorm';
import { Course } from '../modules/course/course.entity';
import { Enrollment } from '../modules/enrollment/enrollment.entity';
import { Review } from '../modules/review/review.entity';
import { User } from '../modules/user/user.entity';
import { startTestApp, type TestApp } from '../test/app';
import { closeTestDatabase, openTestDatabase } from '../test/database';
import { makeCourse, makeUser } from '../test/factories';
import { HttpClient, signedInClient } from '../test/http-client';

let db: DataSource;
let app: TestApp;
let course: Course;

beforeAll(async () => {
  db = await openTestDatabase();
  course = await makeCourse(db, { name: 'Cached Chemistry', price: 0 });
  await makeUser(db, { email: 'learner@example.com' }, 'learner password');
  app = await startTestApp(db, { GRAPHQL_RESPONSE_CACHE: 'true' });
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});

const CATALOGUE = '{ courses(limit: 4) { total items { id name isEnrolled } } }';

async function ask(client: HttpClient, query: string, variables?: Record<string, unknown>) {
  const res = await client.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  type Answer = { data: { courses: { items: Array<{ isEnrolled: boolean }> } } };
  return { cached: res.headers.get('x-response-cache') === 'hit', body: (await res.json()) as Answer };
}

/** Change notices arrive asynchronously; ask until the answer shows the change. */
async function askUntil(query: string, shows: (body: unknown) => boolean) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await ask(new HttpClient(app.url), query);
    if (shows(answer.body)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the change never showed');
}

async function askUntilWith(query: string, variables: Record<string, unknown> | undefined, shows: (body: unknown) => boolean) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await ask(new HttpClient(app.url), query, variables);
    if (shows(answer.body)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the change never showed');
}

/** Asks until the answer comes from the cache, once the notices of the test's own set-up have been heard. */
async function askUntilCached(query: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await ask(new HttpClient(app.url), query)).cached) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the answer was never kept');
}

const namesIn = (body: unknown) => (body as { data: { courses: { items: Array<{ name: string }> } } }).data.courses.items.map((c) => c.name);

describe('public response cache', () => {
  it('answers an anonymous catalogue query again from the cache, with the same body', async () => {
    const anonymous = new HttpClient(app.url);
    const first = await ask(anonymous, CATALOGUE);
    const second = await ask(anonymous, CATALOGUE);
    expect(first.cached).toBe(false);
    expect(second).toEqual({ cached: true, body: first.body });
    expect(namesIn(second.body)).toEqual(['Cached Chemistry']);
  });

  it('never answers a signed-in visitor from the cache', async () => {
    const learner = await signedInClient(app.url, 'learner@example.com', 'learner password');
    await learner.graphql('mutation ($input: PurchaseInput!) { purchaseCourse(input: $input) { status } }', { input: { courseId: course.id } });
    await ask(new HttpClient(app.url), CATALOGUE);
    const mine = await ask(learner, CATALOGUE);
    expect(mine.cached).toBe(false);
    expect(mine.body.data.courses.items[0].isEnrolled).toBe(true);
    expect((await ask(new HttpClient(app.url), CATALOGUE)).body.data.courses.items[0].isEnrolled).toBe(false);
  });

  it('forgets its answers when a course changes', async () => {
    await ask(new HttpClient(app.url), CATALOGUE);
    await db.getRepository(Course).update(course.id, { name: 'Renamed Chemistry' });
    const fresh = await askUntil(CATALOGUE, (body) => namesIn(body)[0] === 'Renamed Chemistry');
    expect(fresh.cached).toBe(false);
    expect((await ask(new HttpClient(app.url), CATALOGUE)).cached).toBe(true);
  });

  it('keeps private, failing and mutating operations out of the cache', async () => {
    const anonymous = new HttpClient(app.url);
    for (const query of ['{ me { id } }', '{ courses(limit: 500) { total } }', '{ courses(limit: 4) { items { name } } me { id } }']) {
      await ask(anonymous, query);
      expect((await ask(anonymous, query)).cached).toBe(false);
    }
    const signUp = 'mutation ($email: String!) { requestPasswordReset(email: $email) }';
    await ask(anonymous, signUp, { email: 'nobody@example.com' });
    expect((await ask(anonymous, signUp, { email: 'nobody@example.com' })).cached).toBe(false);
  });

  it('serves nothing stale after losing the database connection that brings change notices', async () => {
    await ask(new HttpClient(app.url), CATALOGUE);
    expect((await ask(new HttpClient(app.url), CATALOGUE)).cached).toBe(true);
    await db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN catalogue_changed' AND datname = current_database()`);
    await db.getRepository(Course).update(course.id, { name: 'Chemistry while unheard' });
    const answer = await askUntil(CATALOGUE, (body) => namesIn(body)[0] === 'Chemistry while unheard');
    expect(answer.cached).toBe(false);
    // Once listening again it caches again.
    await askUntil(CATALOGUE, () => true);
    for (let attempt = 0; attempt < 100 && !(await ask(new HttpClient(app.url), CATALOGUE)).cached; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await ask(new HttpClient(app.url), CATALOGUE)).cached).toBe(true);
  });

  it('forgets only the answers that show a course when a student enrolls in it or reviews it', async () => {
    const physics = await makeCourse(db, { name: 'Rush Physics', price: 0 });
    const biology = await makeCourse(db, { name: 'Quiet Biology', price: 0 });
    const ONE = 'query ($id: ID!) { course(id: $id) { id name enrolledCount } }';
    const REVIEWS = '{ reviews(limit: 3) { total } }';
    const anonymous = () => new HttpClient(app.url);
    const count = (body: unknown) => (body as { data: { course: { enrolledCount: number } } }).data.course.enrolledCount;
    for (const id of [physics.id, biology.id]) await ask(anonymous(), ONE, { id });
    await ask(anonymous(), REVIEWS);
    expect((await ask(anonymous(), ONE, { id: biology.id })).cached).toBe(true);

    const learner = await signedInClient(app.url, 'learner@example.com', 'learner password');
    await learner.graphql('mutation ($input: PurchaseInput!) { purchaseCourse(input: $input) { status } }', { input: { courseId: physics.id } });
    const fresh = await askUntilWith(ONE, { id: physics.id }, (body) => count(body) === 1);
    expect(fresh.cached).toBe(false);
    // The other course's answer and the reviews stay cached through the enrollment.
    expect((await ask(anonymous(), ONE, { id: biology.id })).cached).toBe(true);
    expect((await ask(anonymous(), REVIEWS)).cached).toBe(true);

    // A review shows on its course and on the reviews lists.
    await db
      .getRepository(Review)
      .save({ courseId: physics.id, name: 'Rahim', text: 'Clear and calm explanations', info: 'Student', rating: 5, hidden: false });
    await askUntilWith(REVIEWS, undefined, (body) => (body as { data: { reviews: { total: number } } }).data.reviews.total > 0);
    expect((await ask(anonymous(), ONE, { id: biology.id })).cached).toBe(true);
  });

  it('keeps what shows a course but not its count of students through an enrollment in it, whatever the count is called', async () => {
    const history = await makeCourse(db, { name: 'Counted History', price: 0 });
    const LIST = '{ courses(limit: 50) { items { id name } } }';
    const COUNT = 'query ($id: ID!) { course(id: $id) { students: enrolledCount } }';
    const count = (body: unknown) => (body as { data: { course: { students: number } } }).data.course.students;
    const anonymous = () => new HttpClient(app.url);
    await ask(anonymous(), LIST);
    expect(JSON.stringify((await ask(anonymous(), LIST)).body)).toContain(history.id);
    expect(count((await ask(anonymous(), COUNT, { id: history.id })).body)).toBe(0);

    const student = await makeUser(db);
    await db
      .getRepository(Enrollment)
      .insert({ studentId: student.id, courseId: history.id, courseName: history.name, courseDescription: '', email: student.email });
    // The count, asked under another name, is forgotten...
    const fresh = await askUntilWith(COUNT, { id: history.id }, (body) => count(body) === 1);
    expect(fresh.cached).toBe(false);
    // ...and the list that shows the course, but not its count, stays cached.
    expect((await ask(anonymous(), LIST)).cached).toBe(true);
  });

  it("keeps its answers through a sign-up and an account's new name; the figures count the new student a few seconds later", async () => {
    const geography = await makeCourse(db, { name: 'Signal Geography', price: 0 });
    const LIST = '{ courses(limit: 50) { items { id name instructor } } }';
    const FIGURES = '{ catalogueFigures { students } }';
    const COUNT = 'query ($id: ID!) { course(id: $id) { enrolledCount } }';
    const students = (body: unknown) => (body as { data: { catalogueFigures: { students: number } } }).data.catalogueFigures.students;
    const anonymous = () => new HttpClient(app.url);
    await ask(anonymous(), LIST);
    const before = students((await ask(anonymous(), FIGURES)).body);
    await ask(anonymous(), COUNT, { id: geography.id });
    // The new course's own notice may come after the first answer was kept (it then forgets it): wait until one stays.
    await askUntilCached(LIST);

    // A new student, and an existing account renamed (the courses show their own instructor's name).
    const newcomer = await makeUser(db, { email: 'newcomer@example.com' });
    await db.getRepository(User).update({ email: 'learner@example.com' }, { name: 'Renamed Learner' });
    // Notices arrive in the order of their changes: once this enrollment's shows, the accounts' were heard.
    await db
      .getRepository(Enrollment)
      .insert({ studentId: newcomer.id, courseId: geography.id, courseName: geography.name, courseDescription: '', email: newcomer.email });
    await askUntilWith(COUNT, { id: geography.id }, (body) => (body as { data: { course: { enrolledCount: number } } }).data.course.enrolledCount === 1);
    expect((await ask(anonymous(), LIST)).cached).toBe(true);

    // The figures are forgotten FIGURES_LAG_MS after the sign-up.
    let counted = before;
    for (let attempt = 0; attempt < 200 && counted === before; attempt++) {
      counted = students((await ask(anonymous(), FIGURES)).body);
      if (counted === before) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(counted).toBe(before + 1);
    expect((await ask(anonymous(), LIST)).cached).toBe(true);
  });
});
