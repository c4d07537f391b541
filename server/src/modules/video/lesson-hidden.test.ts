/**
 * A lesson of a course on sale whose uploaded video fails, with nothing else to play, is hidden from
 * students who enroll from then on (catalogue, course page, REST, progress) and its instructor is
 * told; students already enrolled keep it; a ready video shows it again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase, testLog } from '../../test/database';
import { makeCourse, makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { makeSampleVideo } from '../../../test-support/sample-video.cjs';
import { databaseUrlOf } from '../../test/server-process';
import { tusUpload } from '../../test/tus-upload';
import { waitFor } from '../../test/wait-for';
import type { Course } from '../course/course.entity';
import { Lesson } from '../course/lesson.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { courseProgress } from '../progress/progress.service';
import { Role } from '../../kernel/role';
import type { User } from '../user/user.entity';
import { LessonVideo, VideoStatus } from './lesson-video.entity';
import { tooLong, transcodeJobHandler } from './video-processing';
import { VideoQueue } from './video-queue';
import { JobQueue } from '../../db/job-queue';

jest.setTimeout(120_000);

const PASSWORD = 'correct horse battery';
let db: DataSource;
let app: TestApp;
let dataDir: string;
let sample: Buffer;
let teacher: User;
let instructor: HttpClient;
let course: Course;
let lessons: Lesson[];

beforeAll(async () => {
  db = await openTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shikhon-lesson-hidden-test-'));
  app = await startTestApp(db, { DATA_DIR: dataDir });
  sample = fs.readFileSync(makeSampleVideo({ seconds: 2, height: 144 }));
  teacher = await makeUser(db, { role: Role.INSTRUCTOR, name: 'Anisul Hoque' });
  instructor = await signedInClient(app.url, teacher.email!, PASSWORD);
  // On sale, with a lesson added after publishing that has no address: its upload is all it has.
  course = await makeCourse(db, { instructorId: teacher.id, name: 'Fractions for Class 5' }, ['Welcome', 'Halves']);
  lessons = await db.getRepository(Lesson).find({ where: { courseId: course.id }, order: { position: 'ASC' } });
  await db.getRepository(Lesson).update(lessons[1].id, { videoURL: null });
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function enroll(student: User): Promise<void> {
  await db
    .getRepository(Enrollment)
    .insert({ studentId: student.id, courseId: course.id, courseName: course.name, courseDescription: course.description, email: student.email! });
}

const LESSONS = `query ($id: ID!) { course(id: $id) { lessonCount lessons { title hiddenSince } } }`;
type Lessons = { course: { lessonCount: number; lessons: Array<{ title: string; hiddenSince: string | null }> } };
const titlesFor = async (client: HttpClient) => {
  const { data, errors } = await client.graphql<Lessons>(LESSONS, { id: course.id });
  if (!data) throw new Error(JSON.stringify(errors));
  return data.course;
};

/** Processes every queued video with the real handler, as the server's worker does, until none is left. */
async function processQueued(limits: { maxSeconds?: number } = {}): Promise<void> {
  const jobs = new JobQueue(databaseUrlOf(db), testLog);
  const queue = new VideoQueue(jobs, { jobTimeoutSeconds: 60, pollingIntervalSeconds: 0.5 });
  try {
    await queue.work(
      transcodeJobHandler({
        db,
        storage: app.services.videoStorage,
        log: testLog,
        limits,
        mailer: app.services.mail.mailer,
        publicUrl: 'https://shikhon.example',
      }),
    );
    await waitFor(
      'the queued videos to be processed',
      async () =>
        (await db.getRepository(LessonVideo).countBy({ status: VideoStatus.QUEUED })) +
          (await db.getRepository(LessonVideo).countBy({ status: VideoStatus.PROCESSING })) ===
        0,
      90_000,
    );
  } finally {
    await jobs.stop();
  }
}

it('hides a lesson whose video failed on sale from students who enroll later, tells the instructor, and shows it again once a video is ready', async () => {
  const before = await makeUser(db, { name: 'Early Student' });
  await enroll(before);
  const early = await signedInClient(app.url, before.email, PASSWORD);

  expect((await tusUpload(instructor, lessons[1].id, sample)).status).toBe(204);
  // The video is refused by the length cap (one second here): a failure for good.
  await processQueued({ maxSeconds: 1 });
  const failed = await db.getRepository(LessonVideo).findOneByOrFail({ lessonId: lessons[1].id });
  expect(failed).toMatchObject({ status: VideoStatus.FAILED, error: tooLong(2, 1) });
  expect((await db.getRepository(Lesson).findOneByOrFail({ id: lessons[1].id })).hiddenSince).toBeInstanceOf(Date);

  // Visitors and students who enroll now see, count and finish only the lesson that plays.
  const visitor = new HttpClient(app.url);
  expect(await titlesFor(visitor)).toEqual({ lessonCount: 1, lessons: [{ title: 'Welcome', hiddenSince: null }] });
  const rest = (await (await visitor.request(`/api/courses/${course.id}`)).json()) as { videos: { contents: Array<{ title: string }> } };
  expect(rest.videos.contents.map((lesson) => lesson.title)).toEqual(['Welcome']);
  const after = await makeUser(db, { name: 'Late Student' });
  await enroll(after);
  expect(await titlesFor(await signedInClient(app.url, after.email, PASSWORD))).toEqual({
    lessonCount: 1,
    lessons: [{ title: 'Welcome', hiddenSince: null }],
  });
  expect((await courseProgress(db, after.id, course.id)).total).toBe(1);

  // Students enrolled before keep it; the instructor sees it, and when it was hidden.
  expect((await titlesFor(early)).lessons.map((lesson) => lesson.title)).toEqual(['Welcome', 'Halves']);
  expect((await courseProgress(db, before.id, course.id)).total).toBe(2);
  const mine = await titlesFor(instructor);
  expect(mine.lessons.map((lesson) => lesson.title)).toEqual(['Welcome', 'Halves']);
  expect(mine.lessons[1].hiddenSince).toEqual(expect.any(String));
  expect(mine.lessons[0].hiddenSince).toBeNull();

  // The instructor is told by mail, through the queue's outbox, in their language.
  const [mail] = await db.getRepository(OutboxMessage).findBy({ to: teacher.email! });
  expect(mail.subject).toBe('A lesson of Fractions for Class 5 is hidden from new students');
  expect(mail.text).toContain('lesson 2 (Halves)');
  expect(mail.text).toContain(tooLong(2, 1));
  expect(mail.text).toContain(`https://shikhon.example/instructor-dashboard/upload-course/${course.id}`);

  // A new upload that is ready shows the lesson to everyone again.
  expect((await tusUpload(instructor, lessons[1].id, sample)).status).toBe(204);
  await processQueued();
  expect((await db.getRepository(Lesson).findOneByOrFail({ id: lessons[1].id })).hiddenSince).toBeNull();
  expect(await titlesFor(visitor)).toEqual({
    lessonCount: 2,
    lessons: [
      { title: 'Welcome', hiddenSince: null },
      { title: 'Halves', hiddenSince: null },
    ],
  });
  // One mail only: nothing more was hidden.
  expect(await db.getRepository(OutboxMessage).countBy({ to: teacher.email! })).toBe(1);
});

it('leaves a lesson shown when its failed upload was not its only video, or the course is not on sale', async () => {
  const draft = await makeCourse(db, { instructorId: teacher.id, published: false }, ['Draft lesson']);
  const [draftLesson] = await db.getRepository(Lesson).findBy({ courseId: draft.id });
  await db.getRepository(Lesson).update(draftLesson.id, { videoURL: null });
  // Lesson 1 of the course on sale keeps its address; the draft is not sold to anyone.
  expect((await tusUpload(instructor, lessons[0].id, sample)).status).toBe(204);
  expect((await tusUpload(instructor, draftLesson.id, sample)).status).toBe(204);
  await processQueued({ maxSeconds: 1 });
  expect(await db.getRepository(LessonVideo).countBy({ status: VideoStatus.FAILED, lessonId: lessons[0].id })).toBe(1);
  expect(await db.getRepository(LessonVideo).countBy({ status: VideoStatus.FAILED, lessonId: draftLesson.id })).toBe(1);
  expect((await db.getRepository(Lesson).findOneByOrFail({ id: lessons[0].id })).hiddenSince).toBeNull();
  expect((await db.getRepository(Lesson).findOneByOrFail({ id: draftLesson.id })).hiddenSince).toBeNull();
  expect(await db.getRepository(OutboxMessage).countBy({ to: teacher.email! })).toBe(1);
});
