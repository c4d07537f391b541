import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { createApp, type App } from '../app';
import { loadEnv } from '../config/env';
import { TEST_JWT_SECRET } from '../test/app';
import { closeTestDatabase, openTestDatabase } from '../test/database';

let db: DataSource;
let app: App;
let url: string;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  db = await openTestDatabase();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', JWT_SECRET: TEST_JWT_SECRET, GRAPHQL_RESPONSE_CACHE: 'false' });
  app = await createApp({ env, db, log: pino({ level: 'info' }, sink) });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.apollo.stop();
  app.server.closeAllConnections();
  await closeTestDatabase(db);
});

async function accessLine(requestId: string, send: () => Promise<Response>) {
  await (await send()).text();
  // The line is written when the response finishes, just after the client has it.
  for (let i = 0; i < 50 && !lines.some((line) => line.requestId === requestId && line.msg === 'request'); i++) await new Promise((r) => setTimeout(r, 10));
  return lines.find((line) => line.requestId === requestId && line.msg === 'request');
}

const graphql = (requestId: string, body: unknown) => () =>
  fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-request-id': requestId }, body: JSON.stringify(body) });

describe('the access log', () => {
  it('never writes a signed stream token (an address that plays for anyone until it expires)', async () => {
    const token = 'v1.0123456789abcdef.SecretSignaturePart';
    const line = await accessLine('stream-request-1', () =>
      fetch(`${url}/media/lessons/00000000-0000-4000-8000-000000000001/${token}/master.m3u8`, { headers: { 'x-request-id': 'stream-request-1' } }),
    );
    expect(line).toBeDefined();
    expect(JSON.stringify(line)).not.toContain('SecretSignaturePart');
    expect(line!.path).toBe('/media/lessons/00000000-0000-4000-8000-000000000001/[token]/master.m3u8');
  });

  it('names the GraphQL operation and gives the whole path', async () => {
    const named = await accessLine(
      'named-request-1',
      graphql('named-request-1', { query: 'query CourseCount { courses { total } }', operationName: 'CourseCount' }),
    );
    expect(named).toMatchObject({ method: 'POST', path: '/graphql', operation: 'CourseCount', status: 200 });
    const unnamed = await accessLine('unnamed-request-1', graphql('unnamed-request-1', { query: 'query CourseCount { courses { total } }' }));
    expect(unnamed).toMatchObject({ path: '/graphql', operation: 'CourseCount' });
    const anonymous = await accessLine('anonymous-request-1', graphql('anonymous-request-1', { query: '{ courses { total } }' }));
    expect(anonymous).toMatchObject({ path: '/graphql', operation: 'anonymous query' });
    const rest = await accessLine('rest-request-1', () => fetch(`${url}/api/courses?limit=1`, { headers: { 'x-request-id': 'rest-request-1' } }));
    expect(rest).toMatchObject({ method: 'GET', path: '/api/courses', status: 200 });
    expect(rest).not.toHaveProperty('operation');
  });
});
