import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase } from '../../test/database';
import { makeCourse, makeUser } from '../../test/factories';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { Role } from '../user/role';
import { AuditEntry } from '../audit/audit.entity';
import { WebhookEndpoint } from './webhook.entity';

// A school's system learns of enrollments as they happen: each event is POSTed to its endpoint,
// signed with the endpoint's secret (Stripe's scheme), retried when the endpoint fails, and can be
// sent again by an admin.

jest.setTimeout(60_000);

let db: DataSource;
let app: TestApp;
let admin: HttpClient;
let student: HttpClient;
let receiver: Receiver;

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server standing in for a school's endpoint: answers each request with the next status. */
class Receiver {
  readonly received: Received[] = [];
  statuses: number[] = [];
  private waiters: Array<() => void> = [];
  private constructor(readonly server: http.Server) {}

  static async start(): Promise<Receiver> {
    const receiver: Receiver = new Receiver(
      http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          receiver.received.push({ headers: req.headers, body });
          res.statusCode = receiver.statuses.shift() ?? 200;
          res.end('ok');
          receiver.waiters.splice(0).forEach((wake) => wake());
        });
      }),
    );
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  async waitFor(count: number, timeoutMs = 20_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${this.received.length} of ${count} deliveries arrived`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return this.received.slice(0, count);
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The verification an integrator writes (README): the signature over "t.body", and a fresh timestamp. */
function verify(secret: string, header: string, body: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) <= toleranceSeconds;
  return fresh && expected.length === parts.v1?.length && timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1));
}

const password = 'a long enough password';

beforeAll(async () => {
  db = await openTestDatabase();
  // Retries a second apart instead of 20 seconds, so the test sees them.
  app = await startTestApp(db, {}, { webhookRetries: { retryDelaySeconds: 1, retryLimit: 3, pollingIntervalSeconds: 0.5 } });
  await makeUser(db, { email: 'admin@example.com', role: Role.ADMIN }, password);
  await makeUser(db, { email: 'student@example.com' }, password);
  admin = await signedInClient(app.url, 'admin@example.com', password);
  student = await signedInClient(app.url, 'student@example.com', password);
  receiver = await Receiver.start();
});
afterAll(async () => {
  await app.close();
  await receiver.close();
  await closeTestDatabase(db);
});

async function register(events: string[]): Promise<{ id: string; secret: string }> {
  const body = await admin.graphql<{ createWebhookEndpoint: { secret: string; endpoint: { id: string } } }>(
    `mutation ($url: String!, $events: [WebhookEventType!]!) { createWebhookEndpoint(url: $url, events: $events) { secret endpoint { id url events } } }`,
    { url: receiver.url, events },
  );
  expect(body.errors).toBeUndefined();
  return { id: body.data!.createWebhookEndpoint.endpoint.id, secret: body.data!.createWebhookEndpoint.secret };
}

interface DeliveryRow {
  id: string;
  eventId: string;
  status: string;
  attempts: number;
  attemptLog: Array<{ statusCode: number | null; error: string | null }>;
}

async function deliveries(endpointId: string, after?: string): Promise<{ items: DeliveryRow[]; endCursor: string | null; total: number }> {
  const body = await admin.graphql<{ webhookDeliveries: { items: DeliveryRow[]; endCursor: string | null; total: number } }>(
    `query ($id: ID!, $after: String) { webhookDeliveries(endpointId: $id, after: $after) { total endCursor items { id eventId status attempts attemptLog { statusCode error } } } }`,
    { id: endpointId, after },
  );
  expect(body.errors).toBeUndefined();
  return body.data!.webhookDeliveries;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it('delivers a correctly signed enrollment.created after a purchase; a failing endpoint is retried until it succeeds; a resend carries the same event id', async () => {
  const endpoint = await register(['ENROLLMENT_CREATED']);
  // The endpoint fails twice, then takes the delivery.
  receiver.statuses = [500, 503];
  const course = await makeCourse(db, { name: 'Free Bangla grammar', price: 0 });
  const bought = await student.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id }) { status } }`, { id: course.id });
  expect(bought.errors).toBeUndefined();

  const attempts = await receiver.waitFor(3);
  const [first, , third] = attempts;
  for (const attempt of attempts) {
    expect(verify(endpoint.secret, String(attempt.headers['shikhon-signature']), attempt.body)).toBe(true);
    expect(attempt.headers['content-type']).toBe('application/json');
  }
  // Every attempt carries the same event, signed afresh.
  expect(third.body).toBe(first.body);
  expect(verify('whsec_another', String(first.headers['shikhon-signature']), first.body)).toBe(false);
  const event = JSON.parse(first.body) as { id: string; type: string; createdAt: string; data: Record<string, unknown> };
  expect(event).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
    type: 'enrollment.created',
    createdAt: expect.any(String) as string,
    data: expect.objectContaining({ courseId: course.id, courseName: 'Free Bangla grammar', email: 'student@example.com', amount: 0 }) as object,
  });

  const [delivery] = (
    await until(
      () => deliveries(endpoint.id),
      (page) => page.items[0]?.status === 'SUCCEEDED',
    )
  ).items;
  expect(delivery).toMatchObject({ eventId: event.id, status: 'SUCCEEDED', attempts: 3 });
  expect(delivery.attemptLog.map((attempt) => attempt.statusCode)).toEqual([500, 503, 200]);
  expect(delivery.attemptLog[0].error).toBe('The endpoint answered 500');

  const resent = await admin.graphql<{ resendWebhookDelivery: { id: string; eventId: string } }>(
    `mutation ($id: ID!) { resendWebhookDelivery(id: $id) { id eventId } }`,
    { id: delivery.id },
  );
  expect(resent.errors).toBeUndefined();
  expect(resent.data!.resendWebhookDelivery.eventId).toBe(event.id);
  const [, , , again] = await receiver.waitFor(4);
  expect((JSON.parse(again.body) as { id: string }).id).toBe(event.id);
  expect(verify(endpoint.secret, String(again.headers['shikhon-signature']), again.body)).toBe(true);

  // Newest first, and a cursor goes on below the last one seen.
  const page = await deliveries(endpoint.id);
  expect(page.items.map((item) => item.id)).toEqual([resent.data!.resendWebhookDelivery.id, delivery.id]);
  const next = await deliveries(
    endpoint.id,
    (
      await admin.graphql<{ webhookDeliveries: { endCursor: string } }>(`query ($id: ID!) { webhookDeliveries(endpointId: $id, limit: 1) { endCursor } }`, {
        id: endpoint.id,
      })
    ).data!.webhookDeliveries.endCursor,
  );
  expect(next.items.map((item) => item.id)).toEqual([delivery.id]);
  const audited = await db.getRepository(AuditEntry).findBy({ action: 'RESEND_WEBHOOK_DELIVERY' as AuditEntry['action'] });
  expect(audited).toHaveLength(1);
});

it('sends nothing for an event the endpoint did not ask for, and nothing when the action fails', async () => {
  const before = receiver.received.length;
  await register(['COURSE_PUBLISHED']);
  const paid = await makeCourse(db, { name: 'Paid course', price: 12 });
  const refused = await student.graphql(
    `mutation ($id: ID!) { purchaseCourse(input: { courseId: $id, paymentMethod: "pm_card_chargeDeclined" }) { status } }`,
    {
      id: paid.id,
    },
  );
  expect(refused.data ?? refused.errors).toBeTruthy();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const events = receiver.received.slice(before).map((received) => (JSON.parse(received.body) as { type: string }).type);
  expect(events).not.toContain('enrollment.created');
});

it('refuses an address that is not a web address, and non-admins; nothing is stored', async () => {
  const count = await db.getRepository(WebhookEndpoint).count();
  const bad = await admin.graphql(`mutation { createWebhookEndpoint(url: "ftp://example.com/x", events: [ENROLLMENT_CREATED]) { secret } }`);
  expect(bad.errors?.[0].message).toBe('URL must start with https://');
  const none = await admin.graphql(`mutation { createWebhookEndpoint(url: "https://example.com/x", events: []) { secret } }`);
  expect(none.errors?.[0].message).toBe('Choose at least one event');
  const byStudent = await student.graphql(`mutation { createWebhookEndpoint(url: "https://example.com/x", events: [ENROLLMENT_CREATED]) { secret } }`);
  expect(byStudent.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  expect(await db.getRepository(WebhookEndpoint).count()).toBe(count);
  const listed = await admin.graphql<{ webhookEndpoints: Array<{ url: string }> }>(`{ webhookEndpoints { url events } }`);
  expect(listed.data!.webhookEndpoints.map((endpoint) => endpoint.url)).toEqual([receiver.url, receiver.url]);
  const stored = await db.getRepository(WebhookEndpoint).find();
  expect(stored.every((endpoint) => endpoint.secretEncrypted.startsWith('v1:') && !endpoint.secretEncrypted.includes('whsec_'))).toBe(true);
});

it('tells of a card payment received and of its refund, with the amount in its currency and how it was paid', async () => {
  await register(['PAYMENT_SUCCEEDED', 'PAYMENT_REFUNDED', 'ENROLLMENT_REFUNDED']);
  receiver.statuses = [];
  const before = receiver.received.length;
  const typesFrom = async (count: number) =>
    (await receiver.waitFor(before + count)).slice(before).map((attempt) => JSON.parse(attempt.body) as { type: string; data: Record<string, unknown> });
  const course = await makeCourse(db, { name: 'Class 9 Physics', price: 12, priceBDT: 1450 });
  const bought = await student.graphql<{ purchaseCourse: { enrollment: { id: string } } }>(
    `mutation ($id: ID!) { purchaseCourse(input: { courseId: $id, paymentMethod: "pm_card_visa" }) { enrollment { id } } }`,
    { id: course.id },
  );
  expect(bought.errors).toBeUndefined();
  // The earlier endpoint for enrollment.created hears of the enrollment too.
  const paid = (await typesFrom(2)).find((event) => event.type === 'payment.succeeded');
  expect(paid).toMatchObject({ data: { courseId: course.id, amount: { amount: 1200, currency: 'usd' }, method: 'Visa' } });
  const refunded = await admin.graphql(`mutation ($id: ID!) { refundEnrollment(enrollmentId: $id, refundCase: COURSE_CANCELLED) { percent } }`, {
    id: bought.data!.purchaseCourse.enrollment.id,
  });
  expect(refunded.errors).toBeUndefined();
  const types = (await typesFrom(4)).map((event) => event.type).sort();
  expect(types).toEqual(['enrollment.created', 'enrollment.refunded', 'payment.refunded', 'payment.succeeded']);
});
