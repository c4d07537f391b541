import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase } from '../../test/database';
import { makeCourse } from '../../test/factories';
import { Course } from './course.entity';
import { CourseCategory, CourseLanguage } from './course.enums';

// Search uses the syllabus: a subject's name in one language finds the courses of that subject
// titled in the other, through GraphQL and the legacy REST path alike.

let db: DataSource;
let app: TestApp;

const S = CourseCategory.SCHOOL;

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startTestApp(db);
  await makeCourse(db, {
    name: 'Class 10 Higher Mathematics (SSC)',
    instructor: 'Sadia Islam',
    description: 'Sets, functions, trigonometry and vectors for the SSC exam.',
    category: S,
    classLevel: 10,
    subjectId: 'higher-mathematics',
  });
  await makeCourse(db, {
    name: 'পদার্থবিজ্ঞান ৯-১০',
    instructor: 'মোস্তফা কামাল',
    description: 'ভৌত রাশি, গতি, বল ও শক্তি: এসএসসির প্রস্তুতি।',
    category: S,
    classLevel: 9,
    language: CourseLanguage.BN,
    subjectId: 'physics',
  });
  await makeCourse(db, {
    name: 'Class 9 Chemistry',
    instructor: 'Farhana Rahman',
    description: 'Atoms and bonds.',
    category: S,
    classLevel: 9,
    subjectId: 'chemistry',
  });
  await makeCourse(db, { name: 'Introduction to Programming with Python', instructor: 'Tanvir Ahmed', description: 'Variables, loops and functions.' });
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});

async function viaGraphql(text: string): Promise<string[]> {
  const { body } = await app.graphql<{ searchCourses: Array<{ name: string }> }>(`query ($text: String!) { searchCourses(text: $text) { name } }`, { text });
  expect(body.errors).toBeUndefined();
  return body.data!.searchCourses.map((course) => course.name);
}

async function viaRest(text: string): Promise<string[]> {
  const res = await fetch(`${app.url}/api/courses/searchCourse/${encodeURIComponent(text)}`, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  return ((await res.json()) as Array<{ name: string }>).map((course) => course.name);
}

describe.each([
  ['GraphQL searchCourses', viaGraphql],
  ['GET /api/courses/searchCourse/{text}', viaRest],
])('search by subject through %s', (_, search) => {
  it('"গণিত" finds "Class 10 Higher Mathematics (SSC)", whose subject is উচ্চতর গণিত', async () => {
    expect(await search('গণিত')).toEqual(['Class 10 Higher Mathematics (SSC)']);
  });

  it('"physics" finds "পদার্থবিজ্ঞান ৯-১০", whose subject is Physics', async () => {
    expect(await search('physics')).toEqual(['পদার্থবিজ্ঞান ৯-১০']);
  });
});

describe('a course’s subject in search', () => {
  it('is found by its subject as soon as it is given one, and no longer by the one it left', async () => {
    const course = await makeCourse(db, {
      name: 'এসএসসি রিভিশন: কোষ ও টিস্যু',
      description: 'কোষ বিভাজন ও টিস্যু।',
      category: S,
      classLevel: 10,
      language: CourseLanguage.BN,
    });
    expect(await viaGraphql('biology')).toEqual([]);
    await db.getRepository(Course).update(course.id, { subjectId: 'biology' });
    expect(await viaGraphql('biology')).toEqual(['এসএসসি রিভিশন: কোষ ও টিস্যু']);
    await db.getRepository(Course).update(course.id, { subjectId: null });
    expect(await viaGraphql('biology')).toEqual([]);
  });

  it('follows a subject renamed in the syllabus', async () => {
    await db.query(`UPDATE "subject" SET "nameEn" = 'Chemical Science' WHERE "id" = 'chemistry'`);
    try {
      expect(await viaGraphql('chemical science')).toEqual(['Class 9 Chemistry']);
    } finally {
      await db.query(`UPDATE "subject" SET "nameEn" = 'Chemistry' WHERE "id" = 'chemistry'`);
    }
  });
});
