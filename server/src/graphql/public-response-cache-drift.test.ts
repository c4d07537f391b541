/**
 * The public response cache keeps an answer until a `catalogue_changed` notice: every table that a
 * cached root field reads must have the trigger that sends it, or a change there would never show.
 * Each public field is asked for with every field of its answer (three levels deep), and the tables
 * in the SQL it ran are compared with the tables that have the trigger.
 */
import { useAppPerFile } from '../test/app-per-file';
import { getIntrospectionQuery, type IntrospectionObjectType, type IntrospectionQuery, type IntrospectionTypeRef } from 'graphql';
import { Lesson } from '../modules/course/lesson.entity';
import { Review } from '../modules/review/review.entity';
import { Blog } from '../modules/blog/blog.entity';
import { makeCourse } from '../test/factories';
import { ENROLLED_SQL } from '../modules/course/course-figures';
import { ENROLLMENT_FIELDS, PUBLIC_FIELDS } from './public-response-cache';

let types: Map<string, IntrospectionObjectType>;
let courseId: string;
let blogId: string;

const given = useAppPerFile({ emptyBeforeEach: false });
beforeAll(async () => {
  const course = await makeCourse(given.db, { name: 'Drift Physics' });
  courseId = course.id;
  await given.db.getRepository(Lesson).update({ courseId }, { preview: true });
  await given.db.getRepository(Review).save({ courseId, name: 'A', text: 'Clear', info: 'Student', rating: 5, hidden: false });
  blogId = (await given.db.getRepository(Blog).save({ title: 'Plan', description: 'd', author: 'A', reads: 0, hidden: false })).id;
  const { data } = (await given.app.execute(getIntrospectionQuery())) as { data?: IntrospectionQuery };
  types = new Map(data!.__schema.types.filter((t): t is IntrospectionObjectType => t.kind === 'OBJECT').map((t) => [t.name, t]));
});

/** Tables whose rows only triggers on other tables write: a change there comes with those tables' notices. */
const KEPT_FROM: Record<string, string[]> = { catalogue_count: ['course', 'user'] };

const named = (type: IntrospectionTypeRef): string => ('ofType' in type && type.ofType ? named(type.ofType) : (type as { name: string }).name);

/** Every field of an object type that needs no argument, objects three levels deep; none named in `except`. */
function everything(typeName: string, depth: number, except: ReadonlySet<string> = new Set()): string {
  const type = types.get(typeName)!;
  const fields = type.fields
    .filter((field) => field.args.every((arg) => arg.type.kind !== 'NON_NULL') && !except.has(field.name))
    .map((field) => {
      const inner = named(field.type);
      if (!types.has(inner)) return field.name;
      return depth > 0 ? `${field.name} { ${everything(inner, depth - 1, except)} }` : null;
    })
    .filter(Boolean);
  return fields.length ? fields.join(' ') : '__typename';
}

/** The arguments each public field needs to find something. */
const argumentsOf = (): Record<string, string> => ({
  course: `(id: "${courseId}")`,
  blog: `(id: "${blogId}")`,
  searchCourses: '(text: "physics")',
  similarCourses: '(text: "physic")',
  courseSearch: '(text: "physics")',
});

/** The tables named after FROM or JOIN in the SQL run while `work` runs; parts matching `ignoring` left out. */
async function tablesRead(work: () => Promise<unknown>, ignoring: Array<string | RegExp> = []): Promise<Set<string>> {
  const statements: string[] = [];
  const logger = given.db.logger as { logQuery: (query: string, ...rest: unknown[]) => unknown };
  const original = logger.logQuery;
  logger.logQuery = function (query: string, ...rest: unknown[]) {
    statements.push(query);
    return original.call(this, query, ...rest);
  };
  try {
    await work();
  } finally {
    logger.logQuery = original;
  }
  const tables = statements.flatMap((sql) =>
    [...ignoring.reduce<string>((text, part) => text.replaceAll(part, ''), sql).matchAll(/\b(?:FROM|JOIN)\s+"?([a-z_]+)\b"?(?!\s*\()/gi)].map((m) => m[1]),
  );
  // Set-returning functions (regexp_matches) and the system catalogue are not tables of ours.
  return new Set(tables.filter((table) => !table.startsWith('pg_') && table !== 'information_schema'));
}

describe('public response cache and its change notices', () => {
  it('asks every public field in this test', () => {
    const query = types.get('Query')!;
    const publicRootFields = query.fields.map((field) => field.name).filter((name) => PUBLIC_FIELDS.has(name));
    expect(publicRootFields.sort()).toEqual([...PUBLIC_FIELDS].filter((name) => name !== '__typename').sort());
  });

  /** The tables each public field reads when asked for every field of its answer but those in `except`. */
  async function tablesByField(except: ReadonlySet<string> = new Set(), ignoring: Array<string | RegExp> = []): Promise<Map<string, Set<string>>> {
    const byField = new Map<string, Set<string>>();
    for (const field of [...PUBLIC_FIELDS].filter((name) => name !== '__typename')) {
      const returns = named(types.get('Query')!.fields.find((f) => f.name === field)!.type);
      const document = `{ ${field}${argumentsOf()[field] ?? ''} { ${everything(returns, 2, except)} } }`;
      let answer: { errors?: unknown } = {};
      byField.set(field, await tablesRead(async () => (answer = await given.app.execute(document)), ignoring));
      expect(answer.errors).toBeUndefined();
    }
    return byField;
  }
  const readers = (byField: Map<string, Set<string>>, table: string) => [...byField].filter(([, tables]) => tables.has(table)).map(([field]) => field);

  // An enrollment's notice forgets only what shows its course's count of students (ENROLLMENT_FIELDS).
  // The lessons a viewer is shown look for the viewer's own enrollment (LESSON_SHOWN_SQL): a visitor has
  // none. A course's figures are read in one statement, its count of students (ENROLLED_SQL) among them.
  it('reads enrollments only for the fields that count them', async () => {
    const viewersOwn = /EXISTS \(SELECT 1 FROM enrollment e WHERE [^)]*e\."studentId" = \$\d+::uuid[^)]*\)/g;
    expect(readers(await tablesByField(new Set(), [viewersOwn]), 'enrollment')).toContain('course');
    expect(readers(await tablesByField(new Set(ENROLLMENT_FIELDS), [viewersOwn, ENROLLED_SQL]), 'enrollment')).toEqual([]);
  });

  // An account's notice forgets only what shows its id, and the figures a few seconds later: the
  // figures count students in catalogue_count, which only the triggers on accounts and courses write.
  it('reads no accounts; the figures read the counts kept from them', async () => {
    const byField = await tablesByField();
    expect(readers(byField, 'user')).toEqual([]);
    expect(readers(byField, 'catalogue_count')).toEqual(['catalogueFigures']);
  });

  it('has a change trigger on every table a cached field reads', async () => {
    const triggered: Array<{ table: string }> = await given.db.query(
      `SELECT DISTINCT event_object_table AS "table" FROM information_schema.triggers WHERE trigger_name LIKE '%\\_catalogue\\_changed'`,
    );
    const withTrigger = new Set(triggered.map((row) => row.table));
    // Kept by the database from other tables (the CatalogueCounts migration): their notices are its own.
    for (const [kept, from] of Object.entries(KEPT_FROM)) if (from.every((table) => withTrigger.has(table))) withTrigger.add(kept);
    const missing: Record<string, string[]> = {};
    for (const field of [...PUBLIC_FIELDS].filter((name) => name !== '__typename')) {
      const returns = named(types.get('Query')!.fields.find((f) => f.name === field)!.type);
      const document = `{ ${field}${argumentsOf()[field] ?? ''} { ${everything(returns, 2)} } }`;
      let answer: { errors?: unknown } = {};
      const tables = await tablesRead(async () => (answer = await given.app.execute(document)));
      expect(answer.errors).toBeUndefined();
      expect(tables.size).toBeGreaterThan(0);
      const untriggered = [...tables].filter((table) => !withTrigger.has(table));
      if (untriggered.length) missing[field] = untriggered;
    }
    expect(missing).toEqual({});
  });
});
