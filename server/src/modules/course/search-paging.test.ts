import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse } from '../../test/factories';
import { Course } from './course.entity';
import { DIRECT_RANKING_MAX } from './course.search';

// An integrator reads every match of a search, 50 at a time: no match is on two pages, none is
// missing, and the total says how many there are, over GraphQL and the legacy REST path alike.

/** More matches than are ranked directly, so the name index is walked tier by tier. */
const MANY = DIRECT_RANKING_MAX + 60;
/** Fewer, ranked directly. */
const FEW = 73;

async function insertCourses(names: string[]) {
  const template = await makeCourse(given.db, { name: 'Template course', published: false });
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = template as Course & { updatedAt?: Date };
  await given.db
    .getRepository(Course)
    .insert(names.map((name, i) => ({ ...fields, name, published: true, createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000) })));
}

const given = useAppPerFile({ emptyBeforeEach: false });
beforeAll(async () => {
  // Numbers in the names, so natural order ("Web 3" before "Web 10") and index order differ.
  await insertCourses(Array.from({ length: MANY }, (_, i) => `Web Design ${i + 1}`));
  await insertCourses(Array.from({ length: FEW }, (_, i) => `Kotlin Basics ${i + 1}`));
});

interface SearchPage {
  items: Array<{ id: string; name: string }>;
  total: number;
  offset: number;
  limit: number;
  hasMore: boolean;
}

async function graphqlPage(text: string, offset: number, limit = 50): Promise<SearchPage> {
  const { body } = await given.app.graphql<{ courseSearch: SearchPage }>(
    `query ($text: String!, $offset: Int!, $limit: Int!) { courseSearch(text: $text, offset: $offset, limit: $limit) { items { id name } total offset limit hasMore } }`,
    { text, offset, limit },
  );
  expect(body.errors).toBeUndefined();
  return body.data!.courseSearch;
}

async function restPage(text: string, query: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${given.app.url}/api/courses/searchCourse/${encodeURIComponent(text)}${query}`, { headers: { accept: 'application/json' } });
  return { status: res.status, body: await res.json() };
}

describe.each([
  ['a common word (the name index walked)', 'web', MANY],
  ['a rarer word (ranked directly)', 'kotlin', FEW],
])('GraphQL courseSearch of %s', (_, text, count) => {
  it('reaches every match past the 50th, each once, with the total', async () => {
    const seen: string[] = [];
    let offset = 0;
    for (;;) {
      const page = await graphqlPage(text, offset);
      expect(page.total).toBe(count);
      expect(page.offset).toBe(offset);
      expect(page.limit).toBe(50);
      seen.push(...page.items.map((course) => course.id));
      expect(page.hasMore).toBe(seen.length < count);
      if (!page.hasMore) break;
      expect(page.items).toHaveLength(50);
      offset += 50;
    }
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
  });

  it('answers an empty last page past the end, still with the total, and no guesses', async () => {
    const page = await graphqlPage(text, 1000);
    expect(page).toEqual({ items: [], total: count, offset: 1000, limit: 50, hasMore: false });
  });
});

it('answers the same first page as the old searchCourses, in natural order ("3" before "10")', async () => {
  const page = await graphqlPage('kotlin', 0, 12);
  const numbers = page.items.map((course) => Number(course.name.split(' ').at(-1)));
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  const old = await given.app.graphql<{ searchCourses: Array<{ name: string }> }>(`{ searchCourses(text: "kotlin", limit: 12) { name } }`);
  expect(old.body.data!.searchCourses.map((course) => course.name)).toEqual(page.items.map((course) => course.name));
});

it('refuses a page larger than 50 or a negative offset, with the rule', async () => {
  for (const [offset, limit, message] of [
    [0, 51, 'limit must be a whole number from 1 to 50'],
    [-1, 10, 'offset must be a whole number from 0 to 100000'],
  ] as const) {
    const { body } = await given.app.graphql(`query ($offset: Int!, $limit: Int!) { courseSearch(text: "web", offset: $offset, limit: $limit) { total } }`, {
      offset,
      limit,
    });
    expect(body.errors?.[0].message).toBe(message);
    expect(body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  }
});

describe('GET /api/courses/searchCourse/{text}', () => {
  it('pages past the 50th match with offset and limit, in the same order as GraphQL', async () => {
    const second = await restPage('web', '?offset=50&limit=50');
    expect(second.status).toBe(200);
    const graphql = await graphqlPage('web', 50);
    expect((second.body as Array<{ _id: string }>).map((course) => course._id)).toEqual(graphql.items.map((course) => course.id));
    const last = await restPage('web', `?offset=${MANY - 10}&limit=50`);
    expect(last.body).toHaveLength(10);
  });

  it('answers 50 at most by default, as before', async () => {
    const first = await restPage('web', '');
    expect(first.body).toHaveLength(50);
  });

  it('refuses paging out of range like /api/courses', async () => {
    for (const query of ['?limit=51', '?offset=-1', '?limit=abc']) {
      const res = await restPage('web', query);
      expect(res.status).toBe(400);
      expect((res.body as { code: string }).code).toBe('BAD_USER_INPUT');
    }
    expect((await restPage('web', '?limit=51')).body).toEqual({
      message: 'limit must be a whole number from 1 to 50',
      code: 'BAD_USER_INPUT',
      category: 'BAD_USER_INPUT',
      field: 'limit',
    });
  });
});
