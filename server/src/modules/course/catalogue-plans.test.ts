/**
 * The public pages' statements read what a page shows, not the catalogue: every statement a
 * visitor's page sends, run by the app on a generated catalogue and explained with ANALYZE, may read
 * only a bounded number of rows of the large tables (course, review, enrollment, lesson, user),
 * whatever index or scan it uses. A statement that aggregates or sorts a whole table (a rating for
 * every course before the page is cut, a count of every student) reads thousands and fails here,
 * on any machine, with no timing involved. Search reads as many rows as its words match, which
 * generated names cannot make realistic: its statements are held to their indexes by
 * search-indexes.test.ts instead.
 */
import { useAppPerFile } from '../../test/app-per-file';
import { clientOperation } from '../../test/client-operations';

const given = useAppPerFile({ emptyBeforeEach: false });

const COURSES = 3000;
const LARGE_TABLES = new Set(['course', 'review', 'enrollment', 'lesson', 'user']);
/** Rows a page's statement may read from the large tables: a few pages' worth, nowhere near the catalogue. */
const ROWS_READ_BUDGET = 400;

beforeAll(async () => {
  const db = given.db;
  await db.query(
    `INSERT INTO "course" ("name", "description", "price", "priceBDT", "instructor", "keyPoints", "category", "trending", "published", "classLevel", "createdAt")
     SELECT 'Course ' || i, 'About course ' || i, CASE WHEN i % 10 = 0 THEN 0 ELSE 20 END, CASE WHEN i % 10 = 0 THEN 0 ELSE 2400 END,
       'Teacher ' || (i % 200), ARRAY[]::text[], CASE WHEN i % 2 = 0 THEN 'SCHOOL' ELSE 'PROFESSIONAL' END::course_category,
       i % 7 = 0, i % 50 <> 0, CASE WHEN i % 2 = 0 THEN 1 + i % 12 ELSE NULL END, now() - make_interval(mins => i)
     FROM generate_series(1, ${COURSES}) AS i`,
  );
  await db.query(
    `INSERT INTO "user" ("name", "email", "passwordHash", "role", "createdAt")
     SELECT 'Student ' || i, 'student' || i || '@example.com', 'x', 'STUDENT', now() - make_interval(mins => i) FROM generate_series(1, 3000) AS i`,
  );
  await db.query(
    `INSERT INTO "review" ("name", "text", "courseId", "rating", "hidden", "createdAt")
     SELECT 'Reviewer ' || r, 'Good course ' || r, c."id", 1 + r % 5, r % 40 = 0, now() - make_interval(mins => r)
     FROM (SELECT "id", row_number() OVER (ORDER BY "createdAt") AS n FROM "course") c, generate_series(1, 3) AS r WHERE c.n % 3 = 0`,
  );
  await db.query(`ANALYZE`);
  [{ id: reviewedCourse }] = await db.query<Array<{ id: string }>>(
    `SELECT c."id" FROM "course" c WHERE c."published" AND EXISTS (SELECT 1 FROM "review" r WHERE r."courseId" = c."id") ORDER BY c."createdAt" DESC LIMIT 1`,
  );
});
let reviewedCourse: string;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

/** Rows each large table's scans read (found plus filtered out), over every loop. */
function rowsRead(node: PlanNode, into = new Map<string, number>()): Map<string, number> {
  const table = node['Relation Name'];
  if (table && LARGE_TABLES.has(table)) {
    const loops = node['Actual Loops'] ?? 1;
    const read = ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * loops;
    into.set(table, (into.get(table) ?? 0) + read);
  }
  for (const child of node.Plans ?? []) rowsRead(child, into);
  return into;
}

/** The app's statements while `act` runs, each with what it read. */
async function statementsOf(act: () => Promise<unknown>): Promise<Array<{ sql: string; read: Map<string, number> }>> {
  const logger = given.db.logger;
  const seen: Array<{ sql: string; parameters: unknown[] }> = [];
  const original = logger.logQuery.bind(logger);
  logger.logQuery = (sql, parameters) => {
    if (/^\s*(SELECT|WITH)\b/i.test(sql)) seen.push({ sql, parameters: (parameters as unknown[] | undefined) ?? [] });
    original(sql, parameters);
  };
  try {
    await act();
  } finally {
    logger.logQuery = original;
  }
  const explained = [];
  for (const { sql, parameters } of seen) {
    const [{ 'QUERY PLAN': plan }] = await given.db.query<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
      parameters,
    );
    explained.push({ sql, read: rowsRead(plan[0].Plan) });
  }
  return explained;
}

describe("a visitor's pages read a page's worth of rows, not the catalogue", () => {
  type Variables = Record<string, unknown> | (() => Record<string, unknown>);
  it.each<[string, string, Variables]>([
    ['the home page', 'HomePage', {}],
    ['a course page', 'CoursePage', () => ({ id: reviewedCourse })],
    ["a course page's reviews", 'CourseReviews', () => ({ courseId: reviewedCourse })],
    ['the reviews page', 'ReviewsPage', { offset: 0, limit: 12 }],
    ['the model tests', 'ModelTestList', { classLevel: 9, offset: 0, limit: 12 }],
    ['the catalogue, a class', 'AllCourses', { section: 'CLASS_1_TO_12', classLevel: 9, offset: 0, limit: 12 }],
    ['the catalogue, free courses, page 3', 'AllCourses', { section: 'FREE', offset: 24, limit: 12 }],
  ])('%s', async (_page, name, asked) => {
    const variables = typeof asked === 'function' ? asked() : asked;
    const statements = await statementsOf(() => given.app.execute(clientOperation(name), name, variables));
    expect(statements.length).toBeGreaterThan(0);
    const over = statements.flatMap(({ sql, read }) =>
      [...read].filter(([, rows]) => rows > ROWS_READ_BUDGET).map(([table, rows]) => `${rows} rows of ${table}: ${sql.replace(/\s+/g, ' ').slice(0, 300)}`),
    );
    expect(over).toEqual([]);
  });
});
