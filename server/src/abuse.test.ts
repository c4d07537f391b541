/**
 * Generated input against every GraphQL operation and REST path: never a 500, never a stack trace
 * or SQL in an answer, and nothing written by a request that was refused.
 */
import fc from 'fast-check';
import { getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import type { Pool } from 'pg';
import { useAppPerFile } from './test/app-per-file';
import { makeCourse, makeUser } from './test/factories';
import { HttpClient, signedInClient } from './test/http-client';
import { Role } from './kernel/role';

let clients: HttpClient[];
let operations: Array<{ kind: 'query' | 'mutation'; name: string; object: boolean; args: Array<{ name: string; type: string }> }>;

// Case matters: SQL keywords leak in capitals, while "select" is an ordinary word in our messages.
const LEAKS = /("stack"|\bat \S+ \(\/|\bSELECT |\bINSERT INTO|\bUPDATE "|relation "|syntax error at or near|QueryFailedError)/;

/** Everything stored, except the counters a refused sign-in is meant to bump (rate limits, sign-in code figures). */
let fingerprintSql: string | undefined;
async function storedFingerprint(): Promise<string> {
  // The tables are read once (information_schema is slow to ask) and the statement is named, so each
  // connection plans it once: the test asks for the fingerprint some 600 times.
  if (!fingerprintSql) {
    const tables: Array<{ name: string }> = await given.db.query(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('rate_limit', 'sign_in_code_stat', 'migrations')
        ORDER BY table_name`,
    );
    fingerprintSql = tables
      .map(({ name }) => `SELECT '${name}' || ':' || md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS part FROM "${name}" t`)
      .join(' UNION ALL ');
  }
  const pool = (given.db.driver as unknown as { master: Pool }).master;
  const { rows } = await pool.query<{ part: string }>({ name: 'stored-fingerprint', text: fingerprintSql });
  // UNION ALL promises no order (a parallel append answers its parts as they finish): sorted here.
  return rows
    .map((row) => row.part)
    .sort()
    .join(' ');
}

/** A refused answer: errors and no value for the operation. */
function refused(text: string, operationName: string): boolean {
  const body = JSON.parse(text) as { errors?: unknown[]; data?: Record<string, unknown> | null };
  return Boolean(body.errors?.length) && (body.data == null || body.data[operationName] == null);
}

const given = useAppPerFile({ emptyBeforeEach: false });
beforeAll(async () => {
  await makeCourse(given.db, { name: 'Algebra', price: 0 });
  await makeUser(given.db, { email: 'student@example.com' }, 'a shared password');
  await makeUser(given.db, { email: 'boss@example.com', role: Role.ADMIN }, 'a shared password');
  clients = [
    new HttpClient(given.app.url),
    await signedInClient(given.app.url, 'student@example.com', 'a shared password'),
    await signedInClient(given.app.url, 'boss@example.com', 'a shared password'),
  ];
  const { data } = await clients[0].graphql<IntrospectionQuery>(getIntrospectionQuery());
  const typeName = (t: { kind: string; name?: string | null; ofType?: unknown }): string =>
    t.kind === 'NON_NULL' ? `${typeName(t.ofType as never)}!` : t.kind === 'LIST' ? `[${typeName(t.ofType as never)}]` : t.name!;
  type TypeRef = { kind: string; name?: string | null; ofType?: TypeRef | null };
  const named = (t: TypeRef): TypeRef => (t.ofType ? named(t.ofType) : t);
  const rootFields = (name: string) =>
    (
      data!.__schema.types.find((t) => t.name === name) as unknown as {
        fields: Array<{ name: string; type: TypeRef; args: Array<{ name: string; type: never }> }>;
      }
    ).fields;
  operations = (['query', 'mutation'] as const).flatMap((kind) =>
    rootFields(kind === 'query' ? 'Query' : 'Mutation').map((field) => ({
      kind,
      name: field.name,
      object: named(field.type).kind === 'OBJECT',
      args: field.args.map((arg) => ({ name: arg.name, type: typeName(arg.type) })),
    })),
  );
});

/** Any JSON value, including the awkward ones: huge numbers, odd strings, nesting. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', '%', "'; DROP TABLE course; --", '00000000-0000-4000-8000-000000000000', '../../etc/passwd', '<script>', '\u0000'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null)), { maxKeys: 4 }),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }),
);

describe('abuse', () => {
  it('refuses the NUL character in variables, document strings, REST bodies and paths, storing nothing', async () => {
    const before = await storedFingerprint();
    const signUp = 'mutation($input: SignUpInput!) { signUp(input: $input) { accessToken } }';
    const input = { name: 'A\u0000', email: 'nul@example.com', password: 'long enough', phone: '01712345678', birthDate: '2000-01-01', role: 'student' };
    const answers = [
      await clients[0].request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: signUp, variables: { input } }),
      }),
      await clients[0].request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'mutation { login(email: "a\\u0000@example.com", password: "x") { accessToken } }' }),
      }),
      await clients[2].request('/api/courses', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bad\u0000' }),
      }),
      await clients[0].request('/api/courses/searchCourse/a%00b'),
    ];
    for (const res of answers) {
      expect(res.status).toBeLessThan(500);
      expect(await res.text()).toContain('"Text must not contain the NUL character"');
    }
    expect(await storedFingerprint()).toBe(before);
  });

  it('refuses any text over 10000 characters, in GraphQL variables, GraphQL strings, REST bodies and query strings, storing nothing', async () => {
    const before = await storedFingerprint();
    const long = 'x'.repeat(10_001);
    const post = (path: string, body: unknown, client = clients[0]) =>
      client.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const contact = 'mutation ($input: ContactInput!) { submitContactMessage(input: $input) }';
    const answers = [
      [
        await post('/graphql', { query: contact, variables: { input: { name: 'A', email: 'a@example.com', message: long } } }),
        'variables.input.message must be at most 10000 characters',
      ],
      [
        await post('/graphql', { query: `mutation { submitContactMessage(input: { name: "A", email: "a@example.com", message: "${long}" }) }` }),
        'A text in the query must be at most 10000 characters',
      ],
      [await post('/api/courses', { name: long, description: 'd' }, clients[2]), 'name must be at most 10000 characters'],
      [await clients[0].request(`/api/courses?offset=0&sort=${long}`), 'sort must be at most 10000 characters'],
    ] as const;
    for (const [res, message] of answers) {
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message?: string; errors?: Array<{ message: string }> };
      expect(body.message ?? body.errors![0].message).toBe(message);
    }
    expect(await storedFingerprint()).toBe(before);
  });

  it('answers every GraphQL operation with generated variables without a 500, a leak or a write when refused', async () => {
    let before = await storedFingerprint();
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), fc.array(anyValue, { minLength: 5, maxLength: 5 }), async (opIndex, clientIndex, values) => {
        const operation = operations[opIndex % operations.length];
        const client = clients[clientIndex % clients.length];
        const declared = operation.args.map((arg) => `$${arg.name}: ${arg.type}`).join(', ');
        const passed = operation.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
        const variables = Object.fromEntries(operation.args.map((arg, i) => [arg.name, values[i % values.length]]));
        const selection = operation.object ? ' { __typename }' : '';
        const query = `${operation.kind} Generated${declared ? `(${declared})` : ''} { ${operation.name}${passed ? `(${passed})` : ''}${selection} }`;
        const res = await client.request('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables }),
        });
        const text = await res.text();
        expect(res.status).toBeLessThan(500);
        expect(text).not.toMatch(LEAKS);
        expect(text).not.toContain('INTERNAL_SERVER_ERROR');
        if (refused(text, operation.name)) expect(await storedFingerprint()).toBe(before);
        else before = await storedFingerprint();
      }),
      { numRuns: 300 },
    );
    // 300 requests and some 600 fingerprints of every table: about 25 s alone on a two-core machine,
    // more beside the other test lanes; a bound far above it, not the 30 s default.
  }, 180_000);

  it('answers generated and broken GraphQL documents with a 4xx, never a 500', async () => {
    const pieces = [
      '{',
      '}',
      '(',
      ')',
      ':',
      '$',
      '@',
      '...',
      'query',
      'mutation',
      'subscription',
      'fragment',
      'on',
      'courses',
      'items',
      'limit:',
      '50',
      '"x"',
      '#',
      'a',
      ' ',
      '\n',
    ];
    const documents = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join('')),
      fc.nat().map((cut) => {
        const operation = operations[cut % operations.length];
        const text = `${operation.kind} { ${operation.name}${operation.object ? ' { __typename }' : ''} }`;
        return text.slice(0, cut % (text.length + 1));
      }),
    );
    await fc.assert(
      fc.asyncProperty(documents, fc.nat(), async (query, clientIndex) => {
        const res = await clients[clientIndex % clients.length].request('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query }),
        });
        const text = await res.text();
        expect(res.status).toBeLessThan(500);
        expect(text).not.toContain('INTERNAL_SERVER_ERROR');
      }),
      { numRuns: 300 },
    );
  });

  it('answers every REST path with generated bodies and path parts without a 500 or a leak', async () => {
    const paths = [
      '/api/courses',
      '/api/courses/X',
      '/api/courses/searchCourse/X',
      '/api/users',
      '/api/users/X',
      '/api/users/getUserByEmail/X',
      '/api/enroll/X',
      '/api/enroll',
      '/api/questions/X/picture',
      '/api/questions/X/picture/X.png',
      '/api/receipts/X',
      '/api/receipts/X/pdf',
      '/payment',
      '/create-checkout-session',
      '/webhooks/stripe',
      '/hooks/payments/X',
      '/hooks/payments/X/return/X',
      '/test-mode/payment-methods',
      '/test-mode/payments/X/authenticate',
      '/Course.json',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc.string({ minLength: 1, maxLength: 30 }),
        anyValue,
        fc.nat(),
        fc.boolean(),
        async (path, method, part, body, clientIndex, raw) => {
          const client = clients[clientIndex % clients.length];
          // Raw parts carry what a hand-written address may: a lone `%`, `%ZZ`, a broken UTF-8 escape.
          const rawPart = raw ? `${part.replace(/[/?#]/g, '')}%${part.slice(0, 2)}` : encodeURIComponent(part);
          const res = await client.request(path.replace('X', rawPart), {
            method,
            headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
            body: method === 'GET' ? undefined : JSON.stringify(body),
          });
          const text = await res.text();
          expect(res.status).toBeLessThan(500);
          // Pages of the site (the single-page app) are not API answers.
          if (res.headers.get('content-type')?.includes('json')) expect(text).not.toMatch(LEAKS);
        },
      ),
      { numRuns: 300 },
    );
  });
});
