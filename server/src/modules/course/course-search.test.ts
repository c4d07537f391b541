import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase } from '../../test/database';
import { makeCourse } from '../../test/factories';
import { CourseCategory, CourseLanguage } from './course.enums';
import { CLOSE_WORD_MIN_SIMILARITY, closeMatches, matchingIds, parseSearchText, walkTiers, type Statement } from './course.search';

// Search in Bangla and English: what a reader sees as the same text finds the same courses,
// through GraphQL and the legacy REST path alike.

let db: DataSource;
let app: TestApp;

const S = CourseCategory.SCHOOL;
const BN = CourseLanguage.BN;

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startTestApp(db);
  await makeCourse(db, {
    name: 'গণিত – অষ্টম শ্রেণি',
    instructor: 'রফিকুল ইসলাম',
    // বীজগণিত written with a zero-width non-joiner, as some keyboards type it.
    description: 'ভগ্নাংশ, বীজ\u200Cগণিত ও জ্যামিতি: প্রতিটি অধ্যা\u09DFে অনুশীলনী।',
    category: S,
    classLevel: 8,
    language: BN,
  });
  await makeCourse(db, {
    name: 'পদার্থবিজ্ঞান – নবম-দশম শ্রেণি',
    instructor: 'নুসরাত জাহান',
    description: 'গতি, বল ও শক্তি, উদাহরণসহ।',
    category: S,
    classLevel: 9,
    language: BN,
  });
  await makeCourse(db, {
    name: 'উচ্চতর গণিত – একাদশ-দ্বাদশ শ্রেণি',
    instructor: 'মাহমুদুল হাসান',
    description: 'ক্যালকুলাস ও ত্রিকোণমিতি।',
    category: S,
    classLevel: 11,
    language: BN,
  });
  await makeCourse(db, { name: 'Class 9 Physics', instructor: 'Anisul Hoque', description: 'Motion, force and energy.', category: S, classLevel: 9 });
  await makeCourse(db, {
    name: 'Class 10 Chemistry',
    instructor: 'Farhana Rahman',
    description: 'Atoms and the physics of bonds.',
    category: S,
    classLevel: 10,
  });
  await makeCourse(db, { name: 'Introduction to Programming with Python', instructor: 'Tanvir Ahmed', description: 'Variables, loops and functions.' });
  await makeCourse(db, { name: 'Phisics Fun Facts', instructor: 'Test Instructor', description: 'A quiz show.', published: false });
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

const CLASS_9 = ['Class 9 Physics', 'পদার্থবিজ্ঞান – নবম-দশম শ্রেণি'];

describe.each([
  ['GraphQL searchCourses', viaGraphql],
  ['GET /api/courses/searchCourse/{text}', viaRest],
])('search through %s', (_, search) => {
  it('finds Bangla words in names, names starting with them first', async () => {
    expect(await search('গণিত')).toEqual(['গণিত – অষ্টম শ্রেণি', 'উচ্চতর গণিত – একাদশ-দ্বাদশ শ্রেণি']);
    expect(await search('পদার্থবিজ্ঞান')).toEqual(['পদার্থবিজ্ঞান – নবম-দশম শ্রেণি']);
  });

  it('finds Bangla words in descriptions and instructor names', async () => {
    expect(await search('ত্রিকোণমিতি')).toEqual(['উচ্চতর গণিত – একাদশ-দ্বাদশ শ্রেণি']);
    expect(await search('নুসরাত জাহান')).toEqual(['পদার্থবিজ্ঞান – নবম-দশম শ্রেণি']);
  });

  it('finds a word however its letters were encoded (Unicode NFC)', async () => {
    // Stored with য় as one character; searched as য and a nukta, and the other way round.
    expect(await search('অধ্যা\u09AF\u09BCে')).toEqual(['গণিত – অষ্টম শ্রেণি']);
    expect(await search('অধ্যা\u09DFে')).toEqual(['গণিত – অষ্টম শ্রেণি']);
  });

  it('ignores zero-width joiners, non-joiners and other invisible marks', async () => {
    expect(await search('বীজগণিত')).toEqual(['গণিত – অষ্টম শ্রেণি']);
    expect(await search('গ\u200Dণি\u200Cত')).toEqual(['গণিত – অষ্টম শ্রেণি', 'উচ্চতর গণিত – একাদশ-দ্বাদশ শ্রেণি']);
    expect(await search('\u200Bphy\u00ADsics')).toEqual(['Class 9 Physics', 'Class 10 Chemistry']);
  });

  it.each(['class 9', 'Class 9', 'ক্লাস ৯', 'ক্লাস 9', 'class ৯', 'নবম', 'নবম শ্রেণি', 'নবম শ্রেণী', '৯ম শ্রেণি'])(
    'finds the class 9 courses for %j',
    async (text) => {
      expect(await search(text)).toEqual(CLASS_9);
    },
  );

  it('reads every Bangla class word, first to twelfth', async () => {
    expect(await search('অষ্টম')).toEqual(['গণিত – অষ্টম শ্রেণি']);
    expect(await search('দশম শ্রেণি')).toEqual(['Class 10 Chemistry', 'পদার্থবিজ্ঞান – নবম-দশম শ্রেণি']);
    expect(await search('ক্লাস ১০')).toEqual(['Class 10 Chemistry', 'পদার্থবিজ্ঞান – নবম-দশম শ্রেণি']);
    expect(await search('class 12')).toEqual(['উচ্চতর গণিত – একাদশ-দ্বাদশ শ্রেণি']);
    expect(await search('দ্বাদশ')).toEqual(['উচ্চতর গণিত – একাদশ-দ্বাদশ শ্রেণি']);
    expect(await search('১১শ শ্রেণি')).toEqual(['উচ্চতর গণিত – একাদশ-দ্বাদশ শ্রেণি']);
  });

  it('finds close matches of misspelt English words', async () => {
    expect(await search('phisics')).toEqual(['Class 9 Physics', 'Class 10 Chemistry']);
    expect(await search('programing')).toEqual(['Introduction to Programming with Python']);
    expect(await search('programing pythn')).toEqual(['Introduction to Programming with Python']);
    // Every word still has to be there, exactly or closely.
    expect(await search('phisics motion')).toEqual(['Class 9 Physics']);
    expect(await search('phisics zzzz')).toEqual([]);
  });

  it('never guesses a number, nor shows a guess while something matches exactly', async () => {
    expect(await search('class 8')).toEqual(['গণিত – অষ্টম শ্রেণি']);
    expect(await search('class 7')).toEqual([]);
    expect(await search('physics')).toEqual(['Class 9 Physics', 'Class 10 Chemistry']);
  });

  it('never finds an unpublished course, even closely', async () => {
    expect(await search('fun facts')).toEqual([]);
  });
});

describe('a class named in a search', () => {
  let batch: { id: string };
  beforeAll(async () => {
    // Class 1, with a 9 in its batch number.
    batch = await makeCourse(db, {
      name: 'গণিত – প্রথম শ্রেণি ব্যাচ 19',
      instructor: 'রফিকুল ইসলাম',
      description: 'যোগ ও বিয়োগ।',
      category: S,
      classLevel: 1,
      language: BN,
    });
  });
  afterAll(() => db.query(`DELETE FROM "course" WHERE "id" = $1`, [batch.id]));

  it('finds that class only, not a class whose number starts the same', async () => {
    expect(await viaGraphql('প্রথম শ্রেণি')).toEqual(['গণিত – প্রথম শ্রেণি ব্যাচ 19']);
    expect(await viaRest('class 1')).toEqual(['গণিত – প্রথম শ্রেণি ব্যাচ 19']);
    expect(await viaGraphql('ক্লাস ১০')).toEqual(['Class 10 Chemistry', 'পদার্থবিজ্ঞান – নবম-দশম শ্রেণি']);
  });

  it('does not take the number of another class or a batch for it', async () => {
    expect(await viaGraphql('গণিত নবম শ্রেণি')).toEqual([]);
    expect(await viaRest('গণিত নবম শ্রেণি')).toEqual([]);
    expect(await viaGraphql('গণিত প্রথম শ্রেণি')).toEqual(['গণিত – প্রথম শ্রেণি ব্যাচ 19']);
  });
});

describe('search in one language', () => {
  const search = async (text: string, language: string) => {
    const { body } = await app.graphql<{ searchCourses: Array<{ name: string; language: string }> }>(
      `query ($text: String!, $language: CourseLanguage) { searchCourses(text: $text, language: $language) { name language } }`,
      { text, language },
    );
    expect(body.errors).toBeUndefined();
    return body.data!.searchCourses;
  };

  it('answers only the courses taught in the language asked for', async () => {
    expect(await search('নবম শ্রেণি', 'BN')).toEqual([{ name: 'পদার্থবিজ্ঞান – নবম-দশম শ্রেণি', language: 'BN' }]);
    expect(await search('নবম শ্রেণি', 'EN')).toEqual([{ name: 'Class 9 Physics', language: 'EN' }]);
    expect(await search('phisics', 'BN')).toEqual([]);
    expect(await search('phisics', 'EN')).toEqual([
      { name: 'Class 9 Physics', language: 'EN' },
      { name: 'Class 10 Chemistry', language: 'EN' },
    ]);
  });
});

describe('the indexes behind search', () => {
  beforeAll(async () => {
    // A catalogue large enough for PostgreSQL to prefer an index that fits over reading every published course.
    await db.query(`INSERT INTO "course" ("name", "description", "price", "priceBDT", "instructor", "category", "published")
      SELECT 'Practice set ' || i, 'Exercises with answers.', 5, 600, 'Test Instructor', 'PROFESSIONAL', true FROM generate_series(1, 3000) AS i`);
    await db.query('ANALYZE "course"');
  });
  afterAll(() => db.query(`DELETE FROM "course" WHERE "name" LIKE 'Practice set %'`));

  /** PostgreSQL's plan for `statement`, with sequential scans ruled out so that only an index that fits can serve it. */
  async function planOf(statement: Statement, threshold?: number): Promise<string> {
    return db.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      if (threshold) await manager.query(`SET LOCAL pg_trgm.word_similarity_threshold = ${threshold}`);
      const rows: Array<{ 'QUERY PLAN': string }> = await manager.query(`EXPLAIN ${statement.sql}`, statement.parameters);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('looks words up, Bangla and normalised alike, in the trigram index of the searched text', async () => {
    for (const text of ['গণিত', 'নবম শ্রেণি', 'ক্লাস ৯ পদার্থবিজ্ঞান', 'programming']) {
      expect(await planOf(matchingIds(parseSearchText(text)))).toContain('Bitmap Index Scan on course_search_trgm');
    }
  });

  it('looks misspelt words up in the same index', async () => {
    const statement = closeMatches(parseSearchText('phisics'), 20, 'c."id"')!;
    expect(await planOf(statement, CLOSE_WORD_MIN_SIMILARITY)).toContain('Bitmap Index Scan on course_search_trgm');
  });

  it('walks the normalised names along their index for a word found in most courses', async () => {
    expect(await planOf(walkTiers(parseSearchText('exercises'), 20, '"course"."id"'))).toContain('Index Scan using course_search_name_order');
  });

  it('reads a lower tier of names only when the better ones left the page short', async () => {
    // A one-time test on the rows the better tiers found: a tier with few rows is not walked for nothing.
    const plan = await planOf(walkTiers(parseSearchText('exercises'), 20, '"course"."id"'));
    expect(plan.match(/One-Time Filter/g)).toHaveLength(2);
  });
});

describe('the searched text', () => {
  it('follows every change of a course, whoever writes it', async () => {
    const course = await makeCourse(db, { name: 'Temporary course', description: 'Nothing yet.' });
    expect(await viaGraphql('রসায়ন')).toEqual([]);
    await db.query(`UPDATE "course" SET "name" = 'রসায়ন – নবম-দশম শ্রেণি' WHERE "id" = $1`, [course.id]);
    expect(await viaGraphql('রসায়ন নবম')).toEqual(['রসায়ন – নবম-দশম শ্রেণি']);
    // Written by hand, the searched text is made again from the course.
    await db.query(`UPDATE "course" SET "searchDocument" = 'nonsense' WHERE "id" = $1`, [course.id]);
    expect(await viaGraphql('রসায়ন নবম')).toEqual(['রসায়ন – নবম-দশম শ্রেণি']);
    await db.query(`DELETE FROM "course" WHERE "id" = $1`, [course.id]);
  });
});
