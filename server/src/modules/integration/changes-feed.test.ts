import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { Role } from '../../kernel/role';
import { Course } from '../course/course.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { Lesson } from '../course/lesson.entity';

// A school's server keeps a copy of the catalogue and of the enrollments: it reads what changed
// since its last visit (updatedSince), page by page from a cursor, and removes what comes as a
// tombstone (a course taken off sale, a refunded enrollment).

const given = useAppPerFile();
const password = 'a long enough password';
let admin: HttpClient;

beforeEach(async () => {
  await makeUser(given.db, { email: 'admin@example.com', role: Role.ADMIN }, password);
  admin = await signedInClient(given.app.url, 'admin@example.com', password);
});

const pause = (ms = 15) => new Promise((resolve) => setTimeout(resolve, ms));

/** A moment strictly between what was written before it and what is written after it. */
async function mark(): Promise<string> {
  await pause();
  const at = new Date().toISOString();
  await pause();
  return at;
}

async function keyWith(scopes: string[]): Promise<HttpClient> {
  const body = await admin.graphql<{ createApiKey: { secret: string } }>(
    `mutation ($scopes: [ApiScope!]!) { createApiKey(name: "School sync", scopes: $scopes) { secret } }`,
    { scopes },
  );
  expect(body.errors).toBeUndefined();
  const client = new HttpClient(given.app.url);
  client.token = body.data!.createApiKey.secret;
  return client;
}

type CoursePage = {
  courses: { total: number; hasMore: boolean; endCursor: string | null; items: Array<{ id: string; name: string; published: boolean; updatedAt: string }> };
};
const COURSE_CHANGES = `query ($since: DateTimeISO, $after: String, $limit: Int!) {
  courses(updatedSince: $since, after: $after, limit: $limit) { total hasMore endCursor items { id name published updatedAt } }
}`;

/** Changes a course the way the site does: the course editor's save, publishing or unpublishing. */
async function rename(courseId: string, name: string) {
  await given.db.getRepository(Course).update(courseId, { name });
}
async function setPublished(courseId: string, published: boolean) {
  const body = await admin.graphql(`mutation ($id: ID!, $published: Boolean!) { setCoursePublished(id: $id, published: $published) { id } }`, {
    id: courseId,
    published,
  });
  expect(body.errors).toBeUndefined();
}

describe('the catalogue’s changes (courses(updatedSince, after))', () => {
  it('gives the courses changed since the mark, a course taken off sale as a tombstone, never a draft, over GraphQL and REST', async () => {
    const unchanged = await makeCourse(given.db, { name: 'Unchanged algebra' });
    const changed = await makeCourse(given.db, { name: 'Physics' });
    const withdrawn = await makeCourse(given.db, { name: 'Chemistry' });
    const draft = await makeCourse(given.db, { name: 'Secret draft', published: false });
    const since = await mark();
    await rename(changed.id, 'Physics, second edition');
    await pause();
    await setPublished(withdrawn.id, false);
    await rename(draft.id, 'Secret draft, renamed');

    const reader = await keyWith(['CATALOG_READ']);
    const { data, errors } = await reader.graphql<CoursePage>(COURSE_CHANGES, { since, limit: 10 });
    expect(errors).toBeUndefined();
    expect(data!.courses.items.map(({ id, name, published }) => ({ id, name, published }))).toEqual([
      { id: changed.id, name: 'Physics, second edition', published: true },
      { id: withdrawn.id, name: 'Chemistry', published: false },
    ]);
    expect(data!.courses).toMatchObject({ total: 2, hasMore: false });
    expect(data!.courses.endCursor).toEqual(expect.any(String));
    for (const item of data!.courses.items) expect(new Date(item.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(since).getTime());
    // The catalogue itself is as it was: published courses only, newest first, no cursor.
    const catalogue = await reader.graphql<CoursePage>(`{ courses { total endCursor items { id } } }`);
    expect(catalogue.data!.courses).toMatchObject({ total: 2, endCursor: null });
    expect(catalogue.data!.courses.items.map((item) => item.id).sort()).toEqual([unchanged.id, changed.id].sort());

    // REST: the same documents with their state, where to read on in the headers.
    const rest = await reader.request(`/api/courses?updatedSince=${encodeURIComponent(since)}`);
    expect(rest.status).toBe(200);
    const documents = (await rest.json()) as Array<{ id: string; name: string; published: boolean; updatedAt: string; videos: unknown }>;
    expect(documents.map(({ id, published }) => ({ id, published }))).toEqual([
      { id: changed.id, published: true },
      { id: withdrawn.id, published: false },
    ]);
    expect(documents[0].videos).toEqual({ contents: expect.any(Array) as unknown });
    expect(rest.headers.get('shikhon-end-cursor')).toBe(data!.courses.endCursor);
    expect(rest.headers.get('shikhon-has-more')).toBe('false');
    const restLater = await reader.request(`/api/courses?after=${rest.headers.get('shikhon-end-cursor')}`);
    expect(await restLater.json()).toEqual([]);
    expect(restLater.headers.get('shikhon-end-cursor')).toBe('');
    // Without the new parameters the old answer is unchanged: no state, no updatedAt.
    const old = (await (await reader.request('/api/courses')).json()) as Array<Record<string, unknown>>;
    expect(old).toHaveLength(2);
    expect(Object.keys(old[0]).sort()).toEqual(
      [
        '_id',
        'description',
        'id',
        'instructor',
        'instructorEmail',
        'keyPoints',
        'name',
        'photoURL',
        'price',
        'ratings',
        'targetedPeoples',
        'videos',
        'whyNeed',
      ].sort(),
    );
  });

  it('pages from a cursor with no duplicate and no gap while courses are published and changed meanwhile; total is the same on every page', async () => {
    const since = await mark();
    const courses: Course[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four']) {
      courses.push(await makeCourse(given.db, { name }));
      await pause(2);
    }
    const draft = await makeCourse(given.db, { name: 'Five, a draft', published: false });
    const reader = await keyWith(['CATALOG_READ']);
    const read = async (after: string | null) => (await reader.graphql<CoursePage>(COURSE_CHANGES, { since, after, limit: 2 })).data!.courses;

    const first = await read(null);
    expect(first.items.map((item) => item.name)).toEqual(['One', 'Two']);
    expect(first).toMatchObject({ total: 4, hasMore: true });
    // Meanwhile: a course not read yet changes (it moves to the end, so it comes once, not twice),
    // and a draft is published (it comes, once).
    await rename(courses[2].id, 'Three, renamed');
    await pause();
    await setPublished(draft.id, true);
    const second = await read(first.endCursor);
    expect(second.items.map((item) => item.name)).toEqual(['Four', 'Three, renamed']);
    expect(second).toMatchObject({ total: 5, hasMore: true });
    const third = await read(second.endCursor);
    expect(third.items.map((item) => item.name)).toEqual(['Five, a draft']);
    expect(third).toMatchObject({ total: 5, hasMore: false });
    const seen = [...first.items, ...second.items, ...third.items].map((item) => item.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...courses.map((c) => c.id), draft.id].sort());
    // total means the same with and without a cursor: everything changed since the mark.
    expect((await reader.graphql<CoursePage>(COURSE_CHANGES, { since, limit: 2 })).data!.courses.total).toBe(5);

    // Caught up: nothing after the last cursor, until a course read before changes again.
    const caughtUp = await read(third.endCursor);
    expect(caughtUp).toMatchObject({ items: [], endCursor: null, hasMore: false, total: 5 });
    await rename(courses[0].id, 'One, renamed');
    expect((await read(third.endCursor)).items.map((item) => item.name)).toEqual(['One, renamed']);
  });

  it('gives a course deleted after it was on sale as a tombstone, in its place in the feed; a deleted draft never comes', async () => {
    const sold = await makeCourse(given.db, { name: 'Sold out of the catalogue' });
    const draft = await makeCourse(given.db, { name: 'A draft', published: false });
    const since = await mark();
    const changed = await makeCourse(given.db, { name: 'New one' });
    await pause();
    for (const id of [sold.id, draft.id]) expect((await admin.graphql(`mutation ($id: ID!) { deleteCourse(id: $id) }`, { id })).errors).toBeUndefined();
    const reader = await keyWith(['CATALOG_READ']);
    const first = (await reader.graphql<CoursePage>(COURSE_CHANGES, { since, limit: 1 })).data!.courses;
    expect(first.items.map(({ id, published }) => ({ id, published }))).toEqual([{ id: changed.id, published: true }]);
    const second = (await reader.graphql<CoursePage>(COURSE_CHANGES, { since, after: first.endCursor, limit: 1 })).data!.courses;
    expect(second.items.map(({ id, name, published }) => ({ id, name, published }))).toEqual([
      { id: sold.id, name: 'Sold out of the catalogue', published: false },
    ]);
    expect(second).toMatchObject({ total: 2, hasMore: false });
    expect(new Date(second.items[0].updatedAt).getTime()).toBeGreaterThan(new Date(since).getTime());
    // Gone from the catalogue and from the course's page.
    expect((await reader.graphql<{ course: null }>(`query ($id: ID!) { course(id: $id) { id } }`, { id: sold.id })).data!.course).toBeNull();
  });

  it('is for admins and keys with catalog:read only, and refuses a cursor that is not one', async () => {
    await makeCourse(given.db);
    const since = new Date(0).toISOString();
    expect((await admin.graphql<CoursePage>(COURSE_CHANGES, { since, limit: 5 })).data!.courses.total).toBe(1);
    const visitor = await given.visitor.graphql(COURSE_CHANGES, { since, limit: 5 });
    expect(visitor.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    await makeUser(given.db, { email: 'student@example.com' }, password);
    const student = await signedInClient(given.app.url, 'student@example.com', password);
    expect((await student.graphql(COURSE_CHANGES, { since, limit: 5 })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await student.request(`/api/courses?updatedSince=${since}`)).status).toBe(403);
    const otherScope = await keyWith(['ENROLLMENTS_READ']);
    expect((await otherScope.graphql(COURSE_CHANGES, { since, limit: 5 })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const reader = await keyWith(['CATALOG_READ']);
    const bad = await reader.graphql(COURSE_CHANGES, { after: 'nonsense', limit: 5 });
    expect(bad.errors?.[0].message).toBe('after must be an endCursor from an earlier page of this list');
    expect((await reader.request('/api/courses?updatedSince=yesterday')).status).toBe(400);
  });
});

type EnrollmentPage = {
  enrollments: {
    total: number;
    hasMore: boolean;
    endCursor: string | null;
    items: Array<{ id: string; email: string; state: string; refundedAt: string | null; updatedAt: string }>;
  };
};
const ENROLLMENT_CHANGES = `query ($since: DateTimeISO, $after: String, $limit: Int) {
  enrollments(updatedSince: $since, after: $after, limit: $limit) { total hasMore endCursor items { id email state refundedAt updatedAt } }
}`;

describe('the enrollments’ changes (enrollments(updatedSince, after))', () => {
  async function buyer(email: string) {
    await makeUser(given.db, { email }, password);
    return signedInClient(given.app.url, email, password);
  }
  async function buy(client: HttpClient, courseId: string): Promise<string> {
    const { data, errors } = await client.graphql<{ purchaseCourse: { enrollment: { id: string } } }>(
      `mutation ($input: PurchaseInput!) { purchaseCourse(input: $input) { enrollment { id } } }`,
      { input: { courseId, paymentMethod: 'pm_card_visa' } },
    );
    expect(errors).toBeUndefined();
    return data!.purchaseCourse.enrollment.id;
  }

  it('gives the enrollments made or refunded since the mark, a refund as a change with its state; studying is not a change', async () => {
    const course = await makeCourse(given.db, { price: 20, startsAt: new Date(Date.now() + 7 * 24 * 3600 * 1000) });
    const rahim = await buyer('rahim@example.com');
    const karim = await buyer('karim@example.com');
    const before = await buy(rahim, course.id);
    const since = await mark();
    const after = await buy(karim, course.id);
    await pause();
    const refund = await admin.graphql(`mutation ($id: ID!) { refundEnrollment(enrollmentId: $id, refundCase: COURSE_CANCELLED) { percent } }`, { id: before });
    expect(refund.errors).toBeUndefined();

    const reader = await keyWith(['ENROLLMENTS_READ']);
    const { data, errors } = await reader.graphql<EnrollmentPage>(ENROLLMENT_CHANGES, { since, limit: 10 });
    expect(errors).toBeUndefined();
    expect(data!.enrollments.items.map(({ id, state, refundedAt }) => ({ id, state, refunded: refundedAt !== null }))).toEqual([
      { id: after, state: 'ACTIVE', refunded: false },
      { id: before, state: 'REFUNDED', refunded: true },
    ]);
    expect(data!.enrollments.total).toBe(2);

    // Karim studies: his enrollment is not changed by it, so nothing comes after the cursor.
    const lesson = await given.db.getRepository(Lesson).findOneByOrFail({ courseId: course.id, position: 1 });
    const studied = await karim.graphql(`mutation ($id: ID!) { setLessonCompleted(lessonId: $id, completed: true) { completed } }`, { id: lesson.id });
    expect(studied.errors).toBeUndefined();
    expect((await given.db.getRepository(Enrollment).findOneByOrFail({ id: after })).lastStudiedAt).not.toBeNull();
    const later = await reader.graphql<EnrollmentPage>(ENROLLMENT_CHANGES, { since, after: data!.enrollments.endCursor, limit: 10 });
    expect(later.data!.enrollments).toMatchObject({ items: [], endCursor: null, hasMore: false, total: 2 });
  });

  it('pages from a cursor with total the same on every page, and keeps the oldest-first list and its cursors apart', async () => {
    const course = await makeCourse(given.db, { price: 20 });
    const since = await mark();
    const ids: string[] = [];
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      ids.push(await buy(await buyer(email), course.id));
      await pause(2);
    }
    const reader = await keyWith(['ENROLLMENTS_READ']);
    const first = (await reader.graphql<EnrollmentPage>(ENROLLMENT_CHANGES, { since, limit: 2 })).data!.enrollments;
    expect(first).toMatchObject({ total: 3, hasMore: true });
    const second = (await reader.graphql<EnrollmentPage>(ENROLLMENT_CHANGES, { since, after: first.endCursor, limit: 2 })).data!.enrollments;
    expect(second).toMatchObject({ total: 3, hasMore: false });
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(ids);

    // The oldest-first list keeps its own cursors; one kind is refused in the other's place.
    const oldest = await reader.graphql<EnrollmentPage>(`{ enrollments(limit: 1) { total endCursor items { id } } }`);
    const mixed = await reader.graphql(ENROLLMENT_CHANGES, { since, after: oldest.data!.enrollments.endCursor, limit: 2 });
    expect(mixed.errors?.[0].message).toBe('after must be an endCursor from an earlier page of this list');
    const oldestAfter = await reader.graphql<EnrollmentPage>(`query ($after: String) { enrollments(after: $after, limit: 5) { total items { id } } }`, {
      after: oldest.data!.enrollments.endCursor,
    });
    expect(oldestAfter.data!.enrollments).toMatchObject({ total: 3, items: [{ id: ids[1] }, { id: ids[2] }] });
    // A key for the catalogue only is refused, and the refusal reads nothing.
    const catalogue = await keyWith(['CATALOG_READ']);
    const refused = await catalogue.graphql(ENROLLMENT_CHANGES, { since, limit: 2 });
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(refused.data).toBeUndefined();
  });
});
