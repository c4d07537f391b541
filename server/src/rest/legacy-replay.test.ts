import { useAppPerFile } from '../test/app-per-file';
import { startTestApp } from '../test/app';
/**
 * Every call the old web client makes (see the old API's README), replayed from the old client's own
 * origin with its old bodies, as a browser would: a preflight where the browser sends one, then the
 * call. Each answer is compared with the shape the old client reads.
 */
import { makeCourse, makeUser } from '../test/factories';
import { HttpClient, signedInClient } from '../test/http-client';
import { Role } from '../kernel/role';
import type { Course } from '../modules/course/course.entity';

const OLD_ORIGIN = 'https://old.shikhon.example';

let course: Course;
let student: HttpClient;
let instructor: HttpClient;
let admin: HttpClient;
let studentId: string;

const given = useAppPerFile({ env: { CORS_ORIGINS: `${OLD_ORIGIN}, http://localhost:3000` } });
beforeEach(async () => {
  const teacher = await makeUser(
    given.db,
    { email: 'teacher@example.com', name: 'Nusrat Jahan', role: Role.INSTRUCTOR, eduQualification: 'MSc Physics', image: 'https://img.example/nusrat.jpg' },
    'teacher password',
  );
  course = await makeCourse(given.db, {
    name: 'Physics for Class 9',
    price: 25,
    instructor: teacher.name,
    instructorEmail: teacher.email,
    instructorId: teacher.id,
  });
  // The old rating text is written from the course's reviews.
  await given.db.query(`INSERT INTO review (name, text, rating, "courseId") VALUES ('Rahim', 'Clear', 5, $1)`, [course.id]);
  studentId = (await makeUser(given.db, { email: 'student@example.com', eduQualification: 'SSC', contactEmail: 'rahim@example.com' }, 'student password')).id;
  await makeUser(given.db, { email: 'boss@example.com', role: Role.ADMIN }, 'boss password');
  student = await signedInClient(given.app.url, 'student@example.com', 'student password');
  instructor = await signedInClient(given.app.url, 'teacher@example.com', 'teacher password');
  admin = await signedInClient(given.app.url, 'boss@example.com', 'boss password');
});

/** The shape of a JSON value: key names and value types, arrays by their first item. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [shapeOf(value[0])] : [];
  if (value === null) return 'null';
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  return typeof value;
}

const OLD_COURSE = {
  _id: 'string',
  id: 'string',
  name: 'string',
  price: 'number',
  instructor: 'string',
  instructorEmail: 'string',
  photoURL: 'string',
  description: 'string',
  targetedPeoples: 'string',
  whyNeed: 'string',
  keyPoints: ['string'],
  ratings: 'string',
  videos: { contents: [{ title: 'string', videoURL: 'string' }] },
};
const OLD_USER = {
  _id: 'string',
  id: 'string',
  role: 'string',
  name: 'string',
  email: 'string',
  phone: 'string',
  image: 'string',
  date: 'string',
  eduQualification: 'string',
  contactEmail: 'string',
  createdOn: 'string',
};
const OLD_ENROLLMENT = {
  _id: 'string',
  courseID: 'string',
  courseName: 'string',
  courseDescription: 'string',
  courseImage: 'string',
  email: 'string',
  transactionID: 'string',
  transactionAmount: 'number',
  // Added beside the old fields: the currency transactionAmount is in (the old client ignores it).
  currency: 'string',
  billingDetails: { name: 'string' },
};
/** An expected shape with its keys in the order shapeOf gives them. */
const sorted = (shape: object): object =>
  JSON.parse(
    JSON.stringify(shape, (_key, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
    ),
  ) as object;
// Lesson videos are shown only to a course's students, its instructor and admins.
const LOCKED_COURSE = sorted({ ...OLD_COURSE, videos: { contents: [{ title: 'string', videoURL: 'null' }] } });

/** A call as the old client's browser makes it from the old origin, preflight included when one is due. */
async function replay(client: HttpClient, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { origin: OLD_ORIGIN };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const needsPreflight = body !== undefined || !['GET', 'HEAD'].includes(method) || client.token;
  if (needsPreflight) {
    const requested = [...(body !== undefined ? ['content-type'] : []), ...(client.token ? ['authorization'] : [])].join(',');
    const preflight = await fetch(given.app.url + path, {
      method: 'OPTIONS',
      headers: { origin: OLD_ORIGIN, 'access-control-request-method': method, ...(requested ? { 'access-control-request-headers': requested } : {}) },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(OLD_ORIGIN);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-methods')).toContain(method);
    for (const header of requested.split(',').filter(Boolean)) expect(preflight.headers.get('access-control-allow-headers')!.toLowerCase()).toContain(header);
  }
  const res = await client.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.headers.get('access-control-allow-origin')).toBe(OLD_ORIGIN);
  expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  expect(res.headers.get('vary')).toMatch(/origin/i);
  return { status: res.status, json: await res.json() };
}

const anonymous = () => new HttpClient(given.app.url);

describe('the old web client, replayed from its own origin', () => {
  it('loads the catalogue, a course, a search and the static lists', async () => {
    const list = await replay(anonymous(), 'GET', '/api/courses');
    expect([list.status, shapeOf(list.json)]).toEqual([200, [LOCKED_COURSE]]);
    expect(shapeOf((await replay(student, 'GET', `/api/courses/${course.id}`)).json)).toEqual(LOCKED_COURSE);
    expect(shapeOf((await replay(instructor, 'GET', `/api/courses/${course.id}`)).json)).toEqual(sorted(OLD_COURSE));
    const found = await replay(anonymous(), 'GET', '/api/courses/searchCourse/Physics');
    expect((found.json as Array<{ id: string }>).map((c) => c.id)).toEqual([course.id]);
    expect(shapeOf((await replay(anonymous(), 'GET', '/Course.json')).json)).toEqual(
      [{ _id: 'string', name: 'string', img: 'string', des: 'string', rating: 'string', price: 'string' }].map(sorted),
    );
    expect((await replay(anonymous(), 'GET', '/reviews.json')).status).toBe(200);
    expect((await replay(anonymous(), 'GET', '/blogs.json')).status).toBe(200);
  });

  it("loads the course page's instructor box for anyone: public fields only, the whole account only for its owner", async () => {
    const box = await replay(anonymous(), 'GET', '/api/users/getUserByEmail/teacher@example.com');
    expect(box.status).toBe(200);
    const { _id, id, ...profile } = box.json as Record<string, unknown>;
    expect([typeof _id, typeof id]).toEqual(['string', 'string']);
    expect(profile).toEqual({ role: 'instructor', name: 'Nusrat Jahan', image: 'https://img.example/nusrat.jpg', eduQualification: 'MSc Physics' });
    expect((await replay(student, 'GET', '/api/users/getUserByEmail/teacher@example.com')).json).toEqual(box.json);
    const own = await replay(instructor, 'GET', '/api/users/getUserByEmail/teacher@example.com');
    expect(own.json).toMatchObject({ email: 'teacher@example.com', phone: '+880 1711-123456' });
    // A student is nobody's instructor: their account stays private as before.
    expect((await replay(anonymous(), 'GET', '/api/users/getUserByEmail/student@example.com')).status).toBe(401);
    expect((await replay(instructor, 'GET', '/api/users/getUserByEmail/student@example.com')).status).toBe(403);
  });

  it('signs up, reads and updates profiles, and manages admins with the old bodies', async () => {
    const recorded = await replay(student, 'POST', '/api/users', {
      role: 'student',
      name: 'Rahim',
      email: 'student@example.com',
      phone: '+880 1711-000111',
      date: '2008-01-02',
      image: 'https://img.example/rahim.jpg',
    });
    expect(recorded.status).toBe(201);
    const me = await replay(student, 'GET', '/api/users/getUserByEmail/student@example.com');
    expect(shapeOf(me.json)).toEqual(sorted(OLD_USER));
    expect(shapeOf((await replay(student, 'GET', `/api/users/${studentId}`)).json)).toEqual(sorted(OLD_USER));
    const everyone = await replay(admin, 'GET', '/api/users');
    expect((everyone.json as unknown[]).length).toBe(3);
    const made = await replay(admin, 'PUT', '/api/users/student@example.com', { title: 'placeholder' });
    expect(made.json).toMatchObject({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const removed = await replay(admin, 'DELETE', '/api/users/student@example.com');
    expect(removed.json).toMatchObject({ acknowledged: true, deletedCount: 1 });
    expect((await replay(student, 'PUT', '/api/users/teacher@example.com', { title: 'placeholder' })).status).toBe(403);
  });

  it('creates a course as the old instructor form did', async () => {
    const created = await replay(instructor, 'POST', '/api/courses', {
      name: 'Chemistry Basics',
      price: 15,
      description: 'Atoms and bonds.',
      photoURL: 'https://img.example/chem.jpg',
      instructor: 'Nusrat Jahan',
      instructorEmail: 'teacher@example.com',
      targetedPeoples: 'Class 9',
      whyNeed: 'Exams',
      keyPoints: ['Atoms'],
      ratings: '5',
      videos: { contents: [{ title: 'Atoms', videoURL: 'https://www.youtube.com/embed/c1' }] },
    });
    expect(created.status).toBe(201);
    // The rating text is the platform's to set: a new course has none yet.
    expect(shapeOf(created.json)).toEqual(sorted({ ...OLD_COURSE, ratings: 'null' }));
  });

  it('pays with the old {amount, token} body, then enrolls and lists enrollments', async () => {
    const paid = await replay(student, 'POST', '/payment', { amount: 2500, token: 'tok_visa' });
    expect(paid.status).toBe(200);
    const CHARGE = {
      id: 'string',
      object: 'string',
      status: 'string',
      paid: 'boolean',
      amount: 'number',
      currency: 'string',
      balance_transaction: 'string',
      billing_details: {},
    };
    expect(shapeOf(paid.json)).toEqual(sorted(CHARGE));
    const charge = paid.json as { balance_transaction: string; amount: number };
    const enrolled = await replay(student, 'POST', '/api/enroll', {
      courseID: course.id,
      courseName: course.name,
      courseDescription: course.description,
      courseImage: course.photoURL,
      email: 'student@example.com',
      transactionID: charge.balance_transaction,
      transactionAmount: charge.amount / 100,
      billingDetails: { name: 'Rahim' },
    });
    expect([enrolled.status, (enrolled.json as { acknowledged: boolean }).acknowledged]).toEqual([201, true]);
    const mine = await replay(student, 'GET', '/api/enroll/student@example.com');
    expect(shapeOf(mine.json)).toEqual([sorted({ ...OLD_ENROLLMENT, billingDetails: 'null' })]);
    expect((mine.json as Array<{ transactionAmount: number }>)[0].transactionAmount).toBe(25);

    // The same calls with an amount that is not the course's price: refused, nothing charged.
    await makeUser(given.db, { email: 'second@example.com' }, 'second password');
    const second = await signedInClient(given.app.url, 'second@example.com', 'second password');
    const cheap = (await replay(second, 'POST', '/payment', { amount: 100, token: 'tok_visa' })).json as { balance_transaction: string };
    const refused = await replay(second, 'POST', '/api/enroll', {
      courseID: course.id,
      email: 'second@example.com',
      transactionID: cheap.balance_transaction,
      transactionAmount: 1,
    });
    expect([refused.status, (refused.json as { message: string }).message]).toEqual([400, 'The amount does not match the price of the course']);
    expect((await replay(second, 'GET', '/api/enroll/second@example.com')).json).toEqual([]);

    // The old Checkout Session call, by a student who does not own the course yet.
    const session = await replay(second, 'POST', '/create-checkout-session', { PRICE_ID: 'price_placeholder', price: 25, courseID: course.id });
    expect(session.status).toBe(200);
    expect(shapeOf(session.json)).toEqual(sorted({ id: 'string', url: 'string' }));
  });

  it('answers an unknown path with the old message', async () => {
    const missing = await replay(anonymous(), 'GET', '/api/nothing-here');
    expect([missing.status, missing.json]).toEqual([404, expect.objectContaining({ message: 'Route not found!' })]);
  });
});

describe('origins not listed in CORS_ORIGINS', () => {
  it('get no CORS headers, so a browser keeps the answer from them', async () => {
    const res = await fetch(`${given.app.url}/api/courses`, { headers: { origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(`${given.app.url}/payment`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('are all origins when CORS_ORIGINS is unset: no CORS headers by default', async () => {
    const plain = await startTestApp(given.db);
    try {
      const res = await fetch(`${plain.url}/api/courses`, { headers: { origin: OLD_ORIGIN } });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
