import { buildSchema, graphql, type GraphQLResolveInfo } from 'graphql';
import { selectedFieldNames } from './selected-fields';

const schema = buildSchema(`
  type Item { id: ID, name: String, price: Float, tags: [String] }
  type Page { total: Int, items: [Item] }
  type Query { page: Page }
`);

/** Runs `query` and answers what selectedFieldNames saw from the `page` field's resolver. */
async function seen(query: string, path: string[]): Promise<string[]> {
  let names: Set<string> = new Set();
  const result = await graphql({
    schema,
    source: query,
    rootValue: {
      page: (_args: unknown, _context: unknown, info: GraphQLResolveInfo) => {
        names = selectedFieldNames(info, path);
        return { total: 0, items: [] };
      },
    },
  });
  expect(result.errors).toBeUndefined();
  return [...names].sort();
}

describe('selectedFieldNames', () => {
  it('lists the fields below a path', async () => {
    expect(await seen('{ page { total items { id name } } }', ['items'])).toEqual(['id', 'name']);
    expect(await seen('{ page { total items { id } } }', [])).toEqual(['items', 'total']);
  });

  it('follows named and inline fragments and aliases', async () => {
    const query = `{ page { items { cost: price ...Card ... on Item { tags } } } } fragment Card on Item { id name }`;
    expect(await seen(query, ['items'])).toEqual(['id', 'name', 'price', 'tags']);
  });

  it('answers nothing when the path is not selected', async () => {
    expect(await seen('{ page { total } }', ['items'])).toEqual([]);
  });
});
