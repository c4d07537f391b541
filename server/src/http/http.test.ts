import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../test/app';
import { closeTestDatabase, openTestDatabase } from '../test/database';

let db: DataSource;
let app: TestApp;
let clientDist: string;
const APP_SCRIPT = `console.log(${JSON.stringify('a built script '.repeat(200))});`;

beforeAll(async () => {
  db = await openTestDatabase();
  clientDist = fs.mkdtempSync(path.join(os.tmpdir(), 'client-dist-'));
  fs.writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><title>Shikhon app</title>');
  fs.writeFileSync(path.join(clientDist, 'playground.html'), '<!doctype html><title>GraphQL playground</title>');
  fs.mkdirSync(path.join(clientDist, 'assets'));
  fs.writeFileSync(path.join(clientDist, 'assets', 'app-abc123.js'), APP_SCRIPT);
  fs.writeFileSync(path.join(clientDist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(APP_SCRIPT));
  fs.writeFileSync(path.join(clientDist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(APP_SCRIPT));
  app = await startTestApp(db, { CLIENT_DIST: clientDist });
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
  fs.rmSync(clientDist, { recursive: true, force: true });
});

describe('health', () => {
  it('says the process is up and the database is reachable', async () => {
    expect(await (await fetch(`${app.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 503 on /readyz when the database is gone', async () => {
    const other = await openTestDatabase();
    const otherApp = await startTestApp(other);
    await closeTestDatabase(other);
    try {
      const res = await fetch(`${otherApp.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', database: 'down' });
    } finally {
      await otherApp.close();
    }
  });
});

describe('security', () => {
  it('sends security headers with a content security policy and a request id', async () => {
    const res = await fetch(`${app.url}/healthz`);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('permissions-policy')).toBe(
      'camera=(), microphone=(), geolocation=(), display-capture=(), usb=(), serial=(), hid=(), midi=(), magnetometer=(), payment=(self "https://js.stripe.com")',
    );
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a GraphQL GET that could be a cross-site request forgery', async () => {
    const res = await fetch(`${app.url}/graphql?query=${encodeURIComponent('{ courses { total } }')}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('CSRF');
  });

  it('accepts a GraphQL GET that carries the preflight header', async () => {
    const res = await fetch(`${app.url}/graphql?query=${encodeURIComponent('{ courses { total } }')}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { courses: { total: 0 } } });
  });

  it('refuses a request body over the limit', async () => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ courses { total } } # ${'x'.repeat(200_000)}` }),
    });
    expect(res.status).toBe(413);
    // A GraphQL answer, which GraphQL clients read like any other error.
    expect(await res.json()).toEqual({
      errors: [{ message: 'The request body is too large', extensions: { code: 'BODY_TOO_LARGE', category: 'BAD_USER_INPUT' } }],
    });
  });

  it('answers 400, not 500, to a small body nested thousands deep, on GraphQL and REST', async () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    expect(deep.length).toBeLessThan(40_000);
    const graphql = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"query":"query ($x: String) { courses { total } }","variables":{"x":${deep}}}`,
    });
    expect(graphql.status).toBe(400);
    expect(await graphql.json()).toEqual({
      errors: [{ message: 'The request is nested too deeply', extensions: { code: 'BAD_USER_INPUT', category: 'BAD_USER_INPUT' } }],
    });
    const rest = await fetch(`${app.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep });
    expect(rest.status).toBe(400);
    // Ordinary nesting (a course with lessons inside variables) still passes.
    const ordinary = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ courses { total } }', variables: { a: { b: [{ c: { d: 'x' } }] } } }),
    });
    expect(ordinary.status).toBe(200);
  });

  it('refuses batched GraphQL requests', async () => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ courses { total } }' }, { query: '{ courses { total } }' }]),
    });
    expect(res.status).toBe(400);
  });

  it('masks unexpected GraphQL errors behind a reference id', async () => {
    const other = await openTestDatabase();
    const otherApp = await startTestApp(other);
    await other.query('DROP TABLE "lesson", "course" CASCADE');
    try {
      const { body } = await otherApp.graphql('{ courses { items { name } } }');
      const error = body.errors![0];
      expect(error.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      expect(error.message).toMatch(/^Something went wrong on our side\. Reference: [0-9a-f-]{36}$/);
      expect(error.message).toContain(error.extensions?.reference as string);
      expect(JSON.stringify(body)).not.toMatch(/relation|SELECT|stack/i);
    } finally {
      await otherApp.close();
      await closeTestDatabase(other);
    }
  });

  it('adds the stack trace to a masked error when GRAPHQL_STACKTRACES is on', async () => {
    const other = await openTestDatabase();
    const otherApp = await startTestApp(other, { GRAPHQL_STACKTRACES: 'true' });
    await other.query('DROP TABLE "lesson", "course" CASCADE');
    try {
      const { body } = await otherApp.graphql('{ courses { items { name } } }');
      const error = body.errors![0];
      expect(error.message).toMatch(/^Something went wrong on our side\. Reference: /);
      expect((error.extensions?.stacktrace as string[])[0]).toMatch(/relation "course" does not exist/);
    } finally {
      await otherApp.close();
      await closeTestDatabase(other);
    }
  });
});

describe('pages', () => {
  it('sends the precompressed copy of a built file to a browser that takes it, and the file to one that does not', async () => {
    const asset = (encoding: string) => fetch(`${app.url}/assets/app-abc123.js`, { headers: { 'accept-encoding': encoding } });
    const brotli = await asset('gzip, deflate, br');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(await brotli.text()).toBe(APP_SCRIPT);
    const gzip = await asset('gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(APP_SCRIPT);
    const plain = await asset('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(APP_SCRIPT);
  });

  it('shows the bundled GraphQL playground to a browser on GET /graphql', async () => {
    const res = await fetch(`${app.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('GraphQL playground');
  });

  it('serves the client for its routes and keeps API misses as JSON', async () => {
    const page = await fetch(`${app.url}/allCourses`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('Shikhon app');
    const api = await fetch(`${app.url}/api/unknown`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Route not found!' });
  });
});
