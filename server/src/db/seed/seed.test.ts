import type { DataSource } from 'typeorm';
import { Course } from '../../modules/course/course.entity';
import { listCourses, searchCourses } from '../../modules/course/course.service';
import { CourseLanguage, HomeSection } from '../../modules/course/course.enums';
import { Lesson } from '../../modules/course/lesson.entity';
import { closeTestDatabase, openTestDatabase, resetDatabase } from '../../test/database';
import { seedDemoData } from './seed';
import { DEMO_QUIZ_COURSE, DEMO_QUIZ_PASS_PERCENT } from '../../modules/practice/practice-seed';
import { listModelTests, testQuestionIds } from '../../modules/practice/model-test.service';

let db: DataSource;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => closeTestDatabase(db));
beforeEach(() => resetDatabase(db));

describe('the demo data', () => {
  it('fills every home section with at least four courses, each with lessons', async () => {
    expect(await seedDemoData(db)).toBe(true);
    expect(await db.getRepository(Course).count()).toBeGreaterThanOrEqual(32);
    for (const section of Object.values(HomeSection)) {
      const page = await listCourses(db, { section }, { limit: 4 });
      expect(page.items).toHaveLength(4);
    }
    const levels = await db.query<Array<{ classLevel: number }>>(`SELECT DISTINCT "classLevel" FROM course WHERE "classLevel" IS NOT NULL`);
    expect(levels.length).toBeGreaterThanOrEqual(8);
    const withoutLessons = await db.query<Array<{ id: string }>>(`SELECT id FROM course c WHERE NOT EXISTS (SELECT 1 FROM lesson l WHERE l."courseId" = c.id)`);
    expect(withoutLessons).toEqual([]);
    const withoutDetails = await db
      .getRepository(Course)
      .createQueryBuilder('c')
      .where(`cardinality(c."keyPoints") = 0 OR c."targetedPeoples" IS NULL OR c."whyNeed" IS NULL`)
      .getCount();
    expect(withoutDetails).toBe(0);
  });

  it('gives the Bangla class 9-10 physics course lesson quizzes with a required pass mark', async () => {
    await seedDemoData(db);
    const course = await db.getRepository(Course).findOneByOrFail({ name: DEMO_QUIZ_COURSE });
    expect(course.quizPassPercent).toBe(DEMO_QUIZ_PASS_PERCENT);
    const quizzes = await db.query<Array<{ title: string; count: number; ownBank: boolean }>>(
      `SELECT l.title, count(*)::int AS count, bool_and(q."courseId" = l."courseId") AS "ownBank"
       FROM lesson_quiz_question lq JOIN lesson l ON l.id = lq."lessonId" JOIN question q ON q.id = lq."questionId"
       WHERE l."courseId" = $1 GROUP BY l.title, l.position ORDER BY l.position`,
      [course.id],
    );
    expect(quizzes).toEqual([
      { title: 'গতি', count: 3, ownBank: true },
      { title: 'বল', count: 3, ownBank: true },
    ]);
  });

  it('teaches at least eight courses in Bangla across classes 1 to 12, found by Bangla search', async () => {
    await seedDemoData(db);
    const bangla = await db.getRepository(Course).find({ where: { language: CourseLanguage.BN }, order: { classLevel: 'ASC' } });
    expect(bangla.length).toBeGreaterThanOrEqual(8);
    const levels = new Set(bangla.map((course) => course.classLevel));
    expect(levels.has(1) && levels.has(12) && levels.size >= 8).toBe(true);
    // Bangla names and instructors, with addresses made of Latin letters.
    for (const course of bangla) {
      expect(course.name).toMatch(/[\u0980-\u09FF]/);
      expect(course.instructor).toMatch(/[\u0980-\u09FF]/);
      expect(course.instructorEmail).toMatch(/^[a-z]+(-[a-z]+)*@shikhon\.example$/);
    }
    const maths = (await searchCourses(db, 'গণিত')).map((course) => course.name);
    // Names holding the word first; then the courses whose subject is গণিত or উচ্চতর গণিত, titled in English.
    expect(maths.slice(0, 3)).toEqual(['গণিত – অষ্টম শ্রেণি', 'উচ্চতর গণিত – একাদশ-দ্বাদশ শ্রেণি', 'প্রাথমিক গণিত – প্রথম শ্রেণি']);
    expect(maths).toContain('Class 10 Higher Mathematics (SSC)');
    expect((await searchCourses(db, 'physics')).map((course) => course.name)).toContain('পদার্থবিজ্ঞান ৯-১০');
    expect((await searchCourses(db, 'নবম শ্রেণি')).map((course) => course.name)).toEqual(
      expect.arrayContaining([
        'Class 9 Physics: Motion, Force and Energy',
        'Class 9 Chemistry: Structure of Matter',
        'পদার্থবিজ্ঞান – নবম-দশম শ্রেণি',
        'রসায়ন – নবম-দশম শ্রেণি',
      ]),
    );
  });

  it('leaves a database that already has courses alone', async () => {
    await seedDemoData(db);
    const lessons = await db.getRepository(Lesson).count();
    expect(await seedDemoData(db)).toBe(false);
    expect(await db.getRepository(Lesson).count()).toBe(lessons);
  });

  it('offers three free model tests: Bangla class 9 physics of at least ten questions, English, and admission with negative marking', async () => {
    await seedDemoData(db);
    const physics = await listModelTests(db, {}, { classLevel: 9, subjectId: 'physics' });
    expect(physics.items).toHaveLength(1);
    expect(physics.items[0]).toMatchObject({ free: true, published: true });
    expect(physics.items[0].title).toMatch(/[\u0980-\u09FF]/);
    expect((await testQuestionIds(db, physics.items[0].id)).length).toBeGreaterThanOrEqual(10);
    expect((await listModelTests(db, {}, { subjectId: 'english' })).items[0].title).toMatch(/^English/);
    expect((await listModelTests(db, {}, { classLevel: 13 })).items[0]).toMatchObject({ negativeMark: 0.25, free: true });
    const [{ count }] = await db.query<Array<{ count: number }>>(`SELECT count(*)::int AS "count" FROM "course" WHERE "subjectId" = 'physics'`);
    expect(count).toBeGreaterThan(0);
  });
});
