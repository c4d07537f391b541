/**
 * Rate limits are visible: every answer a limit counted carries the IETF RateLimit header fields,
 * every refusal for a limit `Retry-After`, and GraphQL's refusal `extensions.retryAfterSeconds`.
 */
import { useAppPerFile } from './test/app-per-file';
import { makeCourse, makeUser } from './test/factories';
import { HttpClient, signedInClient } from './test/http-client';
import { Role } from './kernel/role';
import { apiKeyLimit } from './modules/integration/api-key.service';
import { limits } from './shared/rate-limit';

const given = useAppPerFile({ emptyBeforeEach: false });
let admin: HttpClient;

beforeAll(async () => {
  await makeUser(given.db, { email: 'admin@example.com', role: Role.ADMIN }, 'a long enough password');
  admin = await signedInClient(given.app.url, 'admin@example.com', 'a long enough password');
  await makeCourse(given.db, { name: 'Free Bangla grammar', price: 0 });
});

async function keyClient(name: string): Promise<{ id: string; client: HttpClient }> {
  const body = await admin.graphql<{ createApiKey: { secret: string; apiKey: { id: string } } }>(
    `mutation ($name: String!) { createApiKey(name: $name, scopes: [CATALOG_READ]) { secret apiKey { id } } }`,
    { name },
  );
  const client = new HttpClient(given.app.url);
  client.token = body.data!.createApiKey.secret;
  return { id: body.data!.createApiKey.apiKey.id, client };
}

const standing = (res: Response) => ({
  limit: res.headers.get('ratelimit-limit'),
  remaining: res.headers.get('ratelimit-remaining'),
  reset: Number(res.headers.get('ratelimit-reset')),
});

const graphql = (client: HttpClient, query: string) =>
  client.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });

describe('an API key’s answers', () => {
  it('say the limit, what is left and the seconds until the window ends, on REST and GraphQL', async () => {
    const { client } = await keyClient('Counting key');
    const first = await client.request('/api/courses');
    expect(first.status).toBe(200);
    expect(standing(first)).toEqual({ limit: String(apiKeyLimit.max), remaining: String(apiKeyLimit.max - 1), reset: expect.any(Number) as number });
    expect(standing(first).reset).toBeGreaterThan(0);
    expect(standing(first).reset).toBeLessThanOrEqual(apiKeyLimit.windowSeconds);
    expect(first.headers.get('retry-after')).toBeNull();
    const second = await graphql(
      client,
      `
        {
          courses {
            total
          }
        }
      `,
    );
    expect(second.status).toBe(200);
    expect(standing(second).remaining).toBe(String(apiKeyLimit.max - 2));
  });

  it('past the limit are 429 with Retry-After, on REST and GraphQL, with retryAfterSeconds in the body', async () => {
    const { id, client } = await keyClient('Busy key');
    await given.db.query(`INSERT INTO rate_limit (key, hits, "resetAt") VALUES ($1, $2, now() + interval '40 seconds')`, [
      `${apiKeyLimit.name}:${id}`,
      apiKeyLimit.max,
    ]);
    const rest = await client.request('/api/courses');
    expect(rest.status).toBe(429);
    const retryAfter = Number(rest.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(40);
    expect(standing(rest)).toEqual({ limit: String(apiKeyLimit.max), remaining: '0', reset: retryAfter });
    expect(((await rest.json()) as { retryAfterSeconds: number }).retryAfterSeconds).toBe(retryAfter);

    const refused = await graphql(
      client,
      `
        {
          courses {
            total
          }
        }
      `,
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    const body = (await refused.json()) as { errors: Array<{ extensions: { code: string; retryAfterSeconds: number } }> };
    expect(body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) as number });
    expect(body.errors[0].extensions.retryAfterSeconds).toBeLessThanOrEqual(40);
  });
});

describe('a visitor', () => {
  it('reading the catalogue is counted by no limit, and its answers say none', async () => {
    const res = await graphql(
      given.visitor,
      `
        {
          courses {
            total
          }
        }
      `,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBeNull();
  });

  it('sending a form sees the form limit, and past it is refused with Retry-After and retryAfterSeconds', async () => {
    const visitor = new HttpClient(given.app.url);
    visitor.headers['x-forwarded-for'] = '203.0.113.77';
    const subscribe = `mutation { subscribe(email: "reader@example.com") }`;
    const counted = await graphql(visitor, subscribe);
    expect(standing(counted)).toMatchObject({ limit: String(limits.formsPerAddress.max), remaining: String(limits.formsPerAddress.max - 1) });

    await given.db.query(`UPDATE rate_limit SET hits = $2 WHERE key = $1`, [`${limits.formsPerAddress.name}:203.0.113.77`, limits.formsPerAddress.max]);
    const refused = await graphql(visitor, subscribe);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(limits.formsPerAddress.windowSeconds);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    const body = (await refused.json()) as { errors: Array<{ extensions: { code: string; retryAfterSeconds: number } }> };
    expect(body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: retryAfter });
  });
});
