import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { type Course } from '../course/course.entity';
import { Lesson } from '../course/lesson.entity';
import { Role } from '../../kernel/role';
import { progressOf } from './progress.service';

let course: Course;
let lessons: Lesson[];
let student: HttpClient;

const given = useAppPerFile();
beforeEach(async () => {
  course = await makeCourse(given.db, { name: 'Algebra', price: 0, instructorEmail: 'owner@example.com' }, ['Sets', 'Functions', 'Graphs', 'Limits']);
  lessons = await given.db.getRepository(Lesson).find({ where: { courseId: course.id }, order: { position: 'ASC' } });
  await makeUser(given.db, { email: 'student@example.com' }, 'student password');
  student = await signedInClient(given.app.url, 'student@example.com', 'student password');
  await student.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id }) { status } }`, { id: course.id });
});

const VIDEOS = `query ($id: ID!) { course(id: $id) { lessons { videoURL } } }`;
const videosSeenBy = async (client: HttpClient) =>
  (await client.graphql<{ course: { lessons: Array<{ videoURL: string | null }> } }>(VIDEOS, { id: course.id })).data!.course.lessons.map((l) => l.videoURL);
const restVideosSeenBy = async (client: HttpClient) => {
  const one = (await (await client.request(`/api/courses/${course.id}`)).json()) as { videos: { contents: Array<{ videoURL: string | null }> } };
  const all = (await (await client.request('/api/courses')).json()) as Array<{ id: string; videos: { contents: Array<{ videoURL: string | null }> } }>;
  const search = (await (await client.request('/api/courses/searchCourse/algebra')).json()) as typeof all;
  return [one.videos.contents, all.find((c) => c.id === course.id)!.videos.contents, search[0].videos.contents].map((list) => list.map((l) => l.videoURL));
};

describe('who gets lesson videos', () => {
  it('gives them to the enrolled student, the course instructor and admins', async () => {
    const owner = await makeUser(given.db, { email: 'owner@example.com', role: Role.INSTRUCTOR }, 'owner password');
    // The instructor is known by account, not by the email printed on the course.
    await given.db.query(`UPDATE course SET "instructorId" = $1 WHERE id = $2`, [owner.id, course.id]);
    await makeUser(given.db, { email: 'boss@example.com', role: Role.ADMIN }, 'boss password');
    const entitled = [
      student,
      await signedInClient(given.app.url, 'owner@example.com', 'owner password'),
      await signedInClient(given.app.url, 'boss@example.com', 'boss password'),
    ];
    for (const client of entitled) {
      expect(await videosSeenBy(client)).toEqual(lessons.map((l) => l.videoURL));
      for (const list of await restVideosSeenBy(client)) expect(list).toEqual(lessons.map((l) => l.videoURL));
    }
  });

  it('hides them from visitors, other students and other instructors, in GraphQL and the REST paths', async () => {
    await makeUser(given.db, { email: 'other@example.com' }, 'other password');
    await makeUser(given.db, { email: 'rival@example.com', role: Role.INSTRUCTOR }, 'rival password');
    const outsiders = [
      new HttpClient(given.app.url),
      await signedInClient(given.app.url, 'other@example.com', 'other password'),
      await signedInClient(given.app.url, 'rival@example.com', 'rival password'),
    ];
    for (const client of outsiders) {
      expect(await videosSeenBy(client)).toEqual([null, null, null, null]);
      for (const list of await restVideosSeenBy(client)) expect(list).toEqual([null, null, null, null]);
    }
  });

  it('keeps a course taken off sale open to its students, and hides it from everyone else and new buyers', async () => {
    await given.db.query(`UPDATE course SET published = false WHERE id = $1`, [course.id]);
    const COURSE = `query ($id: ID!) { course(id: $id) { name lessons { videoURL } } }`;
    const seen = await student.graphql<{ course: { name: string; lessons: Array<{ videoURL: string | null }> } | null }>(COURSE, { id: course.id });
    expect(seen.data!.course).toEqual({ name: 'Algebra', lessons: lessons.map((l) => ({ videoURL: l.videoURL })) });
    await makeUser(given.db, { email: 'other@example.com' }, 'other password');
    const other = await signedInClient(given.app.url, 'other@example.com', 'other password');
    for (const client of [new HttpClient(given.app.url), other]) {
      expect((await client.graphql(COURSE, { id: course.id })).data).toEqual({ course: null });
    }
    const buying = await other.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id }) { status } }`, { id: course.id });
    expect(buying.errors).toBeDefined();
    expect((await student.graphql(COURSE, { id: 'not-a-course' })).data).toEqual({ course: null });
  });

  it('stops giving them after a refund ends the enrollment', async () => {
    await given.db.query(`UPDATE enrollment SET "revokedAt" = now()`);
    expect(await videosSeenBy(student)).toEqual([null, null, null, null]);
  });
});

describe('progress', () => {
  const SET = `mutation ($id: ID!, $done: Boolean!) { setLessonCompleted(lessonId: $id, completed: $done) { lessonId completed lastPosition courseProgress { completed total percent } } }`;
  const POSITION = `mutation ($id: ID!, $s: Int!) { saveLessonPosition(lessonId: $id, seconds: $s) { lastPosition } }`;
  const MINE = `query ($id: ID!) { enrollment(courseId: $id) { progress { completed total percent } resumeLesson { title lastPosition } } course(id: $id) { lessons { title completed } } }`;
  type Mine = {
    enrollment: { progress: { completed: number; total: number; percent: number }; resumeLesson: { title: string; lastPosition: number } | null };
    course: { lessons: Array<{ title: string; completed: boolean }> };
  };

  it('counts completed lessons over all lessons, rounding down', () => {
    expect(progressOf(0, 4)).toEqual({ completed: 0, total: 4, percent: 0 });
    expect(progressOf(1, 3)).toEqual({ completed: 1, total: 3, percent: 33 });
    expect(progressOf(2, 3)).toEqual({ completed: 2, total: 3, percent: 66 });
    expect(progressOf(3, 3)).toEqual({ completed: 3, total: 3, percent: 100 });
    expect(progressOf(0, 0)).toEqual({ completed: 0, total: 0, percent: 0 });
  });

  it('marks lessons done and not done again, and the course progress follows', async () => {
    const first = await student.graphql<{ setLessonCompleted: { courseProgress: object; completed: boolean } }>(SET, { id: lessons[0].id, done: true });
    expect(first.data!.setLessonCompleted).toMatchObject({ completed: true, courseProgress: { completed: 1, total: 4, percent: 25 } });
    await student.graphql(SET, { id: lessons[2].id, done: true });
    const undone = await student.graphql<{ setLessonCompleted: { courseProgress: object; completed: boolean } }>(SET, { id: lessons[0].id, done: false });
    expect(undone.data!.setLessonCompleted).toMatchObject({ completed: false, courseProgress: { completed: 1, total: 4, percent: 25 } });
    const mine = (await student.graphql<Mine>(MINE, { id: course.id })).data!;
    expect(mine.course.lessons.map((l) => l.completed)).toEqual([false, false, true, false]);
  });

  it('resumes at the last lesson watched and where its video stopped', async () => {
    let mine = (await student.graphql<Mine>(MINE, { id: course.id })).data!;
    expect(mine.enrollment.resumeLesson).toEqual({ title: 'Sets', lastPosition: 0 });
    await student.graphql(SET, { id: lessons[0].id, done: true });
    await student.graphql(POSITION, { id: lessons[1].id, s: 95 });
    mine = (await student.graphql<Mine>(MINE, { id: course.id })).data!;
    expect(mine.enrollment.resumeLesson).toEqual({ title: 'Functions', lastPosition: 95 });
  });

  it('lists My Courses with the course studied last first', async () => {
    const later = await makeCourse(given.db, { name: 'Geometry', price: 0 }, ['Points', 'Lines']);
    await student.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id }) { status } }`, { id: later.id });
    const MY = `{ myEnrollments { courseName lastStudiedAt } }`;
    type My = { myEnrollments: Array<{ courseName: string; lastStudiedAt: string | null }> };
    // Neither begun: the one bought last comes first.
    let mine = (await student.graphql<My>(MY)).data!.myEnrollments;
    expect(mine).toEqual([
      { courseName: 'Geometry', lastStudiedAt: null },
      { courseName: 'Algebra', lastStudiedAt: null },
    ]);
    await student.graphql(POSITION, { id: lessons[1].id, s: 30 });
    mine = (await student.graphql<My>(MY)).data!.myEnrollments;
    expect(mine.map((e) => e.courseName)).toEqual(['Algebra', 'Geometry']);
    expect(mine[0].lastStudiedAt).not.toBeNull();
  });

  it('refuses progress on a course the student does not own, and bad positions', async () => {
    await makeUser(given.db, { email: 'other@example.com' }, 'other password');
    const other = await signedInClient(given.app.url, 'other@example.com', 'other password');
    const { errors } = await other.graphql(SET, { id: lessons[0].id, done: true });
    expect(errors![0]).toMatchObject({ message: 'Enroll in this course to track your progress', extensions: { code: 'NOT_ENROLLED', category: 'FORBIDDEN' } });
    const negative = await student.graphql(POSITION, { id: lessons[0].id, s: -5 });
    expect(negative.errors![0].extensions?.code).toBe('BAD_USER_INPUT');
    const unknown = await student.graphql(SET, { id: '00000000-0000-4000-8000-000000000000', done: true });
    expect(unknown.errors![0].message).toBe('Lesson not found');
  });
});
