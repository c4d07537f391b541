import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import { webhookServices } from './integration.module';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase } from '../../test/database';
import { makeCourse, makeUser } from '../../test/factories';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { Receiver } from '../../test/webhook-receiver';
import { Role } from '../../kernel/role';

// Each endpoint is delivered on its own: a school whose receiver hangs never holds up another's.
// Workers poll only every POLLING_SECONDS here, longer than an attempt may take: events arrive sooner
// because a committed event wakes its endpoints' workers and a worker with a backlog does not wait.

jest.setTimeout(90_000);

/** A receiver that takes each request and never answers: every attempt ends in the sender's timeout. */
class HangingReceiver {
  readonly arrived: number[] = [];
  readonly givenUp: number[] = [];
  private constructor(readonly server: http.Server) {}

  static async start(): Promise<HangingReceiver> {
    const receiver: HangingReceiver = new HangingReceiver(
      http.createServer((req) => {
        receiver.arrived.push(Date.now());
        req.resume();
        req.socket.on('close', () => receiver.givenUp.push(Date.now()));
      }),
    );
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port() {
    return (this.server.address() as AddressInfo).port;
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let db: DataSource;
let app: TestApp;
let admin: HttpClient;
let student: HttpClient;
let healthy: Receiver;
let hanging: HangingReceiver;
const password = 'a long enough password';
const TIMEOUT_MS = 4000;
const POLLING_SECONDS = 5;

beforeAll(async () => {
  db = await openTestDatabase();
  healthy = await Receiver.start();
  hanging = await HangingReceiver.start();
  app = await startTestApp(
    db,
    { WEBHOOK_ALLOWED_TARGETS: `127.0.0.1:${healthy.port},127.0.0.1:${hanging.port}` },
    {
      overrides: {
        webhooks: (services) =>
          webhookServices(services, { retryDelaySeconds: 1, retryLimit: 2, pollingIntervalSeconds: POLLING_SECONDS, timeoutMs: TIMEOUT_MS }),
      },
    },
  );
  await makeUser(db, { email: 'admin@example.com', role: Role.ADMIN }, password);
  await makeUser(db, { email: 'student@example.com' }, password);
  admin = await signedInClient(app.url, 'admin@example.com', password);
  student = await signedInClient(app.url, 'student@example.com', password);
});
afterAll(async () => {
  await app.close();
  await healthy.close();
  await hanging.close();
  await closeTestDatabase(db);
});

async function register(url: string): Promise<string> {
  const body = await admin.graphql<{ createWebhookEndpoint: { endpoint: { id: string } } }>(
    `mutation ($url: String!) { createWebhookEndpoint(url: $url, events: [ENROLLMENT_CREATED]) { endpoint { id } } }`,
    { url },
  );
  expect(body.errors).toBeUndefined();
  return body.data!.createWebhookEndpoint.endpoint.id;
}

it('a hanging endpoint delays no other: the healthy one has every event, in order, before the hanging one’s first attempt has timed out', async () => {
  // The hanging endpoint is registered first, so a queue shared by both would put its deliveries first.
  await register(`http://127.0.0.1:${hanging.port}/hooks`);
  await register(healthy.url);
  const courses = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => makeCourse(db, { name: `Free course ${n}`, price: 0 })));
  for (const course of courses) {
    const bought = await student.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id }) { status } }`, { id: course.id });
    expect(bought.errors).toBeUndefined();
  }

  const received = await healthy.waitFor(courses.length);
  const allHealthyAt = Date.now();
  const names = received.map((delivery) => (JSON.parse(delivery.body) as { data: { courseId: string } }).data.courseId);
  expect(names).toEqual(courses.map((course) => course.id));
  // The hanging endpoint was tried, and its first attempt had not ended yet (the sender gives up after TIMEOUT_MS).
  expect(hanging.givenUp.filter((at) => at <= allHealthyAt)).toEqual([]);

  // It is retried on its own: the same delivery again after the timeout, while the healthy endpoint has nothing more.
  const deadline = Date.now() + 60_000;
  while (hanging.arrived.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  expect(hanging.arrived.length).toBeGreaterThanOrEqual(2);
  expect(hanging.givenUp.length).toBeGreaterThanOrEqual(1);
  expect(healthy.received).toHaveLength(courses.length);
});
