/**
 * The search SQL (course.search.ts) and the indexes written for it in the migrations must agree:
 * an expression that drifts from its index's expression still answers, only slowly. With sequential
 * scans priced out, every search shape's plan must use the index made for it.
 */
import type { DataSource } from 'typeorm';
import { closeTestDatabase, openTestDatabase } from '../../test/database';
import { makeCourse } from '../../test/factories';
import {
  matchingIds,
  parseSearchText,
  rankMatches,
  similarNames,
  SUGGESTION_MIN_SIMILARITY,
  walkTiers,
  type ParsedSearch,
  type Statement,
} from './course.search';

let db: DataSource;
let ids: string[];

beforeAll(async () => {
  db = await openTestDatabase();
  ids = [];
  for (const name of ['Physics 1', 'Class 9 Physics', 'Chemistry basics']) ids.push((await makeCourse(db, { name })).id);
  // A catalogue large enough that reading a whole index costs more than the one made for the search.
  await db.query(
    `INSERT INTO "course" ("name", "description", "price", "priceBDT", "instructor", "keyPoints", "category", "trending", "published")
     SELECT 'Algebra batch ' || i, 'Numbers and equations', 5, 600, 'Teacher', ARRAY[]::text[], 'PROFESSIONAL', false, true FROM generate_series(1, 3000) AS i`,
  );
  await db.query('ANALYZE "course"');
});
afterAll(async () => {
  await closeTestDatabase(db);
});

/** `trigrams`: only bitmap scans allowed, so only an index with a matching expression can answer. */
async function planOf(statement: Statement, trigrams = false): Promise<string> {
  return db.transaction(async (manager) => {
    await manager.query('SET LOCAL enable_seqscan = off');
    if (trigrams) await manager.query('SET LOCAL enable_indexscan = off');
    await manager.query(`SET LOCAL pg_trgm.word_similarity_threshold = ${SUGGESTION_MIN_SIMILARITY}`);
    const rows: Array<{ 'QUERY PLAN': string }> = await manager.query(`EXPLAIN ${statement.sql}`, statement.parameters);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

const rare = (): ParsedSearch => parseSearchText('physics');
const common = (): ParsedSearch => ({ ...parseSearchText('class physics'), common: new Set(['class']) });

describe('search SQL and its indexes', () => {
  it.each([
    ['the matches of a rare word', () => matchingIds(rare()), 'course_search_trgm', true],
    ['the matches with a common word checked on the rows found', () => matchingIds(common()), 'course_search_trgm', true],
    ['the walk along names, tier by tier', () => walkTiers(common(), 20, '"id"'), 'course_search_name_order', false],
    ['close matches of a search that found nothing', () => similarNames(parseSearchText('physcs'), 3, '"id"'), 'course_search_name_trgm', true],
  ])('%s uses %s', async (_shape, statement, index, trigrams) => {
    expect(await planOf(statement(), trigrams)).toContain(index);
  });

  it('narrows a class in the index by its text, which the class pattern alone cannot do', async () => {
    const plan = await planOf(matchingIds(parseSearchText('নবম শ্রেণি')), true);
    expect(plan).toMatch(/Index Cond: .*"searchDocument" ~~ '%class 9%'/);
  });

  it('ranks a few matches by their ids, through the primary key', async () => {
    expect(await planOf(rankMatches(rare(), ids, 20, '"id"'))).toMatch(/Index Cond: \(id = ANY/);
  });
});
