import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../db/data-source';
import { startTestApp, type TestApp } from '../test/app';
import { closeTestDatabase, openTestDatabase, testLog } from '../test/database';
import { makeCourse, makeUser } from '../test/factories';
import { signedInClient } from '../test/http-client';

/**
 * A TCP relay between the server and PostgreSQL that the test can cut and restore, standing in
 * for the database going down and coming back while the server keeps running.
 */
class DatabaseLink {
  private server?: net.Server;
  private sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async down(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

let owner: DataSource;
let viaLink: DataSource;
let link: DatabaseLink;
let app: TestApp;

beforeAll(async () => {
  owner = await openTestDatabase();
  await makeCourse(owner, { name: 'Algebra' });
  const url = new URL((owner.options as { url: string }).url);
  link = new DatabaseLink({ host: url.hostname, port: Number(url.port) });
  await link.up();
  url.port = String(link.port);
  viaLink = createDataSource(url.toString(), testLog, 3);
  await viaLink.initialize();
  app = await startTestApp(viaLink);
});
afterAll(async () => {
  await app.close();
  await viaLink.destroy().catch(() => undefined);
  await link.down();
  await closeTestDatabase(owner);
});

describe('when the database goes down and comes back', () => {
  it('answers a clear 503 quickly meanwhile, and works again afterwards without a restart', async () => {
    expect((await fetch(`${app.url}/api/courses`)).status).toBe(200);
    await makeUser(owner, { email: 'outage@example.com' }, 'an outage password');
    const student = await signedInClient(app.url, 'outage@example.com', 'an outage password');
    await link.down();

    const started = Date.now();
    const rest = await fetch(`${app.url}/api/courses`);
    expect(rest.status).toBe(503);
    expect(rest.headers.get('retry-after')).toBe('5');
    expect(await rest.json()).toEqual({ message: 'The service is briefly unavailable. Please try again in a moment.' });
    const graphql = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ courses { items { name } } }' }),
    });
    expect(graphql.status).toBe(503);
    expect(graphql.headers.get('retry-after')).toBe('5');
    expect(((await graphql.json()) as { errors: unknown[] }).errors[0]).toMatchObject({
      message: 'The service is briefly unavailable. Please try again in a moment.',
      extensions: { code: 'SERVICE_UNAVAILABLE' },
    });
    // A signed-in student's answer (the session is read before GraphQL runs) is a GraphQL answer too, never a REST-shaped one.
    for (const query of [
      '{ me { name } }',
      'mutation { saveAnswer(attemptId: "00000000-0000-4000-8000-000000000000", questionId: "q", optionId: "o") { optionId } }',
    ]) {
      const signedIn = await student.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
      expect(signedIn.status).toBe(503);
      expect(((await signedIn.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    }
    expect((await fetch(`${app.url}/readyz`)).status).toBe(503);
    // Fails fast: the pool gives up on a connection after 2 s, well before a visitor gives up.
    expect(Date.now() - started).toBeLessThan(15_000);

    await link.up();
    const back = await fetch(`${app.url}/api/courses`);
    expect(back.status).toBe(200);
    expect(((await back.json()) as Array<{ name: string }>).map((c) => c.name)).toEqual(['Algebra']);
  });
});
