import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { Role } from '../../kernel/role';
import { ApiKey } from './api-key.entity';
import { ModelTest } from '../practice/model-test.entity';
import { ensureSyllabus } from '../practice/syllabus-seed';

// A school's teacher connects their own system to Shikhon: their key reads their own courses,
// students and test results, and nobody else's; an admin's key reads every course's.

const password = 'a long enough password';
const given = useAppPerFile({ emptyBeforeEach: false });
let admin: HttpClient;
let teacher: HttpClient;
let rival: HttpClient;
const ids = {} as { teacherCourse: string; rivalCourse: string; teacherTest: string; rivalTest: string };

async function makeKey(owner: HttpClient, scopes: string[], name = 'My school') {
  return owner.graphql<{ createApiKey: { secret: string; apiKey: { id: string; scopes: string[] } } }>(
    `mutation ($name: String!, $scopes: [ApiScope!]!) { createApiKey(name: $name, scopes: $scopes) { secret apiKey { id scopes } } }`,
    { name, scopes },
  );
}

async function keyOf(owner: HttpClient, scopes: string[]): Promise<HttpClient & { keyId: string }> {
  const body = await makeKey(owner, scopes);
  expect(body.errors).toBeUndefined();
  const client = new HttpClient(given.app.url) as HttpClient & { keyId: string };
  client.token = body.data!.createApiKey.secret;
  client.keyId = body.data!.createApiKey.apiKey.id;
  return client;
}

/** A published model test of one question in the instructor's course; `student` sits it and answers right. */
async function testIn(author: HttpClient, courseId: string, title: string): Promise<{ testId: string; question: { id: string; correctOptionId: string } }> {
  const q = await author.graphql<{ createQuestion: { id: string; correctOptionId: string } }>(
    `mutation ($input: QuestionInput!) { createQuestion(input: $input) { id correctOptionId } }`,
    { input: { text: 'What is the unit of force?', options: ['Joule', 'Newton'], correctOption: 1, classLevel: 9, subjectId: 'physics', courseId } },
  );
  expect(q.errors).toBeUndefined();
  const t = await author.graphql<{ createModelTest: { id: string } }>(`mutation ($input: ModelTestInput!) { createModelTest(input: $input) { id } }`, {
    input: { title, classLevel: 9, subjectId: 'physics', courseId, free: true, durationMinutes: 10, questionIds: [q.data!.createQuestion.id] },
  });
  expect(t.errors).toBeUndefined();
  await author.graphql(`mutation ($id: ID!) { setModelTestPublished(id: $id, published: true) { id } }`, { id: t.data!.createModelTest.id });
  return { testId: t.data!.createModelTest.id, question: q.data!.createQuestion };
}

async function student(email: string, name: string, courseId: string | null): Promise<HttpClient> {
  await makeUser(given.db, { email, name }, password);
  const client = await signedInClient(given.app.url, email, password);
  if (courseId) {
    const bought = await client.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id }) { status } }`, { id: courseId });
    expect(bought.errors).toBeUndefined();
  }
  return client;
}

async function sit(client: HttpClient, test: { testId: string; question: { id: string; correctOptionId: string } }) {
  const started = await client.graphql<{ startAttempt: { id: string } }>(`mutation ($id: ID!) { startAttempt(testId: $id) { id } }`, { id: test.testId });
  const a = started.data!.startAttempt.id;
  await client.graphql(`mutation ($a: ID!, $q: ID!, $o: ID!) { saveAnswer(attemptId: $a, questionId: $q, optionId: $o) { optionId } }`, {
    a,
    q: test.question.id,
    o: test.question.correctOptionId,
  });
  expect((await client.graphql(`mutation ($a: ID!) { submitAttempt(attemptId: $a) { score } }`, { a })).errors).toBeUndefined();
}

beforeAll(async () => {
  await ensureSyllabus(given.db);
  await makeUser(given.db, { email: 'admin@example.com', role: Role.ADMIN }, password);
  const teacherAccount = await makeUser(given.db, { email: 'teacher@example.com', name: 'Teacher', role: Role.INSTRUCTOR }, password);
  const rivalAccount = await makeUser(given.db, { email: 'rival@example.com', name: 'Rival', role: Role.INSTRUCTOR }, password);
  admin = await signedInClient(given.app.url, 'admin@example.com', password);
  teacher = await signedInClient(given.app.url, 'teacher@example.com', password);
  rival = await signedInClient(given.app.url, 'rival@example.com', password);
  ids.teacherCourse = (await makeCourse(given.db, { name: 'Teacher’s physics', price: 0, instructorId: teacherAccount.id })).id;
  ids.rivalCourse = (await makeCourse(given.db, { name: 'Rival’s physics', price: 0, instructorId: rivalAccount.id })).id;
  const teacherTest = await testIn(teacher, ids.teacherCourse, 'Teacher’s test');
  const rivalTest = await testIn(rival, ids.rivalCourse, 'Rival’s test');
  Object.assign(ids, { teacherTest: teacherTest.testId, rivalTest: rivalTest.testId });
  // Two of the teacher's students and one of the rival's sit their course's test; a stranger sits the teacher's free test.
  await sit(await student('rahim@example.com', 'Rahim Uddin', ids.teacherCourse), teacherTest);
  await student('karim@example.com', 'Karim Hasan', ids.teacherCourse);
  await sit(await student('nadia@example.com', 'Nadia Islam', ids.rivalCourse), rivalTest);
  await sit(await student('stranger@example.com', 'Salma Akter', null), teacherTest);
});

type Students = { instructorStudents: { total: number; items: Array<{ email: string; courseName: string }> } };
const STUDENTS = `{ instructorStudents { total items { email courseName } } }`;
type Results = { modelTestResults: { total: number; items: Array<{ name: string; email: string | null; enrolled: boolean; rank: number; passed: boolean }> } };
const RESULTS = `query ($id: ID!) { modelTestResults(testId: $id) { total items { name email enrolled rank passed } } }`;

describe('an instructor’s API key', () => {
  it('may have only the instructor scopes; an admin-only scope is refused and nothing is stored', async () => {
    const before = await given.db.getRepository(ApiKey).count();
    for (const scope of ['PAYMENTS_READ', 'ENROLLMENTS_READ', 'ENROLLMENTS_WRITE']) {
      const refused = await makeKey(teacher, ['INSTRUCTOR_READ', scope]);
      expect(refused.errors?.[0]).toMatchObject({
        message: 'Your API keys may have only these scopes: catalog:read, instructor:read, practice:read.',
        extensions: { code: 'FORBIDDEN' },
      });
    }
    const student = await signedInClient(given.app.url, 'rahim@example.com', password);
    expect((await makeKey(student, ['CATALOG_READ'])).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await given.db.getRepository(ApiKey).count()).toBe(before);
    const made = await makeKey(teacher, ['CATALOG_READ', 'INSTRUCTOR_READ', 'PRACTICE_READ']);
    expect(made.data!.createApiKey.apiKey.scopes).toEqual(['CATALOG_READ', 'INSTRUCTOR_READ', 'PRACTICE_READ']);
  });

  it('reads its owner’s students and courses, never another instructor’s', async () => {
    const key = await keyOf(teacher, ['INSTRUCTOR_READ']);
    const mine = await key.graphql<Students>(STUDENTS);
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.instructorStudents.items.map((s) => s.email).sort()).toEqual(['karim@example.com', 'rahim@example.com']);
    const rivalKey = await keyOf(rival, ['INSTRUCTOR_READ']);
    expect((await rivalKey.graphql<Students>(STUDENTS)).data!.instructorStudents.items.map((s) => s.email)).toEqual(['nadia@example.com']);
    const overview = await key.graphql<{ instructorOverview: { totalStudents: number; totalCourses: number } }>(
      `{ instructorOverview { totalStudents totalCourses } }`,
    );
    expect(overview.data!.instructorOverview).toEqual({ totalStudents: 2, totalCourses: 1 });
    const courses = await key.graphql<{ managedCourses: { items: Array<{ id: string }> } }>(`{ managedCourses { items { id } } }`);
    expect(courses.data!.managedCourses.items).toEqual([{ id: ids.teacherCourse }]);
    const others = await key.graphql(`query ($id: ID!) { managedCourse(id: $id) { name } }`, { id: ids.rivalCourse });
    expect(others.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(others.data).toBeNull();
  });

  it('with practice:read reads its owner’s model tests and results, not another’s; an admin’s key reads every course’s', async () => {
    const key = await keyOf(teacher, ['PRACTICE_READ']);
    const tests = await key.graphql<{ authoredModelTests: Array<{ id: string }> }>(`{ authoredModelTests { id } }`);
    expect(tests.data!.authoredModelTests).toEqual([{ id: ids.teacherTest }]);
    const results = await key.graphql<Results>(RESULTS, { id: ids.teacherTest });
    expect(results.errors).toBeUndefined();
    // The teacher's own student by name and email; someone who only sat the free test, as the leaderboard shows them.
    expect(results.data!.modelTestResults.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Rahim Uddin', email: 'rahim@example.com', enrolled: true, passed: true }),
        expect.objectContaining({ name: 'Salma A.', email: null, enrolled: false, passed: true }),
      ]),
    );
    expect(results.data!.modelTestResults.total).toBe(2);
    const stats = await key.graphql<{ questionStatistics: Array<{ answered: number }> }>(`query ($id: ID!) { questionStatistics(id: $id) { answered } }`, {
      id: ids.teacherTest,
    });
    expect(stats.data!.questionStatistics).toEqual([{ answered: 2 }]);
    for (const query of [RESULTS, `query ($id: ID!) { questionStatistics(id: $id) { answered } }`]) {
      const refused = await key.graphql(query, { id: ids.rivalTest });
      expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    const adminKey = await keyOf(admin, ['PRACTICE_READ']);
    const rivals = await adminKey.graphql<Results>(RESULTS, { id: ids.rivalTest });
    expect(rivals.data!.modelTestResults.items).toEqual([{ name: 'Nadia Islam', email: 'nadia@example.com', enrolled: true, rank: 1, passed: true }]);
    expect((await adminKey.graphql<{ authoredModelTests: unknown[] }>(`{ authoredModelTests { id } }`)).data!.authoredModelTests).toHaveLength(2);
    // The people themselves read the same through their sessions.
    expect((await teacher.graphql<Results>(RESULTS, { id: ids.teacherTest })).data!.modelTestResults.total).toBe(2);
    expect((await teacher.graphql(RESULTS, { id: ids.rivalTest })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('is refused what its scopes do not cover, and the refusal changes nothing', async () => {
    const catalogue = await keyOf(teacher, ['CATALOG_READ']);
    const students = await catalogue.graphql(STUDENTS);
    expect(students.errors?.[0]).toMatchObject({
      message: 'This API key may not do this: it needs the instructor:read scope.',
      extensions: { code: 'FORBIDDEN' },
    });
    expect(students.data).toBeUndefined();
    const results = await catalogue.graphql(RESULTS, { id: ids.teacherTest });
    expect(results.errors?.[0].message).toBe('This API key may not do this: it needs the practice:read scope.');
    // Keys read; they never write as their owner, nor make keys.
    const all = await keyOf(teacher, ['CATALOG_READ', 'INSTRUCTOR_READ', 'PRACTICE_READ']);
    const unpublish = await all.graphql(`mutation ($id: ID!) { setModelTestPublished(id: $id, published: false) { id } }`, { id: ids.teacherTest });
    expect(unpublish.errors?.[0]).toMatchObject({ message: 'This API key may not use setModelTestPublished.', extensions: { code: 'FORBIDDEN' } });
    expect((await given.db.getRepository(ModelTest).findOneByOrFail({ id: ids.teacherTest })).published).toBe(true);
    const keys = await given.db.getRepository(ApiKey).count();
    expect((await all.graphql(`mutation { createApiKey(name: "Another", scopes: [CATALOG_READ]) { secret } }`)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await given.db.getRepository(ApiKey).count()).toBe(keys);
    // A field meant for people inside an answer is refused too: the test's question ids are for its authors.
    const inner = await all.graphql(`{ authoredModelTests { id questionIds } }`);
    expect(inner.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('is seen and revoked by its owner and admins only, and stops when its owner’s account is closed', async () => {
    const adminKey = await keyOf(admin, ['PAYMENTS_READ']);
    const own = await keyOf(teacher, ['INSTRUCTOR_READ']);
    const listed = await teacher.graphql<{ apiKeys: Array<{ id: string }> }>(`{ apiKeys { id } }`);
    const listedIds = listed.data!.apiKeys.map((k) => k.id);
    expect(listedIds).toContain(own.keyId);
    expect(listedIds).not.toContain(adminKey.keyId);
    expect((await admin.graphql<{ apiKeys: Array<{ id: string }> }>(`{ apiKeys { id } }`)).data!.apiKeys.map((k) => k.id)).toContain(own.keyId);
    const notHers = await rival.graphql(`mutation ($id: ID!) { revokeApiKey(id: $id) { id } }`, { id: own.keyId });
    expect(notHers.errors?.[0].extensions?.code).toBe('API_KEY_NOT_FOUND');
    expect((await own.graphql(STUDENTS)).errors).toBeUndefined();

    const rivalKey = await keyOf(rival, ['INSTRUCTOR_READ']);
    const closed = await admin.graphql(`mutation { deleteUser(email: "rival@example.com") { id } }`);
    expect(closed.errors).toBeUndefined();
    expect((await rivalKey.request('/api/courses')).status).toBe(401);
    const refused = await rivalKey.graphql(STUDENTS);
    expect(refused.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('any API key', () => {
  it('reads a leaderboard, as a visitor may', async () => {
    const board = `query ($id: ID!) { leaderboard(testId: $id, offset: 0, limit: 5) { total items { rank name } } }`;
    for (const scopes of [['ENROLLMENTS_WRITE'], ['CATALOG_READ']]) {
      const key = await keyOf(admin, scopes);
      const { data, errors } = await key.graphql<{ leaderboard: { total: number } }>(board, { id: ids.teacherTest });
      expect(errors).toBeUndefined();
      expect(data!.leaderboard.total).toBe(2);
    }
    const instructorKey = await keyOf(teacher, ['INSTRUCTOR_READ']);
    expect((await instructorKey.graphql<{ leaderboard: { total: number } }>(board, { id: ids.rivalTest })).data!.leaderboard.total).toBe(1);
  });
});

describe('the charts’ series through a key', () => {
  const PERIOD = { from: '2026-11-01', to: '2026-11-30', interval: 'WEEK' };
  const REVENUE = `query ($from: String!, $to: String!, $interval: SeriesInterval!) { instructorRevenueSeries(from: $from, to: $to, interval: $interval) { totalRevenueTaka } }`;
  const PAYMENTS = `query ($from: String!, $to: String!, $interval: SeriesInterval!) { paymentSeries(from: $from, to: $to, interval: $interval) { receivedTaka } }`;
  const SCORES = `query ($id: ID!) { modelTestScoreDistribution(testId: $id) { participants } }`;

  it('reads its owner’s revenue with instructor:read, its owner’s tests’ scores with practice:read, and payments with an admin’s payments:read', async () => {
    const revenue = await (await keyOf(teacher, ['INSTRUCTOR_READ'])).graphql(REVENUE, PERIOD);
    expect(revenue.errors).toBeUndefined();
    const practice = await keyOf(teacher, ['PRACTICE_READ']);
    const own = await practice.graphql<{ modelTestScoreDistribution: { participants: number } }>(SCORES, { id: ids.teacherTest });
    expect(own.errors).toBeUndefined();
    expect(own.data!.modelTestScoreDistribution.participants).toBe(2);
    expect((await practice.graphql(SCORES, { id: ids.rivalTest })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const payments = await (await keyOf(admin, ['PAYMENTS_READ'])).graphql(PAYMENTS, PERIOD);
    expect(payments.errors).toBeUndefined();
  });

  it('is refused a series its scopes do not cover', async () => {
    const catalogue = await keyOf(teacher, ['CATALOG_READ']);
    for (const [query, variables] of [
      [REVENUE, PERIOD],
      [SCORES, { id: ids.teacherTest }],
    ] as const)
      expect((await catalogue.graphql(query, variables)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await (await keyOf(admin, ['CATALOG_READ'])).graphql(PAYMENTS, PERIOD)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
