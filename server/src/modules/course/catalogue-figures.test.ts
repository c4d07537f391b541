import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { Enrollment } from '../enrollment/enrollment.entity';
import { Review } from '../review/review.entity';
import { Role } from '../../kernel/role';
import { CourseCategory, CourseLanguage } from './course.enums';

const given = useAppPerFile();

const visitor = () => new HttpClient(given.app.url);
const enroll = (studentId: string, course: { id: string; name: string; description: string }) =>
  given.db
    .getRepository(Enrollment)
    .insert({ studentId, courseId: course.id, courseName: course.name, courseDescription: course.description, email: 'x@example.com' });

describe("the home page's figures", () => {
  it('are counted from the database now: published courses, students, and the instructors who teach them', async () => {
    const teacher = await makeUser(given.db, { role: Role.INSTRUCTOR, email: 'teacher@example.com' });
    await makeCourse(given.db, { instructorId: teacher.id });
    await makeCourse(given.db, { instructorId: teacher.id });
    await makeCourse(given.db, { instructorId: null, instructor: 'Imported Teacher' });
    await makeCourse(given.db, { published: false, instructor: 'Draft Only' });
    await makeUser(given.db, { email: 's1@example.com' });
    await makeUser(given.db, { email: 's2@example.com' });
    await makeUser(given.db, { email: 'gone@example.com', deletedAt: new Date() });
    await makeUser(given.db, { email: 'admin@example.com', role: Role.ADMIN });

    const { data } = await visitor().graphql<{ catalogueFigures: { courses: number; students: number; instructors: number } }>(
      '{ catalogueFigures { courses students instructors } }',
    );
    const [truth] = await given.db.query<Array<{ courses: number; students: number }>>(
      `SELECT (SELECT count(*)::int FROM course WHERE published) AS courses,
              (SELECT count(*)::int FROM "user" WHERE role = 'STUDENT' AND "deletedAt" IS NULL) AS students`,
    );
    expect(data!.catalogueFigures).toEqual({ courses: truth.courses, students: truth.students, instructors: 2 });
    expect(truth).toEqual({ courses: 3, students: 2 });

    // A change shows at once, though anonymous answers are cached.
    await makeCourse(given.db);
    const again = await visitor().graphql<{ catalogueFigures: { courses: number } }>('{ catalogueFigures { courses students instructors } }');
    expect(again.data!.catalogueFigures.courses).toBe(4);
  });

  it('are kept by the database through every kind of change: one row or many, publishing, a new instructor, a closed account, a deletion', async () => {
    const counted = async () =>
      (
        await given.db.query<Array<{ courses: number; students: number; instructors: number }>>(
          `SELECT (SELECT count(*)::int FROM course WHERE published) AS courses,
                  (SELECT count(*)::int FROM "user" WHERE role = 'STUDENT' AND "deletedAt" IS NULL) AS students,
                  (SELECT count(DISTINCT coalesce("instructorId"::text, lower(instructor)))::int FROM course WHERE published) AS instructors`,
        )
      )[0];
    const shown = async () =>
      (
        await visitor().graphql<{ catalogueFigures: { courses: number; students: number; instructors: number } }>(
          '{ catalogueFigures { courses students instructors } }',
        )
      ).data!.catalogueFigures;
    const expectKept = async (expected: { courses: number; students: number; instructors: number }) => {
      expect(await counted()).toEqual(expected);
      expect(await shown()).toEqual(expected);
    };

    const teacher = await makeUser(given.db, { role: Role.INSTRUCTOR, email: 'kept-teacher@example.com' });
    const first = await makeCourse(given.db, { instructorId: teacher.id });
    await makeCourse(given.db, { instructorId: null, instructor: 'Nasrin Akter' });
    await makeCourse(given.db, { instructorId: null, instructor: 'NASRIN AKTER' });
    const student = await makeUser(given.db, { email: 'kept-student@example.com' });
    await expectKept({ courses: 3, students: 1, instructors: 2 });

    // Many rows in one statement, some not shown.
    await given.db.query(
      `INSERT INTO "course" ("name", "description", "price", "priceBDT", "instructor", "keyPoints", "category", "trending", "published")
       SELECT 'Batch ' || i, 'Batch', 5, 600, 'Batch Teacher ' || (i % 3), ARRAY[]::text[], 'PROFESSIONAL', false, i % 2 = 0 FROM generate_series(1, 10) AS i`,
    );
    await given.db.query(
      `INSERT INTO "user" ("name", "email", "passwordHash", "role") SELECT 'S' || i, 'bulk' || i || '@example.com', 'x', 'STUDENT' FROM generate_series(1, 5) AS i`,
    );
    await expectKept({ courses: 8, students: 6, instructors: 5 });

    // Unpublished, published again, taught by someone else; an account closed, one made an instructor.
    await given.db.query(`UPDATE "course" SET "published" = false WHERE "id" = $1`, [first.id]);
    await expectKept({ courses: 7, students: 6, instructors: 4 });
    await given.db.query(`UPDATE "course" SET "published" = true, "instructorId" = NULL, "instructor" = 'nasrin akter' WHERE "id" = $1`, [first.id]);
    await expectKept({ courses: 8, students: 6, instructors: 4 });
    await given.db.query(`UPDATE "user" SET "deletedAt" = now() WHERE "id" = $1`, [student.id]);
    await given.db.query(`UPDATE "user" SET "role" = 'INSTRUCTOR' WHERE "email" = 'bulk1@example.com'`);
    await expectKept({ courses: 8, students: 4, instructors: 4 });

    // Every course of an instructor gone, and rows deleted.
    await given.db.query(`DELETE FROM "course" WHERE "instructor" = 'Batch Teacher 0' OR "name" = 'Batch 2'`);
    await given.db.query(`DELETE FROM "user" WHERE "email" = 'bulk2@example.com'`);
    const after = await counted();
    expect(after.students).toBe(3);
    expect(await shown()).toEqual(after);
  });

  it('show real reviews as testimonials, highest rated then newest, never one without stars or text; none when nobody has reviewed', async () => {
    const query = '{ reviews(written: true, order: HIGHEST_RATED, limit: 8) { items { name rating text } } }';
    const empty = await visitor().graphql<{ reviews: { items: unknown[] } }>(query);
    expect(empty.data!.reviews.items).toEqual([]);

    const course = await makeCourse(given.db);
    const author = await makeUser(given.db);
    const day = (n: number) => new Date(Date.UTC(2026, 5, n));
    await given.db.getRepository(Review).insert([
      { name: 'Four, older', text: 'Useful', rating: 4, courseId: course.id, authorId: author.id, createdAt: day(1) },
      { name: 'Five, older', text: 'Excellent', rating: 5, courseId: course.id, authorId: (await makeUser(given.db)).id, createdAt: day(2) },
      { name: 'Five, newer', text: 'খুব ভালো', rating: 5, courseId: course.id, authorId: (await makeUser(given.db)).id, createdAt: day(3) },
      { name: 'Blank', text: '   ', rating: 5, courseId: course.id, authorId: (await makeUser(given.db)).id, createdAt: day(4) },
      { name: 'Hidden', text: 'Hidden', rating: 5, courseId: course.id, authorId: (await makeUser(given.db)).id, hidden: true, createdAt: day(5) },
      { name: 'Old site placeholder', text: 'Best trainers for training', rating: null, courseId: null, createdAt: day(6) },
    ]);
    const { data } = await visitor().graphql<{ reviews: { items: Array<{ name: string }> } }>(query);
    expect(data!.reviews.items.map((r) => r.name)).toEqual(['Five, newer', 'Five, older', 'Four, older']);
  });
});

describe('one rating everywhere', () => {
  it("is each card's reviews' average and count, in lists and search alike; a course without reviews has none", async () => {
    const rated = await makeCourse(given.db, { name: 'Algebra rated', ratings: '4.9 ratings out of 5' });
    const unrated = await makeCourse(given.db, { name: 'Algebra unrated', ratings: '4.9 ratings out of 5' });
    await given.db.getRepository(Review).insert([
      { name: 'a', text: 'Good', rating: 4, courseId: rated.id },
      { name: 'b', text: 'Great', rating: 5, courseId: rated.id },
      { name: 'c', text: 'Fine', rating: 5, courseId: rated.id },
      { name: 'd', text: 'Hidden', rating: 1, courseId: rated.id, hidden: true },
    ]);
    const truth = new Map(
      (
        await given.db.query<Array<{ id: string; average: number | null; count: number }>>(
          `SELECT c.id, round(avg(r.rating), 1)::float AS average, count(r.rating)::int AS count
             FROM course c LEFT JOIN review r ON r."courseId" = c.id AND NOT r.hidden GROUP BY c.id`,
        )
      ).map((row) => [row.id, { averageRating: row.average, ratingCount: row.count }]),
    );
    expect(truth.get(rated.id)).toEqual({ averageRating: 4.7, ratingCount: 3 });
    expect(truth.get(unrated.id)).toEqual({ averageRating: null, ratingCount: 0 });

    const cards = '{ id averageRating ratingCount }';
    const { data } = await visitor().graphql<{ courses: { items: Array<{ id: string }> }; searchCourses: Array<{ id: string }> }>(
      `{ courses(limit: 10) { items ${cards} } searchCourses(text: "algebra") ${cards} }`,
    );
    for (const card of [...data!.courses.items, ...data!.searchCourses]) expect(card).toEqual({ id: card.id, ...truth.get(card.id) });
    expect(data!.searchCourses).toHaveLength(2);

    // The old paths write the old rating text from the same reviews.
    const course = (await (await visitor().request(`/api/courses/${rated.id}`)).json()) as { ratings: string | null };
    expect(course.ratings).toBe('4.7 ratings out of 5');
    const sample = (await (await visitor().request('/Course.json')).json()) as Array<{ _id: string; rating: string | null }>;
    expect(Object.fromEntries(sample.map((c) => [c._id, c.rating]))).toEqual({ [rated.id]: '4.7 ratings out of 5', [unrated.id]: null });
  });
});

describe('recommendations', () => {
  it("fit the student: their classes' courses first, then their subjects, never the newest professional courses ahead of them", async () => {
    const physics9 = await makeCourse(given.db, { name: 'Physics for Class 9', category: CourseCategory.SCHOOL, classLevel: 9 });
    const chemistry9 = await makeCourse(given.db, { name: 'Chemistry for Class 9', category: CourseCategory.SCHOOL, classLevel: 9 });
    const physics10 = await makeCourse(given.db, { name: 'Physics for Class 10', category: CourseCategory.SCHOOL, classLevel: 10 });
    const biology5 = await makeCourse(given.db, { name: 'Biology for Class 5', category: CourseCategory.SCHOOL, classLevel: 5 });
    for (const name of ['Digital Marketing', 'Freelancing', 'Graphic Design']) await makeCourse(given.db, { name, trending: true });
    const student = await makeUser(given.db, { email: 'rahim@example.com' }, 'student password');
    await enroll(student.id, physics9);

    const client = await signedInClient(given.app.url, 'rahim@example.com', 'student password');
    const { data } = await client.graphql<{ recommendedCourses: Array<{ id: string }> }>('{ recommendedCourses(limit: 3) { id } }');
    expect(data!.recommendedCourses.map((c) => c.id)).toEqual([chemistry9.id, physics10.id, biology5.id]);

    // A student with no course yet sees courses in their page's language first.
    const bangla = await makeCourse(given.db, { name: 'বাংলা ব্যাকরণ', language: CourseLanguage.BN });
    await makeUser(given.db, { email: 'new@example.com' }, 'student password');
    const newcomer = await signedInClient(given.app.url, 'new@example.com', 'student password');
    newcomer.headers['accept-language'] = 'bn';
    const first = await newcomer.graphql<{ recommendedCourses: Array<{ id: string }> }>('{ recommendedCourses(limit: 1) { id } }');
    expect(first.data!.recommendedCourses.map((c) => c.id)).toEqual([bangla.id]);
  });
});
