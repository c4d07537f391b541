import type { DataSource } from 'typeorm';
import { webhookServices } from './integration.module';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase } from '../../test/database';
import { makeCourse, makeUser } from '../../test/factories';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { Receiver, verify } from '../../test/webhook-receiver';
import { Role } from '../../kernel/role';
import { AuditEntry } from '../audit/audit.entity';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entity';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { waitFor } from '../../test/wait-for';

// A school's developer checks its receiver with a test event, tells deliveries apart by their
// headers, changes the signing secret without losing a delivery, and is told when a receiver
// that has failed for days is turned off.

jest.setTimeout(60_000);

let db: DataSource;
let app: TestApp;
let admin: HttpClient;
let student: HttpClient;
let receiver: Receiver;
const password = 'a long enough password';

beforeAll(async () => {
  db = await openTestDatabase();
  receiver = await Receiver.start();
  app = await startTestApp(
    db,
    { WEBHOOK_ALLOWED_TARGETS: `127.0.0.1:${receiver.port}` },
    { overrides: { webhooks: (services) => webhookServices(services, { retryDelaySeconds: 1, retryLimit: 3, pollingIntervalSeconds: 0.5 }) } },
  );
  await makeUser(db, { email: 'admin@example.com', role: Role.ADMIN }, password);
  await makeUser(db, { email: 'student@example.com' }, password);
  admin = await signedInClient(app.url, 'admin@example.com', password);
  student = await signedInClient(app.url, 'student@example.com', password);
});
afterAll(async () => {
  await app.close();
  await receiver.close();
  await closeTestDatabase(db);
});

async function register(events: string[]): Promise<{ id: string; secret: string }> {
  const body = await admin.graphql<{ createWebhookEndpoint: { secret: string; endpoint: { id: string } } }>(
    `mutation ($url: String!, $events: [WebhookEventType!]!) { createWebhookEndpoint(url: $url, events: $events) { secret endpoint { id } } }`,
    { url: receiver.url, events },
  );
  expect(body.errors).toBeUndefined();
  return { id: body.data!.createWebhookEndpoint.endpoint.id, secret: body.data!.createWebhookEndpoint.secret };
}

const json = (body: string) => JSON.parse(body) as { id: string; type: string; data: Record<string, unknown> };

it('every delivery carries its event id and type and its own delivery id; a retry the same ones, a resend a new delivery id', async () => {
  await register(['ENROLLMENT_CREATED']);
  const seen = receiver.received.length;
  receiver.statuses = [500];
  const course = await makeCourse(db, { name: 'Free Bangla grammar', price: 0 });
  expect((await student.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id }) { status } }`, { id: course.id })).errors).toBeUndefined();
  const [failed, retried] = (await receiver.waitFor(seen + 2)).slice(seen);
  const event = json(failed.body);
  expect(failed.headers['shikhon-event-id']).toBe(event.id);
  expect(failed.headers['shikhon-event-type']).toBe('enrollment.created');
  const delivery = await db.getRepository(WebhookDelivery).findOneByOrFail({ eventId: event.id });
  expect(failed.headers['shikhon-delivery-id']).toBe(delivery.id);
  expect(retried.headers).toMatchObject({ 'shikhon-event-id': event.id, 'shikhon-event-type': 'enrollment.created', 'shikhon-delivery-id': delivery.id });

  const resent = await admin.graphql<{ resendWebhookDelivery: { id: string } }>(`mutation ($id: ID!) { resendWebhookDelivery(id: $id) { id } }`, {
    id: delivery.id,
  });
  const [again] = (await receiver.waitFor(seen + 3)).slice(seen + 2);
  expect(again.headers['shikhon-event-id']).toBe(event.id);
  expect(again.headers['shikhon-delivery-id']).toBe(resent.data!.resendWebhookDelivery.id);
  expect(again.headers['shikhon-delivery-id']).not.toBe(delivery.id);
});

it('sendTestWebhook sends the endpoint a signed ping, logged like any delivery; ping cannot be subscribed to', async () => {
  const endpoint = await register(['COURSE_PUBLISHED']);
  const seen = receiver.received.length;
  const sent = await admin.graphql<{ sendTestWebhook: boolean }>(`mutation ($id: ID!) { sendTestWebhook(endpointId: $id) }`, { id: endpoint.id });
  expect(sent.data).toEqual({ sendTestWebhook: true });
  const [ping] = (await receiver.waitFor(seen + 1)).slice(seen);
  expect(verify(endpoint.secret, String(ping.headers['shikhon-signature']), ping.body)).toBe(true);
  expect(json(ping.body)).toMatchObject({ type: 'ping', data: { endpointId: endpoint.id } });
  expect(ping.headers['shikhon-event-type']).toBe('ping');
  const listed = await admin.graphql<{ webhookDeliveries: { items: Array<{ eventType: string }> } }>(
    `query ($id: ID!) { webhookDeliveries(endpointId: $id) { items { eventType } } }`,
    { id: endpoint.id },
  );
  expect(listed.data!.webhookDeliveries.items).toEqual([{ eventType: 'PING' }]);

  const subscribing = await admin.graphql(`mutation ($url: String!) { createWebhookEndpoint(url: $url, events: [PING]) { secret } }`, { url: receiver.url });
  expect(subscribing.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'events' });
  const unknown = await admin.graphql(`mutation { sendTestWebhook(endpointId: "00000000-0000-4000-8000-000000000000") }`);
  expect(unknown.errors?.[0].extensions?.code).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
  const refused = await student.graphql(`mutation ($id: ID!) { sendTestWebhook(endpointId: $id) }`, { id: endpoint.id });
  expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
});

it('rotateWebhookSecret answers a new secret; the old one signs beside it for 24 hours, then only the new one', async () => {
  const endpoint = await register(['COURSE_PUBLISHED']);
  const rotated = await admin.graphql<{ rotateWebhookSecret: { secret: string; endpoint: { id: string; previousSecretExpiresAt: string } } }>(
    `mutation ($id: ID!) { rotateWebhookSecret(endpointId: $id) { secret endpoint { id previousSecretExpiresAt } } }`,
    { id: endpoint.id },
  );
  expect(rotated.errors).toBeUndefined();
  const { secret, endpoint: after } = rotated.data!.rotateWebhookSecret;
  expect(secret).toMatch(/^whsec_/);
  expect(secret).not.toBe(endpoint.secret);
  const hoursLeft = (new Date(after.previousSecretExpiresAt).getTime() - Date.now()) / 3_600_000;
  expect(hoursLeft).toBeGreaterThan(23.9);
  expect(hoursLeft).toBeLessThanOrEqual(24);

  const ping = async () => {
    const seen = receiver.received.length;
    await admin.graphql(`mutation ($id: ID!) { sendTestWebhook(endpointId: $id) }`, { id: endpoint.id });
    const [received] = (await receiver.waitFor(seen + 1)).slice(seen);
    return { header: String(received.headers['shikhon-signature']), body: received.body };
  };
  const during = await ping();
  expect(during.header.match(/v1=/g)).toHaveLength(2);
  expect(verify(secret, during.header, during.body)).toBe(true);
  expect(verify(endpoint.secret, during.header, during.body)).toBe(true);

  // A day later, the old secret signs no more.
  await db.query(`UPDATE webhook_endpoint SET "previousSecretExpiresAt" = now() - interval '1 second' WHERE id = $1`, [endpoint.id]);
  const later = await ping();
  expect(later.header.match(/v1=/g)).toHaveLength(1);
  expect(verify(secret, later.header, later.body)).toBe(true);
  expect(verify(endpoint.secret, later.header, later.body)).toBe(false);

  const audit = await db.getRepository(AuditEntry).findOneByOrFail({ targetId: endpoint.id, action: 'ROTATE_WEBHOOK_SECRET' as AuditEntry['action'] });
  expect(JSON.stringify(audit)).not.toContain(secret);
  const refused = await student.graphql(`mutation ($id: ID!) { rotateWebhookSecret(endpointId: $id) { secret } }`, { id: endpoint.id });
  expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
});

it('an endpoint whose every delivery failed for 3 days is turned off and its admin told; turned on again, it receives events', async () => {
  const endpoint = await register(['COURSE_PUBLISHED']);
  const ping = () => admin.graphql(`mutation ($id: ID!) { sendTestWebhook(endpointId: $id) }`, { id: endpoint.id });
  const row = () => db.getRepository(WebhookEndpoint).findOneByOrFail({ id: endpoint.id });
  receiver.statuses = [500, 500, 500, 500];
  await ping();
  const failing = await waitFor('the first failure', async () => (await row()).failingSince);
  expect((await row()).disabledAt).toBeNull();

  // Three days of failures later, the next failed attempt turns it off.
  await db.query(`UPDATE webhook_endpoint SET "failingSince" = now() - interval '3 days 1 minute' WHERE id = $1`, [endpoint.id]);
  const disabledAt = await waitFor('the endpoint turned off', async () => (await row()).disabledAt, 20_000);
  expect(disabledAt.getTime()).toBeGreaterThan(failing.getTime());
  // The owner's notice is written just after the endpoint is turned off.
  const toldOf = () =>
    db.getRepository(OutboxMessage).findBy({ to: 'admin@example.com', subject: `Shikhon: the webhook endpoint ${receiver.url} is turned off` });
  const told = await waitFor('the owner told', async () => {
    const found = await toldOf();
    return found.length > 0 ? found : null;
  });
  expect(told).toHaveLength(1);
  expect(told[0].text).toContain('failed for 3 days');
  const listed = await admin.graphql<{ webhookEndpoints: Array<{ id: string; disabledAt: string | null }> }>(`{ webhookEndpoints { id disabledAt } }`);
  expect(listed.data!.webhookEndpoints.find((item) => item.id === endpoint.id)?.disabledAt).toBe(disabledAt.toISOString());

  // Off: its deliveries fail without an attempt (new events are not written for it at all).
  receiver.statuses = [];
  const seen = receiver.received.length;
  await ping();
  await waitFor('the queued delivery failed', async () =>
    (await db.getRepository(WebhookDelivery).findBy({ endpointId: endpoint.id })).some((delivery) =>
      delivery.lastError?.startsWith('The endpoint is turned off'),
    ),
  );
  expect(receiver.received.length).toBe(seen);

  const refused = await student.graphql(`mutation ($id: ID!) { enableWebhookEndpoint(endpointId: $id) { id } }`, { id: endpoint.id });
  expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  expect((await row()).disabledAt).not.toBeNull();
  const enabled = await admin.graphql<{ enableWebhookEndpoint: { disabledAt: string | null; failingSince: string | null } }>(
    `mutation ($id: ID!) { enableWebhookEndpoint(endpointId: $id) { disabledAt failingSince } }`,
    { id: endpoint.id },
  );
  expect(enabled.data).toEqual({ enableWebhookEndpoint: { disabledAt: null, failingSince: null } });
  await ping();
  const [pong] = (await receiver.waitFor(seen + 1)).slice(seen);
  expect(json(pong.body)).toMatchObject({ type: 'ping', data: { endpointId: endpoint.id } });
  expect(await db.getRepository(AuditEntry).countBy({ targetId: endpoint.id, action: 'ENABLE_WEBHOOK_ENDPOINT' as AuditEntry['action'] })).toBe(1);
});
