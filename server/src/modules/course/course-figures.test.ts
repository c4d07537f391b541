import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { Review } from '../review/review.entity';
import { Role } from '../../kernel/role';
import { Course } from './course.entity';
import { Lesson } from './lesson.entity';
import { totalDurationSeconds } from './lesson.service';

const given = useAppPerFile();

const FIGURES = `query ($id: ID!) { course(id: $id) { lessonCount totalDurationSeconds enrolledCount averageRating ratingCount contentUpdatedAt firstPreviewLesson { title } lessons { title preview durationSeconds videoURL } } }`;
type Figures = {
  lessonCount: number;
  totalDurationSeconds: number | null;
  enrolledCount: number;
  averageRating: number | null;
  ratingCount: number;
  contentUpdatedAt: string;
  firstPreviewLesson: { title: string } | null;
  lessons: Array<{ title: string; preview: boolean; durationSeconds: number | null; videoURL: string | null }>;
};
const figuresOf = async (client: HttpClient, id: string) => (await client.graphql<{ course: Figures }>(FIGURES, { id })).data!.course;
const buy = async (email: string, courseId: string) => {
  await makeUser(given.db, { email }, 'buyer password');
  const student = await signedInClient(given.app.url, email, 'buyer password');
  await student.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id, paymentMethod: "pm_card_visa" }) { status } }`, { id: courseId });
  return student;
};

describe('course page figures', () => {
  it('are the database’s: lessons, total length, students now enrolled, and one rating from the reviews', async () => {
    const course = await makeCourse(given.db, {}, ['One', 'Two', 'Three']);
    await given.db.query(`UPDATE lesson SET "durationSeconds" = position * 600 WHERE "courseId" = $1`, [course.id]);
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) await buy(email, course.id);
    await given.db.query(`UPDATE enrollment SET "revokedAt" = now() WHERE email = 'c@example.com'`);
    await given.db.getRepository(Review).save([
      { name: 'a', text: 'Good', courseId: course.id, rating: 4 },
      { name: 'b', text: 'Great', courseId: course.id, rating: 5 },
      { name: 'b', text: 'Fine', courseId: course.id, rating: 4 },
      { name: 'x', text: 'Hidden', courseId: course.id, rating: 1, hidden: true },
      { name: 'y', text: 'No stars', courseId: course.id, rating: null },
    ]);
    const figures = await figuresOf(new HttpClient(given.app.url), course.id);
    const [{ lessons, seconds }] = await given.db.query<Array<{ lessons: number; seconds: number }>>(
      `SELECT count(*)::int AS lessons, sum("durationSeconds")::int AS seconds FROM lesson WHERE "courseId" = $1`,
      [course.id],
    );
    const [{ students }] = await given.db.query<Array<{ students: number }>>(
      `SELECT count(*)::int AS students FROM enrollment WHERE "courseId" = $1 AND "revokedAt" IS NULL`,
      [course.id],
    );
    const [{ average, count }] = await given.db.query<Array<{ average: number | null; count: number }>>(
      `SELECT round(avg(rating), 1)::float AS average, count(*)::int AS count FROM review WHERE "courseId" = $1 AND NOT hidden AND rating IS NOT NULL`,
      [course.id],
    );
    expect(figures).toMatchObject({ lessonCount: lessons, totalDurationSeconds: seconds, enrolledCount: students, averageRating: average, ratingCount: count });
    expect(figures).toMatchObject({ lessonCount: 3, totalDurationSeconds: 3600, enrolledCount: 2, averageRating: 4.3, ratingCount: 3 });
  });

  it('give no total length unless every lesson’s length is known', async () => {
    const course = await makeCourse(given.db, {}, ['One', 'Two']);
    await given.db.query(`UPDATE lesson SET "durationSeconds" = 300 WHERE "courseId" = $1 AND position = 1`, [course.id]);
    expect((await figuresOf(new HttpClient(given.app.url), course.id)).totalDurationSeconds).toBeNull();
    expect(totalDurationSeconds([])).toBeNull();
    expect(totalDurationSeconds([{ durationSeconds: 60 }, { durationSeconds: 90 }])).toBe(150);
  });
});

describe('free previews', () => {
  it('play for visitors and non-buyers; the other lessons stay for students, in GraphQL and the REST paths', async () => {
    const course = await makeCourse(given.db, {}, ['Welcome', 'Inside', 'Deeper']);
    await given.db.query(`UPDATE lesson SET preview = true WHERE "courseId" = $1 AND position = 2`, [course.id]);
    const urls = (await given.db.getRepository(Lesson).find({ where: { courseId: course.id }, order: { position: 'ASC' } })).map((l) => l.videoURL);
    await makeUser(given.db, { email: 'other@example.com' }, 'other password');
    for (const client of [new HttpClient(given.app.url), await signedInClient(given.app.url, 'other@example.com', 'other password')]) {
      const figures = await figuresOf(client, course.id);
      expect(figures.firstPreviewLesson).toEqual({ title: 'Inside' });
      expect(figures.lessons.map((l) => [l.preview, l.videoURL])).toEqual([
        [false, null],
        [true, urls[1]],
        [false, null],
      ]);
      const legacy = (await (await client.request(`/api/courses/${course.id}`)).json()) as { videos: { contents: Array<{ videoURL: string | null }> } };
      expect(legacy.videos.contents.map((l) => l.videoURL)).toEqual([null, urls[1], null]);
    }
    const student = await buy('buyer@example.com', course.id);
    expect((await figuresOf(student, course.id)).lessons.map((l) => l.videoURL)).toEqual(urls);
  });

  it('are set by the instructor with each lesson’s length, which must be sensible', async () => {
    const teacher = await makeUser(given.db, { email: 'teacher@example.com', role: Role.INSTRUCTOR }, 'teacher password');
    const instructor = await signedInClient(given.app.url, 'teacher@example.com', 'teacher password');
    const course = await makeCourse(given.db, { instructorId: teacher.id }, ['Welcome', 'Inside']);
    const lessons = await given.db.getRepository(Lesson).find({ where: { courseId: course.id }, order: { position: 'ASC' } });
    const input = (changes: Record<string, unknown>[]) => ({
      name: course.name,
      description: course.description,
      price: course.price,
      category: course.category,
      photoURL: course.photoURL,
      keyPoints: course.keyPoints,
      targetedPeoples: course.targetedPeoples,
      whyNeed: course.whyNeed,
      lessons: lessons.map((lesson, i) => ({ id: lesson.id, title: lesson.title, videoURL: lesson.videoURL, ...changes[i] })),
    });
    const UPDATE = `mutation ($id: ID!, $input: CourseInput!) { updateCourse(id: $id, input: $input) { contentUpdatedAt lessons { preview durationSeconds } } }`;
    const before = await given.db.getRepository(Course).findOneByOrFail({ id: course.id });

    const same = await instructor.graphql<{ updateCourse: { contentUpdatedAt: string } }>(UPDATE, { id: course.id, input: input([{}, {}]) });
    expect(new Date(same.data!.updateCourse.contentUpdatedAt).getTime()).toBe(before.contentUpdatedAt.getTime());

    const { data } = await instructor.graphql<{ updateCourse: { contentUpdatedAt: string; lessons: object[] } }>(UPDATE, {
      id: course.id,
      input: input([{ preview: true, durationSeconds: 540 }, { durationSeconds: 61 }]),
    });
    expect(data!.updateCourse.lessons).toEqual([
      { preview: true, durationSeconds: 540 },
      { preview: false, durationSeconds: 61 },
    ]);
    expect(new Date(data!.updateCourse.contentUpdatedAt).getTime()).toBeGreaterThan(before.contentUpdatedAt.getTime());

    const bad = await instructor.graphql(UPDATE, { id: course.id, input: input([{ durationSeconds: 0 }, {}]) });
    expect(bad.errors![0]).toMatchObject({ message: 'Lesson 1: the length must be from 1 second to 24 hours', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await given.db.getRepository(Lesson).findOneByOrFail({ id: lessons[0].id })).durationSeconds).toBe(540);
  });
});
