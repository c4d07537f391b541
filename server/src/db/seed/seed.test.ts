import type { DataSource } from 'typeorm';
import { Course } from '../../modules/course/course.entity';
import { listCourses } from '../../modules/course/course.service';
import { HomeSection } from '../../modules/course/course.enums';
import { Lesson } from '../../modules/course/lesson.entity';
import { closeTestDatabase, openTestDatabase, resetDatabase } from '../../test/database';
import { seedDemoData } from './seed';

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

  it('leaves a database that already has courses alone', async () => {
    await seedDemoData(db);
    const lessons = await db.getRepository(Lesson).count();
    expect(await seedDemoData(db)).toBe(false);
    expect(await db.getRepository(Lesson).count()).toBe(lessons);
  });
});
