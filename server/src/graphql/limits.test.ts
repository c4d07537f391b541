import { serverAudits } from 'graphql-http';
import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../test/app';
import { closeTestDatabase, openTestDatabase } from '../test/database';

let db: DataSource;
let app: TestApp;
beforeAll(async () => {
  db = await openTestDatabase();
  app = await startTestApp(db);
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});

const firstError = async (query: string) => (await app.graphql(query)).body.errors![0];

describe('GraphQL limits', () => {
  it('lets the client\'s own deepest queries through', async () => {
    const query = `{ courses { items { lessons { id title } } } reviews { items { name } } }`;
    expect((await app.graphql(query)).body.errors).toBeUndefined();
  });

  it('refuses too many aliases, tokens and directives with clear messages', async () => {
    const aliases = `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: courses { total }`).join(' ')} }`;
    const aliasError = await firstError(aliases);
    expect(aliasError.message).toMatch(/Aliases limit of 15 exceeded/);
    expect(aliasError.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const tokens = `{ courses { ${'total '.repeat(5_001)} } }`;
    expect((await firstError(tokens)).message).toMatch(/Token limit of 5000 exceeded/);
    const directives = `{ courses { total ${'@include(if: true) '.repeat(51)} } }`;
    expect((await firstError(directives)).message).toMatch(/Directives limit of 50 exceeded/);
  });

  it('refuses an expensive query by its cost', async () => {
    const fields = 'id name description price photoURL ratings instructor instructorEmail keyPoints targetedPeoples whyNeed lessonCount';
    const selection = `items { ${fields} lessons { id title position videoURL completed lastPosition } }`;
    const costly = `{ ${Array.from({ length: 15 }, (_, i) => `c${i}: courses(limit: 50) { ${selection.repeat(6)} }`).join(' ')} }`;
    expect((await firstError(costly)).message).toMatch(/Query Cost limit of 1000 exceeded/);
  });
});

describe('GraphQL over HTTP', () => {
  it('passes the graphql-http server audits with no audit answering error', async () => {
    const results = await Promise.all(serverAudits({ url: `${app.url}/graphql`, fetchFn: fetch }).map((audit) => audit.fn()));
    const errors = results.flatMap((result) => (result.status === 'error' ? [`${result.name}: ${result.reason}`] : []));
    expect(errors).toEqual([]);
  });
});
