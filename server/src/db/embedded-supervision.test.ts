/**
 * The server with its own embedded PostgreSQL, as a real process: when the postmaster is killed,
 * the server starts it again and serves without a restart, losing nothing committed; when it
 * cannot be brought back, /healthz fails so an orchestrator restarts the process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, type QueryResultRow } from 'pg';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { DATABASE_UNAVAILABLE } from '../shared/database-down';

jest.setTimeout(120_000);

let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shikhon-supervised-'));
  // Without the public response cache, every answer below comes from the database.
  server = await startServerProcess(null, { DATA_DIR: dataDir, GRAPHQL_RESPONSE_CACHE: 'false' });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The postmaster's pid and port, from the file PostgreSQL keeps in its cluster folder. */
function postmaster(): { pid: number; port: number } {
  const lines = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

async function sql<Row extends QueryResultRow = QueryResultRow>(query: string, values: unknown[] = []): Promise<Row[]> {
  const { user, password } = JSON.parse(fs.readFileSync(path.join(dataDir, 'postgres-credentials.json'), 'utf8')) as { user: string; password: string };
  const client = new Client({ host: '127.0.0.1', port: postmaster().port, user, password, database: 'shikhon' });
  await client.connect();
  try {
    return (await client.query<Row>(query, values)).rows;
  } finally {
    await client.end();
  }
}

const courseName = async (id: string) => {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query ($id: ID!) { course(id: $id) { name } }', variables: { id } }),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as { data?: { course: { name: string } }; errors?: Array<{ message: string }> },
  };
};

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, seconds: number): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${seconds} s:\n${server.logs.slice(-20).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the supervised embedded PostgreSQL', () => {
  it('is restarted after the postmaster is killed: 503 with Retry-After meanwhile, then everything as it was', async () => {
    const [course] = await sql<{ id: string }>(`SELECT id FROM course WHERE published ORDER BY id LIMIT 1`);
    await sql(`UPDATE course SET name = 'Written just before the crash' WHERE id = $1`, [course.id]);
    expect((await courseName(course.id)).body.data!.course.name).toBe('Written just before the crash');
    const before = postmaster().pid;

    process.kill(before, 'SIGKILL');
    const meanwhile = await waitFor(
      'the outage to reach the API',
      async () => {
        const answer = await courseName(course.id);
        return answer.status === 503 ? answer : undefined;
      },
      10,
    );
    expect(meanwhile).toMatchObject({ status: 503, retryAfter: '5', body: { errors: [{ message: DATABASE_UNAVAILABLE }] } });
    const rest = await fetch(`${server.url}/api/courses/${course.id}`);
    expect(rest.status).toBe(503);
    expect(rest.headers.get('retry-after')).toBe('5');
    // The process itself stays healthy: it is fixing this on its own.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    const back = await waitFor(
      'recovery',
      async () => {
        const answer = await courseName(course.id);
        return answer.status === 200 ? answer : undefined;
      },
      30,
    );
    expect(back.body).toEqual({ data: { course: { name: 'Written just before the crash' } } });
    expect(postmaster().pid).not.toBe(before);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(server.logs.some((line) => line.includes('embedded PostgreSQL stopped unexpectedly: restarting it'))).toBe(true);
    expect(server.logs.some((line) => line.includes('embedded PostgreSQL restarted'))).toBe(true);
  });

  it('fails /healthz when the cluster cannot be brought back', async () => {
    await waitFor('the database serving', async () => ((await fetch(`${server.url}/readyz`)).status === 200 ? true : undefined), 30);
    const { pid } = postmaster();
    // The cluster's folder is gone (a lost volume): no restart can succeed.
    fs.renameSync(path.join(dataDir, 'postgres'), path.join(dataDir, 'postgres-lost'));
    process.kill(pid, 'SIGKILL');
    const failed = await waitFor(
      'the health check failing',
      async () => {
        const res = await fetch(`${server.url}/healthz`);
        return res.status === 503 ? await res.json() : undefined;
      },
      40,
    );
    expect(failed).toEqual({ status: 'failed', database: 'could not be restarted' });
    expect((await fetch(`${server.url}/api/courses`)).status).toBe(503);
    expect(server.logs.some((line) => line.includes('embedded PostgreSQL could not be restarted'))).toBe(true);
  });
});
