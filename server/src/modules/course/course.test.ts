import { useAppPerFile } from '../../test/app-per-file';
import { countStatements } from '../../db/query-counter';
import { clientOperation } from '../../test/client-operations';
import { makeCourse } from '../../test/factories';
import { Course } from './course.entity';
import { CourseCategory, CourseLanguage } from './course.enums';
import { DIRECT_RANKING_MAX } from './course.search';
import { judgeSearchWords, MIN_SAMPLE, refreshWordSample } from './search-word-sample';

const given = useAppPerFile();

type CoursePage = { total: number; offset: number; limit: number; hasMore: boolean; items: Array<{ name: string; price: number }> };

async function courses(args: string): Promise<CoursePage> {
  const { body } = await given.app.graphql<{ courses: CoursePage }>(`{ courses${args} { total offset limit hasMore items { name price } } }`);
  expect(body.errors).toBeUndefined();
  return body.data!.courses;
}

async function errorOf(query: string) {
  const { body } = await given.app.graphql(query);
  expect(body.data ?? null).toBeNull();
  return body.errors![0];
}

describe('the catalogue', () => {
  it('pages through courses newest first with the total count', async () => {
    for (let i = 1; i <= 5; i++) await makeCourse(given.db, { name: `Course number ${i}` });
    const first = await courses('(limit: 2)');
    expect(first).toMatchObject({ total: 5, offset: 0, limit: 2, hasMore: true });
    expect(first.items.map((c) => c.name)).toEqual(['Course number 5', 'Course number 4']);
    const last = await courses('(offset: 4, limit: 2)');
    expect(last.items.map((c) => c.name)).toEqual(['Course number 1']);
    expect(last.hasMore).toBe(false);
    const beyond = await courses('(offset: 10, limit: 2)');
    expect(beyond).toMatchObject({ total: 5, items: [], hasMore: false });
  });

  it.each([
    ['(limit: 0)', 'limit must be a whole number from 1 to 50'],
    ['(limit: 51)', 'limit must be a whole number from 1 to 50'],
    ['(offset: -1)', 'offset must be a whole number from 0 to 100000'],
    ['(classLevel: 13)', 'classLevel must be a class from 1 to 12'],
    ['(classLevel: 0)', 'classLevel must be a class from 1 to 12'],
  ])('refuses courses%s with a clear message', async (args, message) => {
    const error = await errorOf(`{ courses${args} { total } }`);
    expect(error.message).toBe(message);
    expect(error.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('refuses an unknown home section with a validation error', async () => {
    const error = await errorOf('{ courses(section: POPULAR) { total } }');
    expect(error.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(error.message).toContain('POPULAR');
  });

  it('filters by home section, class level and price', async () => {
    await makeCourse(given.db, { name: 'Free Python', price: 0, trending: true });
    await makeCourse(given.db, { name: 'Paid Design', price: 30 });
    await makeCourse(given.db, { name: 'Class 9 Physics', price: 15, category: CourseCategory.SCHOOL, classLevel: 9, trending: true });
    await makeCourse(given.db, { name: 'Class 5 Maths', price: 0, category: CourseCategory.SCHOOL, classLevel: 5 });
    const names = async (args: string) => (await courses(args)).items.map((c) => c.name).sort();

    expect(await names('(section: FREE)')).toEqual(['Class 5 Maths', 'Free Python']);
    expect(await names('(section: PROFESSIONAL_SKILL)')).toEqual(['Free Python', 'Paid Design']);
    expect(await names('(section: TRENDING)')).toEqual(['Class 9 Physics', 'Free Python']);
    expect(await names('(section: CLASS_1_TO_12)')).toEqual(['Class 5 Maths', 'Class 9 Physics']);
    expect(await names('(classLevel: 9)')).toEqual(['Class 9 Physics']);
    expect(await names('(free: false)')).toEqual(['Class 9 Physics', 'Paid Design']);
    expect(await names('(section: CLASS_1_TO_12, free: true)')).toEqual(['Class 5 Maths']);
  });

  it('filters by the language a course is taught in, English unless told otherwise', async () => {
    await makeCourse(given.db, { name: 'গণিত – অষ্টম শ্রেণি', language: CourseLanguage.BN, category: CourseCategory.SCHOOL, classLevel: 8 });
    await makeCourse(given.db, { name: 'Class 8 Mathematics', category: CourseCategory.SCHOOL, classLevel: 8 });
    const page = async (args: string) => {
      const { body } = await given.app.graphql<{ courses: { total: number; items: Array<{ name: string; language: string }> } }>(
        `{ courses${args} { total items { name language } } }`,
      );
      expect(body.errors).toBeUndefined();
      return body.data!.courses;
    };
    expect(await page('(language: BN)')).toEqual({ total: 1, items: [{ name: 'গণিত – অষ্টম শ্রেণি', language: 'BN' }] });
    expect(await page('(language: EN, classLevel: 8)')).toEqual({ total: 1, items: [{ name: 'Class 8 Mathematics', language: 'EN' }] });
    expect((await page('')).total).toBe(2);
    const error = await errorOf('{ courses(language: FR) { total } }');
    expect(error.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('answers every asked field, through fragments and beside computed ones', async () => {
    await makeCourse(given.db, { name: 'Class 9 Physics', price: 12.5, keyPoints: ['Motion'], instructor: 'Anisul Hoque' }, ['Welcome', 'Forces', 'Energy']);
    const { body } = await given.app.graphql<{ courses: { items: unknown[] } }>(
      `{ courses { items { ...Card lessonCount keyPoints } } } fragment Card on Course { name price instructor }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.courses.items).toEqual([{ name: 'Class 9 Physics', price: 12.5, instructor: 'Anisul Hoque', lessonCount: 3, keyPoints: ['Motion'] }]);
  });

  it('never lists unpublished courses', async () => {
    await makeCourse(given.db, { name: 'Draft course', published: false });
    await makeCourse(given.db, { name: 'Live course' });
    expect((await courses('')).items.map((c) => c.name)).toEqual(['Live course']);
  });
});

describe('one course', () => {
  it('answers a course with its lessons in order and no video address for a visitor', async () => {
    const course = await makeCourse(given.db, { name: 'Algebra', keyPoints: ['Sets', 'Functions'] }, ['Intro', 'Sets', 'Functions']);
    const { body } = await given.app.graphql<{
      course: { name: string; keyPoints: string[]; lessons: Array<{ title: string; position: number; videoURL: string | null }> };
    }>(`query ($id: ID!) { course(id: $id) { name keyPoints lessons { title position videoURL } } }`, { id: course.id });
    expect(body.data!.course.name).toBe('Algebra');
    expect(body.data!.course.keyPoints).toEqual(['Sets', 'Functions']);
    expect(body.data!.course.lessons).toEqual([
      { title: 'Intro', position: 1, videoURL: null },
      { title: 'Sets', position: 2, videoURL: null },
      { title: 'Functions', position: 3, videoURL: null },
    ]);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-course-id'])('answers null for the unknown id %s', async (id) => {
    const { body } = await given.app.graphql(`query ($id: ID!) { course(id: $id) { name } }`, { id });
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ course: null });
  });
});

describe('search', () => {
  async function search(text: string): Promise<string[]> {
    const { body } = await given.app.graphql<{ searchCourses: Array<{ name: string }> }>(`query ($text: String!) { searchCourses(text: $text) { name } }`, {
      text,
    });
    expect(body.errors).toBeUndefined();
    return body.data!.searchCourses.map((c) => c.name);
  }

  beforeEach(async () => {
    await makeCourse(given.db, { name: 'Class 9 Physics', instructor: 'Anisul Hoque', description: 'Motion, force and energy.' });
    await makeCourse(given.db, { name: 'Class 11 Chemistry', instructor: 'Farhana Rahman', description: 'Atoms and the physics of bonds.' });
    await makeCourse(given.db, { name: 'Web Development', instructor: 'Tanvir Ahmed', description: 'HTML, CSS and React.' });
    await makeCourse(given.db, { name: 'Hidden physics draft', published: false });
  });

  it('puts class numbers in natural order: Class 3 before Class 10', async () => {
    await makeCourse(given.db, { name: 'Class 10 Physics', description: 'Light.' });
    await makeCourse(given.db, { name: 'Class 3 Science', description: 'Plants and the physics of toys.' });
    expect(await search('class')).toEqual(['Class 3 Science', 'Class 9 Physics', 'Class 10 Physics', 'Class 11 Chemistry']);
  });

  it('suggests published courses with close names when a search finds nothing', async () => {
    const similar = async (text: string) =>
      (await given.app.graphql<{ similarCourses: Array<{ name: string }> }>(`query ($text: String!) { similarCourses(text: $text) { name } }`, { text })).body;
    expect(await search('zzzz qqqq')).toEqual([]);
    expect((await similar('phisics')).data!.similarCourses.map((c) => c.name)).toEqual(['Class 9 Physics']);
    expect((await similar('chemstry')).data!.similarCourses.map((c) => c.name)).toEqual(['Class 11 Chemistry']);
    expect((await similar('web developmnt')).data!.similarCourses.map((c) => c.name)).toEqual(['Web Development']);
    expect((await similar('draft')).data!.similarCourses).toEqual([]);
    expect((await similar('zzzz qqqq')).data!.similarCourses).toEqual([]);
    expect((await similar('   ')).errors![0].message).toBe('Type something to search for');
  });

  it('matches whatever the case', async () => {
    expect(await search('PHYSICS')).toEqual(['Class 9 Physics', 'Class 11 Chemistry']);
  });

  it('matches part of a word and ranks a name match above a description match', async () => {
    expect(await search('phys')).toEqual(['Class 9 Physics', 'Class 11 Chemistry']);
  });

  it('ranks names starting with the phrase, then names containing it, then other matches, alphabetically within each', async () => {
    await makeCourse(given.db, { name: 'physics for Beginners', description: 'Start here.' });
    await makeCourse(given.db, { name: 'Physics Olympiad', description: 'Hard problems.' });
    await makeCourse(given.db, { name: 'Astrophysics Today', description: 'Stars.' });
    expect(await search('physics')).toEqual(['physics for Beginners', 'Physics Olympiad', 'Astrophysics Today', 'Class 9 Physics', 'Class 11 Chemistry']);
  });

  // Up to DIRECT_RANKING_MAX matches are ranked directly; more are answered by walking the name index.
  it.each([25, DIRECT_RANKING_MAX + 5])('keeps the best matches when %i more courses match than the list holds', async (fillers) => {
    const template = await makeCourse(given.db, { name: 'Zoology and physics', description: 'Animals.' });
    const { id: _id, ...fields } = template;
    await given.db
      .getRepository(Course)
      .insert(
        Array.from({ length: fillers }, (_, i) => ({ ...fields, name: `Course ${String(i).padStart(3, '0')}`, description: 'Learn with physics labs.' })),
      );
    const names = await search('physics');
    expect(names).toHaveLength(20);
    expect(names.slice(0, 3)).toEqual(['Class 9 Physics', 'Zoology and physics', 'Class 11 Chemistry']);
    expect(names.slice(3)).toEqual(Array.from({ length: 17 }, (_, i) => `Course ${String(i).padStart(3, '0')}`));
  });

  it('finds courses by instructor', async () => {
    expect(await search('farhana')).toEqual(['Class 11 Chemistry']);
  });

  it('needs every word to match', async () => {
    expect(await search('physics motion')).toEqual(['Class 9 Physics']);
    expect(await search('  react   html ')).toEqual(['Web Development']);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await search('astronomy')).toEqual([]);
  });

  it('treats wildcard characters as plain text', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  describe('with a word found in most courses', () => {
    beforeEach(async () => {
      const { id: _id, ...fields } = await makeCourse(given.db, { name: 'Class 8 Biology Batch 1', description: 'Cells and plants.' });
      await given.db.getRepository(Course).insert(Array.from({ length: MIN_SAMPLE }, (_, i) => ({ ...fields, name: `Class 8 Biology Batch ${i + 2}` })));
      await makeCourse(given.db, { name: 'Physics Batch 7', description: 'Waves and sound.' });
      await given.db.query('ANALYZE "course"');
      await refreshWordSample(given.db);
    });

    it('judges words by a sample of the published catalogue', () => {
      expect(judgeSearchWords(given.db, ['physics', 'batch', 'biology'])).toEqual({ common: new Set(['batch', 'biology']), matchesMany: false });
      expect(judgeSearchWords(given.db, ['batch', 'biology'])).toEqual({ common: new Set(['batch']), matchesMany: true });
      expect(judgeSearchWords(given.db, ['batch'])).toEqual({ common: new Set(), matchesMany: true });
      // Only an unpublished course holds "draft": rare in what visitors can find.
      expect(judgeSearchWords(given.db, ['draft', 'class'])).toEqual({ common: new Set(['class']), matchesMany: false });
    });

    it('ranks the matches of common words at once by walking the names, without counting them first', async () => {
      const names = await search('biology batch');
      expect(names).toHaveLength(20);
      // The name index gives the first names alphabetically (1, 10, 100, 101, 11, ...), shown in natural order.
      expect(names.slice(0, 4)).toEqual(['Class 8 Biology Batch 1', 'Class 8 Biology Batch 2', 'Class 8 Biology Batch 10', 'Class 8 Biology Batch 11']);
      expect(names.slice(-2)).toEqual(['Class 8 Biology Batch 100', 'Class 8 Biology Batch 101']);
      const statementsFor = async (text: string) =>
        (await countStatements(() => given.app.execute('query ($text: String!) { searchCourses(text: $text) { name } }', undefined, { text }))).statements;
      expect(await statementsFor('biology batch')).toBe(1);
      expect(await statementsFor('physics')).toBe(2);
    });

    it('still needs every word, common or not, to match', async () => {
      expect(await search('physics batch')).toEqual(['Physics Batch 7']);
      expect(await search('batch motion')).toEqual([]);
      expect(await search('biology batch 17')).toEqual(['Class 8 Biology Batch 17']);
      expect(await search('batch %')).toEqual([]);
    });
  });

  it.each([
    ['', 'Type something to search for'],
    ['   ', 'Type something to search for'],
    ['x'.repeat(101), 'Search text must be at most 100 characters'],
  ])('refuses the search text %j with a clear message', async (text, message) => {
    const { body } = await given.app.graphql(`query ($text: String!) { searchCourses(text: $text) { name } }`, { text });
    expect(body.errors![0].message).toBe(message);
    expect(body.errors![0].extensions).toMatchObject({ code: text.length > 100 ? 'TEXT_TOO_LONG' : 'BAD_USER_INPUT', category: 'BAD_USER_INPUT' });
  });
});

describe('the home page', () => {
  it('runs the same small number of SQL statements however many courses there are', async () => {
    const run = async () => {
      const { result, statements } = await countStatements(() => given.app.execute(clientOperation('HomePage'), 'HomePage'));
      expect(result.errors).toBeUndefined();
      return statements;
    };
    for (let i = 0; i < 6; i++) await makeCourse(given.db, { trending: i % 2 === 0, price: i % 3 === 0 ? 0 : 12 });
    const few = await run();
    for (let i = 0; i < 40; i++) {
      await makeCourse(given.db, {
        trending: i % 2 === 0,
        price: i % 3 === 0 ? 0 : 12,
        category: i % 4 === 0 ? CourseCategory.SCHOOL : CourseCategory.PROFESSIONAL,
        classLevel: i % 4 === 0 ? 7 : null,
      });
    }
    const many = await run();
    expect(many).toBe(few);
    // One query for each of the four sections (each card's rating read with it), one for the reviews
    // and one for the home page's figures.
    expect(many).toBe(6);
  });
});
