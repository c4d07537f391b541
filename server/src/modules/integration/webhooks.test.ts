import type { DataSource } from 'typeorm';
import { webhookServices } from './integration.module';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase } from '../../test/database';
import { makeCourse, makeUser } from '../../test/factories';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { Role } from '../../kernel/role';
import { AuditEntry } from '../audit/audit.entity';
import { WebhookEndpoint } from './webhook.entity';
import { WebhookTargetError, WebhookTargets, type ResolvedAddress } from './webhook-target';
import { Receiver, verify } from '../../test/webhook-receiver';

// A school's system learns of enrollments as they happen: each event is POSTed to its endpoint,
// signed with the endpoint's secret (Stripe's scheme), retried when the endpoint fails, and can be
// sent again by an admin.

jest.setTimeout(60_000);

let db: DataSource;
let app: TestApp;
let admin: HttpClient;
let student: HttpClient;
let receiver: Receiver;
/** A second receiver nothing may reach: a refused target that got through would show here. */
let trap: Receiver;
/** What the test's resolver answers for a name (no real DNS in tests). */
const names = new Map<string, ResolvedAddress[]>();

const password = 'a long enough password';

beforeAll(async () => {
  db = await openTestDatabase();
  receiver = await Receiver.start();
  trap = await Receiver.start();
  // Retries a second apart instead of 20 seconds, so the test sees them. The receiver is a private
  // (loopback) target: only WEBHOOK_ALLOWED_TARGETS lets webhooks reach it, and only at its port.
  app = await startTestApp(
    db,
    { WEBHOOK_ALLOWED_TARGETS: `127.0.0.1:${receiver.port}` },
    {
      overrides: {
        webhooks: (services) =>
          webhookServices(services, {
            retryDelaySeconds: 1,
            retryLimit: 3,
            pollingIntervalSeconds: 0.5,
            resolve: (name) => (names.has(name) ? Promise.resolve(names.get(name)!) : Promise.reject(new Error(`ENOTFOUND ${name}`))),
          }),
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
  await receiver.close();
  await trap.close();
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

describe('targets', () => {
  const create = (url: string) =>
    admin.graphql<{ createWebhookEndpoint: { endpoint: { id: string } } }>(
      `mutation ($url: String!) { createWebhookEndpoint(url: $url, events: [ENROLLMENT_CREATED]) { endpoint { id } } }`,
      { url },
    );

  it('refuses loopback, private, link-local, unique-local and reserved addresses in any numeric form, and internal names; nothing is stored', async () => {
    const count = await db.getRepository(WebhookEndpoint).count();
    const refused = {
      'http://127.0.0.1:1/': 'loopback',
      'http://[::1]/': 'loopback',
      'http://2130706433/': 'loopback',
      'http://0x7f.1/': 'loopback',
      'http://0177.0.0.1/': 'loopback',
      'http://[::ffff:127.0.0.1]/': 'loopback',
      'http://10.0.0.1/': 'private',
      'http://192.168.1.1/hooks': 'private',
      'http://[::ffff:10.0.0.1]/': 'private',
      'http://169.254.169.254/latest/meta-data/': 'linkLocal',
      'http://[fe80::1]/': 'linkLocal',
      'http://[fd00::1]/': 'uniqueLocal',
      'http://100.64.0.1/': 'carrierGradeNat',
      'http://0.0.0.0/': 'unspecified',
      'http://224.0.0.1/': 'multicast',
      'http://192.0.2.10/': 'reserved',
      'http://localhost/': 'an internal name',
      'http://db:5432/': 'an internal name',
      'http://metadata.google.internal/': 'an internal name',
      'http://printer.local/': 'an internal name',
      // The allowed receiver's host, on another port.
      [`http://127.0.0.1:${trap.port}/hooks`]: 'loopback',
    };
    for (const [url, reason] of Object.entries(refused)) {
      const answer = await create(url);
      expect({ url, error: answer.errors?.[0] }).toMatchObject({
        url,
        error: { message: expect.stringContaining('URL must reach a public internet address') as string, extensions: { code: 'BAD_USER_INPUT', field: 'url' } },
      });
      expect(answer.errors![0].message).toContain(reason);
    }
    expect(await db.getRepository(WebhookEndpoint).count()).toBe(count);
    expect(trap.received).toHaveLength(0);
  });

  it('refuses a name that resolves to a private address, and one that cannot be found', async () => {
    names.set('hooks.rebind.example.net', [
      { address: '203.0.114.7', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ]);
    expect((await create('https://hooks.rebind.example.net/in')).errors?.[0].message).toBe(
      'URL must reach a public internet address: hooks.rebind.example.net is resolved to a private address',
    );
    expect((await create('https://nowhere.example.net/in')).errors?.[0].message).toBe("URL's host nowhere.example.net could not be found");
  });

  it('checks again at delivery and connects only to the address it checked: a name that now resolves to a private address gets nothing', async () => {
    // Public when registered; loopback (the trap's port) by the time the event is delivered.
    names.set('school.rebind.example.net', [{ address: '203.0.114.8', family: 4 }]);
    const made = await create(`http://school.rebind.example.net:${trap.port}/hooks`);
    expect(made.errors).toBeUndefined();
    names.set('school.rebind.example.net', [{ address: '127.0.0.1', family: 4 }]);
    const course = await makeCourse(db, { name: 'Rebinding course', price: 0 });
    expect((await student.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id }) { status } }`, { id: course.id })).errors).toBeUndefined();
    const page = await until(
      () => deliveries(made.data!.createWebhookEndpoint.endpoint.id),
      (found) => (found.items[0]?.attempts ?? 0) > 0,
    );
    expect(page.items[0]).toMatchObject({ status: expect.stringMatching(/PENDING|FAILED/) as string });
    expect(page.items[0].attemptLog[0]).toEqual({
      statusCode: null,
      error: 'Not sent: URL must reach a public internet address: school.rebind.example.net is resolved to a loopback address',
    });
    expect(trap.received).toHaveLength(0);
    await admin.graphql(`mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) { id } }`, { id: made.data!.createWebhookEndpoint.endpoint.id });
  });

  it('refuses a stored private address at delivery before connecting', async () => {
    // 10.0.0.1 must never be reached from a test: refused before any socket is opened.
    const targets = new WebhookTargets(new Set([`127.0.0.1:${receiver.port}`]));
    await expect(targets.post(new URL('http://10.0.0.1/hooks'), {}, '{}', 1000)).rejects.toThrow(WebhookTargetError);
    await expect(targets.post(new URL('http://[::1]:1/'), {}, '{}', 1000)).rejects.toThrow(WebhookTargetError);
    await expect(targets.post(new URL(`http://127.0.0.1:${trap.port}/`), {}, '{}', 1000)).rejects.toThrow(WebhookTargetError);
    expect(await targets.post(new URL(receiver.url), {}, '{}', 5000)).toBe(200);
    expect(trap.received).toHaveLength(0);
  });
});
