/**
 * The optional picture of a question under a lesson: its asker puts a PNG, JPEG or WebP of at most
 * 1 MB (the content decides); the course's students, its instructor and admins see it; visitors,
 * students of other courses and anyone else get nothing, and a refused file changes nothing.
 */
import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { Role } from '../../kernel/role';
import { MAX_PICTURE_BYTES } from '../../shared/picture';
import { Lesson } from '../course/lesson.entity';

const PASSWORD = 'a long enough password';
/** Real 1×1 pictures. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>');

const ASK = `mutation ($lessonId: ID!, $text: String!) { askLessonQuestion(lessonId: $lessonId, text: $text) { id pictureURL } }`;
const LIST = `query ($lessonId: ID!) { lessonQuestions(lessonId: $lessonId, offset: 0, limit: 10) { items { id pictureURL } } }`;

const given = useAppPerFile();
const people = {} as Record<'rafi' | 'mitu' | 'teacher' | 'admin' | 'outsider', HttpClient>;
let lessonId: string;
let questionId: string;

beforeEach(async () => {
  const teacher = await makeUser(given.db, { email: 'teacher@example.com', role: Role.INSTRUCTOR }, PASSWORD);
  await makeUser(given.db, { email: 'boss@example.com', role: Role.ADMIN }, PASSWORD);
  for (const email of ['rafi@example.com', 'mitu@example.com', 'outsider@example.com']) await makeUser(given.db, { email }, PASSWORD);
  const course = await makeCourse(given.db, { name: 'Physics – Class 9', price: 0, instructorId: teacher.id, instructorEmail: teacher.email }, ['Motion']);
  lessonId = (await given.db.getRepository(Lesson).findOneByOrFail({ courseId: course.id })).id;
  await given.db.query(
    `INSERT INTO enrollment ("studentId", "courseId", email, "courseName", "courseDescription")
     SELECT id, $1, email, 'Course', '' FROM "user" WHERE email = ANY($2)`,
    [course.id, ['rafi@example.com', 'mitu@example.com']],
  );
  for (const [name, email] of [
    ['rafi', 'rafi@example.com'],
    ['mitu', 'mitu@example.com'],
    ['teacher', 'teacher@example.com'],
    ['admin', 'boss@example.com'],
    ['outsider', 'outsider@example.com'],
  ] as const)
    people[name] = await signedInClient(given.app.url, email, PASSWORD);
  const asked = await people.rafi.graphql<{ askLessonQuestion: { id: string; pictureURL: string | null } }>(ASK, { lessonId, text: 'চিত্রের বলটির ত্বরণ কত?' });
  expect(asked.errors).toBeUndefined();
  expect(asked.data!.askLessonQuestion.pictureURL).toBeNull();
  questionId = asked.data!.askLessonQuestion.id;
});

async function upload(client: HttpClient, bytes: Buffer, id = questionId) {
  const res = await client.request(`/api/lesson-questions/${id}/picture`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: bytes });
  return { status: res.status, body: (await res.json()) as { pictureURL?: string | null; code?: string; message?: string } };
}

async function pictureIn(client: HttpClient): Promise<string | null | undefined> {
  const { data } = await client.graphql<{ lessonQuestions: { items: Array<{ id: string; pictureURL: string | null }> } }>(LIST, { lessonId });
  return data?.lessonQuestions.items.find((question) => question.id === questionId)?.pictureURL;
}

async function view(client: HttpClient | null, address: string) {
  const res = client ? await client.request(address) : await fetch(given.app.url + address);
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), bytes: Buffer.from(await res.arrayBuffer()) };
}

it('its asker adds a picture that the course’s students, its instructor and an admin see, and nobody else', async () => {
  const put = await upload(people.rafi, PNG);
  expect(put.status).toBe(200);
  const address = put.body.pictureURL!;
  expect(address).toMatch(new RegExp(`^/api/lesson-questions/${questionId}/picture/[A-Za-z0-9_-]{22}\\.png$`));
  for (const reader of [people.rafi, people.mitu, people.teacher, people.admin]) {
    expect(await pictureIn(reader)).toBe(address);
    const seen = await view(reader, address);
    expect(seen).toMatchObject({ status: 200, type: 'image/png', cache: 'private, max-age=31536000, immutable' });
    expect(seen.bytes.equals(PNG)).toBe(true);
  }
  expect((await view(null, address)).status).toBe(401);
  const outsider = await view(people.outsider, address);
  expect(outsider.status).toBe(403);
  expect(outsider.bytes.includes(PNG)).toBe(false);
});

it('a new picture gets a new address, the old one is gone, and the asker can take it away', async () => {
  const first = (await upload(people.rafi, PNG)).body.pictureURL!;
  const second = (await upload(people.rafi, WEBP)).body.pictureURL!;
  expect(second).toMatch(/\.webp$/);
  expect(second).not.toBe(first);
  const replaced = await view(people.mitu, first);
  expect(replaced.status).toBe(404);
  expect(JSON.parse(replaced.bytes.toString('utf8'))).toMatchObject({ code: 'PICTURE_NOT_FOUND', category: 'NOT_FOUND' });
  expect((await view(people.mitu, second)).type).toBe('image/webp');
  const removed = await people.rafi.request(`/api/lesson-questions/${questionId}/picture`, { method: 'DELETE' });
  expect(await removed.json()).toEqual({ pictureURL: null });
  expect(await pictureIn(people.mitu)).toBeNull();
  expect((await view(people.mitu, second)).status).toBe(404);
});

it('only its asker changes the picture', async () => {
  await upload(people.rafi, PNG);
  const before = await pictureIn(people.rafi);
  for (const someone of [people.mitu, people.teacher, people.admin]) {
    const put = await upload(someone, WEBP);
    expect(put.status).toBe(403);
    expect(put.body.message).toBe('Only the student who asked the question can change its picture');
    expect((await someone.request(`/api/lesson-questions/${questionId}/picture`, { method: 'DELETE' })).status).toBe(403);
  }
  expect((await upload(people.outsider, WEBP)).status).toBe(403);
  const visitor = await fetch(`${given.app.url}/api/lesson-questions/${questionId}/picture`, { method: 'PUT', body: WEBP });
  expect(visitor.status).toBe(401);
  expect(await pictureIn(people.rafi)).toBe(before);
});

it('refuses what is not a picture or is too large, and keeps the picture it had', async () => {
  const kept = (await upload(people.rafi, PNG)).body.pictureURL;
  const svg = await upload(people.rafi, SVG);
  expect(svg).toMatchObject({ status: 400, body: { code: 'PICTURE_NOT_SUPPORTED', message: 'The file is not a PNG, JPEG or WebP picture' } });
  const large = await upload(people.rafi, Buffer.concat([PNG, Buffer.alloc(MAX_PICTURE_BYTES)]));
  expect(large).toMatchObject({ status: 400, body: { code: 'PICTURE_TOO_LARGE', message: 'The picture is larger than 1 MB; make it smaller and try again' } });
  expect(await pictureIn(people.rafi)).toBe(kept);
  expect((await upload(people.rafi, PNG, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
});
