import type { DataSource } from 'typeorm';
import { Course } from '../modules/course/course.entity';
import { CourseCategory } from '../modules/course/course.enums';
import { Lesson } from '../modules/course/lesson.entity';
import { Review } from '../modules/review/review.entity';
import { closeTestDatabase, openTestDatabase, resetDatabase } from '../test/database';
import { makeCourse } from '../test/factories';
import { entityReader } from './entity-reader';

let db: DataSource;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => closeTestDatabase(db));
beforeEach(() => resetDatabase(db));

// The plain reads must hand resolvers exactly what TypeORM would: same class, same values and types.
describe('entity reader', () => {
  it('reads a course as TypeORM does, numeric price, arrays, enums and dates included', async () => {
    const made = await makeCourse(db, {
      price: 12.5,
      keyPoints: ['Vectors', 'Motion'],
      category: CourseCategory.SCHOOL,
      classLevel: 9,
      startsAt: new Date('2026-12-01T04:00:00Z'),
    });
    const courses = entityReader(db, Course);
    const read = await courses.one(`SELECT ${courses.selectList} FROM "course" WHERE "id" = $1`, [made.id]);
    expect(read).toBeInstanceOf(Course);
    expect(read).toEqual(await db.getRepository(Course).findOneByOrFail({ id: made.id }));
    expect(read!.price).toBe(12.5);
  });

  it('reads lessons and reviews as TypeORM does', async () => {
    const course = await makeCourse(db, {}, ['Welcome', 'Forces']);
    await db.getRepository(Review).insert({ name: 'Rahim', text: 'Clear.', courseId: course.id, rating: 4 });
    const lessons = entityReader(db, Lesson);
    const reviews = entityReader(db, Review);
    expect(await lessons.many(`SELECT ${lessons.selectList} FROM "lesson" ORDER BY "position"`)).toEqual(
      await db.getRepository(Lesson).find({ order: { position: 'ASC' } }),
    );
    expect(await reviews.many(`SELECT ${reviews.selectList} FROM "review"`)).toEqual(await db.getRepository(Review).find());
  });

  it('reads only the asked columns, always with the primary key', async () => {
    const made = await makeCourse(db, { name: 'Class 9 Physics', price: 20 });
    const courses = entityReader(db, Course);
    const read = await courses.one(`SELECT ${courses.selectListOf(new Set(['name', 'lessonCount']))} FROM "course"`);
    expect({ ...read }).toEqual({ id: made.id, name: 'Class 9 Physics' });
  });

  it('answers null when no row matches', async () => {
    const courses = entityReader(db, Course);
    expect(await courses.one(`SELECT ${courses.selectList} FROM "course" WHERE false`)).toBeNull();
  });
});
