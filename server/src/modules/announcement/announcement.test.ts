/**
 * A teacher writes to a course's students: each gets it once, in their language, by mail or (an
 * account without email) by SMS, through the job queue; My Courses shows it; others neither send
 * nor read.
 */
import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase } from '../../test/database';
import { makeCourse, makeUser } from '../../test/factories';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { waitFor } from '../../test/wait-for';
import { Role } from '../../kernel/role';
import type { Course } from '../course/course.entity';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { CourseAnnouncement } from './announcement.entity';
import { ANNOUNCEMENT_QUEUE, announcementsPerCourse } from './announcement.service';

let db: DataSource;
let app: TestApp;
let teacher: HttpClient;
let other: HttpClient;
let student: HttpClient;
let outsider: HttpClient;
let course: Course;
const password = 'a long enough password';

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startTestApp(db, {}, { workQueues: [ANNOUNCEMENT_QUEUE] });
  const instructor = await makeUser(db, { email: 'teacher@example.com', name: 'Tanvir Ahmed', role: Role.INSTRUCTOR }, password);
  await makeUser(db, { email: 'other@example.com', role: Role.INSTRUCTOR }, password);
  await makeUser(db, { email: 'rafi@example.com', name: 'Rafi' }, password);
  await makeUser(db, { email: 'mitu@example.com', name: 'Mitu', language: 'bn' }, password);
  await makeUser(db, { email: null as unknown as string, phone: '+8801712000111', name: 'Phone only' }, password);
  await makeUser(db, { email: 'outsider@example.com' }, password);
  teacher = await signedInClient(app.url, 'teacher@example.com', password);
  other = await signedInClient(app.url, 'other@example.com', password);
  student = await signedInClient(app.url, 'rafi@example.com', password);
  outsider = await signedInClient(app.url, 'outsider@example.com', password);
  course = await makeCourse(db, { name: 'Physics – Class 9', price: 0, instructorId: instructor.id, instructorEmail: instructor.email });
  await db.query(
    `INSERT INTO enrollment ("studentId", "courseId", email, "courseName", "courseDescription")
     SELECT u.id, $1, COALESCE(u.email, ''), $2, '' FROM "user" u WHERE u.email IN ('rafi@example.com', 'mitu@example.com') OR u.phone = '+8801712000111'`,
    [course.id, course.name],
  );
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});

const SEND = `mutation ($id: ID!, $title: String!, $text: String!) { sendAnnouncement(courseId: $id, title: $title, text: $text) { id title } }`;

it('reaches every student once, in their language and channel, and shows in My Courses', async () => {
  const sent = await teacher.graphql<{ sendAnnouncement: { id: string } }>(SEND, {
    id: course.id,
    title: 'Class test on Friday',
    text: 'Chapter 3, 20 marks.',
  });
  expect(sent.errors).toBeUndefined();
  await waitFor(
    'the announcement sent',
    async () => (await db.getRepository(CourseAnnouncement).findOneByOrFail({ id: sent.data!.sendAnnouncement.id })).sentAt,
  );
  const outbox = await db.getRepository(OutboxMessage).find({ where: { subject: 'Physics – Class 9: Class test on Friday', channel: 'mail' } });
  expect(outbox.map((message) => message.to).sort()).toEqual(['mitu@example.com', 'rafi@example.com']);
  expect(outbox.find((message) => message.to === 'mitu@example.com')!.text).toContain('আপনার কোর্সগুলো:');
  expect(outbox.find((message) => message.to === 'rafi@example.com')!.text).toContain('Chapter 3, 20 marks.\n\nTanvir Ahmed, Physics – Class 9');
  const sms = await db.getRepository(OutboxMessage).findBy({ to: '+8801712000111', channel: 'sms' });
  expect(sms).toHaveLength(1);
  expect(sms[0].text).toContain('/mycourses');

  const mine = await student.graphql<{ myAnnouncements: Array<{ title: string; courseName: string; authorName: string }> }>(
    `{ myAnnouncements { title courseName authorName } }`,
  );
  expect(mine.data!.myAnnouncements).toEqual([{ title: 'Class test on Friday', courseName: 'Physics – Class 9', authorName: 'Tanvir Ahmed' }]);
  const listed = await student.graphql<{ courseAnnouncements: { total: number } }>(`query ($id: ID!) { courseAnnouncements(courseId: $id) { total } }`, {
    id: course.id,
  });
  expect(listed.data!.courseAnnouncements.total).toBe(1);
});

it('only the course’s instructor (or an admin) sends, only its students read, and a week holds a few', async () => {
  const notTheirs = await other.graphql(SEND, { id: course.id, title: 'Hello', text: 'Hi' });
  expect(notTheirs.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  const byStudent = await student.graphql(SEND, { id: course.id, title: 'Hello', text: 'Hi' });
  expect(byStudent.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  const empty = await teacher.graphql(SEND, { id: course.id, title: ' ', text: 'Hi' });
  expect(empty.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'title' });
  const long = await teacher.graphql(SEND, { id: course.id, title: 'Long', text: 'x'.repeat(2001) });
  expect(long.errors?.[0].extensions).toMatchObject({ code: 'TEXT_TOO_LONG', field: 'text', max: 2000 });
  const reading = await outsider.graphql(`query ($id: ID!) { courseAnnouncements(courseId: $id) { total } }`, { id: course.id });
  expect(reading.errors?.[0].extensions?.code).toBe('NOT_ENROLLED');
  expect((await outsider.graphql<{ myAnnouncements: unknown[] }>(`{ myAnnouncements { id } }`)).data!.myAnnouncements).toEqual([]);

  const before = await db.getRepository(CourseAnnouncement).count();
  for (let i = before; i < announcementsPerCourse.max; i++)
    expect((await teacher.graphql(SEND, { id: course.id, title: `Note ${i}`, text: 'Read it' })).errors).toBeUndefined();
  const tooMany = await teacher.graphql(SEND, { id: course.id, title: 'One more', text: 'Read it' });
  expect(tooMany.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
  expect(await db.getRepository(CourseAnnouncement).count()).toBe(announcementsPerCourse.max);
});
