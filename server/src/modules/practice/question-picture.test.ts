import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { Role } from '../../kernel/role';
import { MAX_PICTURE_BYTES, pictureSizeOf } from '../../shared/picture';
import { ensureSyllabus } from './syllabus-seed';

// A bank question's optional picture: PNG, JPEG or WebP decided by the file's content (not its
// name or claimed type), at most 1 MB; anything else is refused with a clear error that changes nothing.

const PASSWORD = 'a picture password';
let teacher: HttpClient;
let courseId: string;

/** Real 1×1 pictures. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>');

const given = useAppPerFile();
beforeEach(async () => {
  await ensureSyllabus(given.db);
  const instructor = await makeUser(given.db, { email: 'teacher@example.com', role: Role.INSTRUCTOR }, PASSWORD);
  await makeUser(given.db, { email: 'rival@example.com', role: Role.INSTRUCTOR }, PASSWORD);
  await makeUser(given.db, { email: 'student@example.com' }, PASSWORD);
  courseId = (await makeCourse(given.db, { name: 'Physics 9', price: 0, instructorId: instructor.id })).id;
  teacher = await signedInClient(given.app.url, 'teacher@example.com', PASSWORD);
});

async function newQuestion(): Promise<string> {
  const { data, errors } = await teacher.graphql<{ createQuestion: { id: string } }>(
    `mutation ($input: QuestionInput!) { createQuestion(input: $input) { id } }`,
    { input: { text: 'চিত্রে বস্তুটির ত্বরণ কত?', options: ['$2\\,m/s^2$', '$4\\,m/s^2$'], correctOption: 0, classLevel: 9, subjectId: 'physics', courseId } },
  );
  expect(errors).toBeUndefined();
  return data!.createQuestion.id;
}

async function upload(client: HttpClient, id: string, bytes: Buffer, type = 'application/octet-stream') {
  const res = await client.request(`/api/questions/${id}/picture`, { method: 'PUT', headers: { 'content-type': type }, body: bytes });
  return { status: res.status, body: (await res.json()) as { pictureURL?: string | null; code?: string; category?: string; max?: number; message?: string } };
}

async function pictureOf(id: string): Promise<string | null> {
  const { data } = await teacher.graphql<{ questionBank: { items: Array<{ id: string; pictureURL: string | null }> } }>(
    `{ questionBank(offset: 0, limit: 10) { items { id pictureURL } } }`,
  );
  return data!.questionBank.items.find((q) => q.id === id)!.pictureURL;
}

async function fetchPicture(address: string) {
  const res = await fetch(given.app.url + address);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('a question’s picture', () => {
  it('is uploaded with the question, kept as sent and shown at its address, in the bank, the test and the review', async () => {
    const id = await newQuestion();
    const { status, body } = await upload(teacher, id, PNG, 'image/png');
    expect(status).toBe(200);
    expect(body.pictureURL).toMatch(new RegExp(`^/api/questions/${id}/picture/[A-Za-z0-9_-]+\\.png$`));
    expect(await pictureOf(id)).toBe(body.pictureURL);
    const served = await fetchPicture(body.pictureURL!);
    expect(served).toEqual({ status: 200, type: 'image/png', bytes: PNG });

    const { data: created } = await teacher.graphql<{ createModelTest: { id: string } }>(
      `mutation ($input: ModelTestInput!) { createModelTest(input: $input) { id } }`,
      { input: { title: 'চিত্রের প্রশ্ন', classLevel: 9, subjectId: 'physics', courseId, free: true, durationMinutes: 5, questionIds: [id] } },
    );
    await teacher.graphql(`mutation ($id: ID!) { setModelTestPublished(id: $id, published: true) { id } }`, { id: created!.createModelTest.id });
    const student = await signedInClient(given.app.url, 'student@example.com', PASSWORD);
    const { data: started } = await student.graphql<{ startAttempt: { id: string; questions: Array<{ pictureURL: string | null }> } }>(
      `mutation ($id: ID!) { startAttempt(testId: $id) { id questions { pictureURL } } }`,
      { id: created!.createModelTest.id },
    );
    expect(started!.startAttempt.questions).toEqual([{ pictureURL: body.pictureURL }]);
    const { data: result } = await student.graphql<{ submitAttempt: { review: Array<{ pictureURL: string | null }> } }>(
      `mutation ($id: ID!) { submitAttempt(attemptId: $id) { review { pictureURL } } }`,
      { id: started!.startAttempt.id },
    );
    expect(result!.submitAttempt.review).toEqual([{ pictureURL: body.pictureURL }]);
  });

  it('is a PNG, JPEG or WebP by its content, whatever type the upload claims', async () => {
    const id = await newQuestion();
    const jpeg = await upload(teacher, id, JPEG, 'image/png');
    expect(jpeg.body.pictureURL).toMatch(/\.jpg$/);
    expect((await fetchPicture(jpeg.body.pictureURL!)).type).toBe('image/jpeg');
    const webp = await upload(teacher, id, WEBP, 'image/jpeg');
    expect(webp.body.pictureURL).toMatch(/\.webp$/);
    expect(await fetchPicture(webp.body.pictureURL!)).toEqual({ status: 200, type: 'image/webp', bytes: WEBP });
    // The old address is gone with the old picture.
    expect((await fetchPicture(jpeg.body.pictureURL!)).status).toBe(404);
  });

  it('refuses any other file with a clear error, and the question keeps the picture it had', async () => {
    const id = await newQuestion();
    const kept = (await upload(teacher, id, PNG)).body.pictureURL!;
    const renamed = Buffer.concat([Buffer.from('not a picture, only named question.png\n'), PNG]);
    for (const [file, type] of [
      [GIF, 'image/gif'],
      [SVG, 'image/svg+xml'],
      [renamed, 'image/png'],
      [Buffer.alloc(0), 'image/png'],
    ] as const) {
      const { status, body } = await upload(teacher, id, file, type);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'PICTURE_NOT_SUPPORTED', category: 'BAD_USER_INPUT' });
      expect(await pictureOf(id)).toBe(kept);
    }
    const { body } = await upload(teacher, id, GIF);
    expect(body.message).toBe('The file is not a PNG, JPEG or WebP picture');
    expect((await fetchPicture(kept)).bytes).toEqual(PNG);
  });

  it('is at most 4000 × 4000 pixels, read from its header before anything decodes it', async () => {
    expect([pictureSizeOf(PNG, 'image/png'), pictureSizeOf(JPEG, 'image/jpeg'), pictureSizeOf(WEBP, 'image/webp')]).toEqual([
      { width: 1, height: 1 },
      { width: 1, height: 1 },
      { width: 1, height: 1 },
    ]);
    // A small file that says it is 30000 × 30000 (its IHDR rewritten).
    const huge = Buffer.from(PNG);
    huge.writeUInt32BE(30000, 16);
    huge.writeUInt32BE(30000, 20);
    const wide = Buffer.from(PNG);
    wide.writeUInt32BE(4001, 16);
    const id = await newQuestion();
    for (const bytes of [huge, wide]) {
      const refused = await upload(teacher, id, bytes, 'image/png');
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'PICTURE_TOO_MANY_PIXELS',
        category: 'BAD_USER_INPUT',
        max: 4000,
        message: 'The picture is larger than 4000 × 4000 pixels; make it smaller and try again',
      });
    }
    expect(await pictureOf(id)).toBeNull();
    const edge = Buffer.from(PNG);
    edge.writeUInt32BE(4000, 16);
    edge.writeUInt32BE(4000, 20);
    expect((await upload(teacher, id, edge, 'image/png')).status).toBe(200);
  });

  it('is at most 1 MB: a picture of exactly 1 MB is kept, one byte more is refused and changes nothing', async () => {
    const id = await newQuestion();
    const exactly = Buffer.concat([PNG, Buffer.alloc(MAX_PICTURE_BYTES - PNG.length)]);
    const accepted = await upload(teacher, id, exactly, 'image/png');
    expect(accepted.status).toBe(200);
    const tooLarge = await upload(teacher, id, Buffer.concat([JPEG, Buffer.alloc(MAX_PICTURE_BYTES + 1 - JPEG.length)]), 'image/jpeg');
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toMatchObject({ code: 'PICTURE_TOO_LARGE', category: 'BAD_USER_INPUT', max: 1048576 });
    expect(tooLarge.body.message).toBe('The picture is larger than 1 MB; make it smaller and try again');
    const far = await upload(teacher, id, Buffer.alloc(5 * MAX_PICTURE_BYTES, 0xff), 'image/jpeg');
    expect(far.body.code).toBe('PICTURE_TOO_LARGE');
    expect(await pictureOf(id)).toBe(accepted.body.pictureURL);
    expect((await fetchPicture(accepted.body.pictureURL!)).bytes.length).toBe(MAX_PICTURE_BYTES);
  });

  it('is given or taken away only by the question’s editors', async () => {
    const id = await newQuestion();
    const kept = (await upload(teacher, id, PNG)).body.pictureURL;
    const rival = await signedInClient(given.app.url, 'rival@example.com', PASSWORD);
    const student = await signedInClient(given.app.url, 'student@example.com', PASSWORD);
    expect((await upload(new HttpClient(given.app.url), id, WEBP)).status).toBe(401);
    expect((await upload(student, id, WEBP)).status).toBe(403);
    expect((await upload(rival, id, WEBP)).status).toBe(403);
    expect((await rival.request(`/api/questions/${id}/picture`, { method: 'DELETE' })).status).toBe(403);
    expect(await pictureOf(id)).toBe(kept);

    const removed = await teacher.request(`/api/questions/${id}/picture`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await pictureOf(id)).toBeNull();
    expect((await fetchPicture(kept!)).status).toBe(404);
  });
});
