import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase } from '../../test/database';
import { makeCourse, makeUser } from '../../test/factories';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { Receiver } from '../../test/webhook-receiver';
import { Role } from '../../kernel/role';
import { CourseCategory, CourseLanguage } from '../course/course.enums';
import { Lesson } from '../course/lesson.entity';
import { emitWebhookEvent } from './webhook-events';
import { webhookServices } from './integration.module';
import { exactWebhookSchema, WEBHOOK_EVENT_TYPES, webhookBody, webhookBodyErrors, type WebhookEventData } from './webhook-schemas';
import { WebhookEventType } from './webhook.entity';

// A school's developer validates every delivery against the schema the product publishes for its
// event. Each event is made here by the operation that makes it, and what the receiver got is
// checked against the published schema and against the exact one the whole suite checks every
// body with (in tests, every body built is checked: a field sent but not described fails).

jest.setTimeout(90_000);

let db: DataSource;
let app: TestApp;
let receiver: Receiver;
let admin: HttpClient;
let student: HttpClient;
let instructor: HttpClient;
let instructorId: string;
const password = 'a long enough password';

beforeAll(async () => {
  db = await openTestDatabase();
  receiver = await Receiver.start();
  // Deliveries polled every half second (one endpoint's are sent one at a time).
  app = await startTestApp(
    db,
    { WEBHOOK_ALLOWED_TARGETS: `127.0.0.1:${receiver.port}` },
    { overrides: { webhooks: (services) => webhookServices(services, { retryDelaySeconds: 1, retryLimit: 3, pollingIntervalSeconds: 0.5 }) } },
  );
  await makeUser(db, { email: 'admin@example.com', role: Role.ADMIN }, password);
  await makeUser(db, { email: 'student@example.com', name: 'Rahim Uddin' }, password);
  instructorId = (await makeUser(db, { email: 'teacher@example.com', role: Role.INSTRUCTOR }, password)).id;
  admin = await signedInClient(app.url, 'admin@example.com', password);
  student = await signedInClient(app.url, 'student@example.com', password);
  instructor = await signedInClient(app.url, 'teacher@example.com', password);
});
afterAll(async () => {
  await app.close();
  await receiver.close();
  await closeTestDatabase(db);
});

async function call<T = Record<string, unknown>>(client: HttpClient, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await client.graphql<T>(query, variables);
  expect(body.errors).toBeUndefined();
  return body.data!;
}

describe('every webhook event, made by its operation, matches its published schema', () => {
  it('enrollments, payments, refunds, publishing, certificates and the test event', async () => {
    const subscribed = WEBHOOK_EVENT_TYPES.filter((type) => type !== WebhookEventType.PING);
    const enumName = (type: WebhookEventType) => Object.entries(WebhookEventType).find(([, value]) => value === type)![0];
    const { createWebhookEndpoint } = await call<{ createWebhookEndpoint: { endpoint: { id: string } } }>(
      admin,
      `mutation ($url: String!, $events: [WebhookEventType!]!) { createWebhookEndpoint(url: $url, events: $events) { endpoint { id } } }`,
      { url: receiver.url, events: subscribed.map(enumName) },
    );

    // A free course, finished: enrollment.created, then certificate.issued.
    const free = await makeCourse(db, { name: 'Free Bangla grammar', price: 0, priceBDT: 0, language: CourseLanguage.BN }, ['One', 'Two']);
    await call(student, `mutation ($id: ID!) { purchaseCourse(input: { courseId: $id }) { status } }`, { id: free.id });
    for (const lesson of await db.getRepository(Lesson).find({ where: { courseId: free.id }, order: { position: 'ASC' } }))
      await call(student, `mutation ($id: ID!) { setLessonCompleted(lessonId: $id, completed: true) { completed } }`, { id: lesson.id });
    // A paid course, by card, refunded: payment.succeeded, enrollment.created, enrollment.refunded, payment.refunded.
    const paid = await makeCourse(db, { name: 'Class 9 Physics', price: 12, priceBDT: 1450, category: CourseCategory.SCHOOL, classLevel: 9 });
    const bought = await call<{ purchaseCourse: { enrollment: { id: string } } }>(
      student,
      `mutation ($id: ID!) { purchaseCourse(input: { courseId: $id, paymentMethod: "pm_card_visa" }) { enrollment { id } } }`,
      { id: paid.id },
    );
    await call(admin, `mutation ($id: ID!) { refundEnrollment(enrollmentId: $id, refundCase: COURSE_CANCELLED) { percent } }`, {
      id: bought.purchaseCourse.enrollment.id,
    });
    // Published by its approved instructor, and by an admin's approval of a course in review (read back from the database row).
    const draft = await makeCourse(db, { name: 'Draft chemistry', published: false, instructorId, instructorEmail: 'teacher@example.com' });
    await call(instructor, `mutation ($id: ID!) { setCoursePublished(id: $id, published: true) { published } }`, { id: draft.id });
    const inReview = await makeCourse(db, { name: 'Reviewed algebra', price: 9.5, published: false, reviewRequestedAt: new Date(), instructorId });
    await call(admin, `mutation ($id: ID!) { approveCourseReview(courseId: $id) { id } }`, { id: inReview.id });
    // The test event.
    await call(admin, `mutation ($id: ID!) { sendTestWebhook(endpointId: $id) }`, { id: createWebhookEndpoint.endpoint.id });

    const expected = [
      'enrollment.created',
      'certificate.issued',
      'payment.succeeded',
      'enrollment.created',
      'enrollment.refunded',
      'payment.refunded',
      'course.published',
      'course.published',
      'ping',
    ];
    const received = await receiver.waitFor(expected.length, 30_000);
    const bodies = received.map((delivery) => JSON.parse(delivery.body) as { type: WebhookEventType; data: Record<string, unknown> });
    expect(bodies.map((body) => body.type).sort()).toEqual([...expected].sort());
    expect(new Set(bodies.map((body) => body.type))).toEqual(new Set(WEBHOOK_EVENT_TYPES));

    const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true });
    addFormats(ajv);
    const published = new Map<string, ReturnType<typeof ajv.compile>>();
    for (const type of WEBHOOK_EVENT_TYPES) published.set(type, ajv.compile((await (await fetch(`${app.url}/docs/webhooks/${type}.json`)).json()) as object));
    for (const [index, delivery] of received.entries()) {
      const validate = published.get(bodies[index].type)!;
      expect({ type: bodies[index].type, valid: validate(JSON.parse(delivery.body)), errors: validate.errors ?? null }).toEqual({
        type: bodies[index].type,
        valid: true,
        errors: null,
      });
      expect({ type: bodies[index].type, errors: webhookBodyErrors(delivery.body) }).toEqual({ type: bodies[index].type, errors: [] });
    }

    // Amounts as Money beside the deprecated numbers they replace.
    const byType = (type: `${WebhookEventType}`) => bodies.filter((body) => body.type === (type as WebhookEventType)).map((body) => body.data);
    expect(byType('payment.succeeded')[0]).toMatchObject({ amount: { amount: 1200, currency: 'usd' }, provider: 'test', method: 'Visa' });
    expect(byType('payment.refunded')[0]).toMatchObject({ amount: { amount: 1200, currency: 'usd' }, percent: 100 });
    expect(byType('enrollment.refunded')[0]).toMatchObject({ amount: 12, currency: 'usd', amountPaid: { amount: 1200, currency: 'usd' } });
    expect(byType('enrollment.refunded')[0].refundedAt).toEqual(expect.any(String));
    expect(byType('course.published')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Reviewed algebra', price: 9.5, priceUsd: { amount: 950, currency: 'usd' } }),
        expect.objectContaining({
          name: 'Draft chemistry',
          price: 10,
          priceUsd: { amount: 1000, currency: 'usd' },
          priceTaka: expect.objectContaining({ currency: 'bdt' }) as object,
        }),
      ]),
    );
    expect(byType('certificate.issued')[0]).toMatchObject({ studentName: 'Rahim Uddin', courseName: 'Free Bangla grammar', email: 'student@example.com' });
  });
});

describe('the check of every body built, in tests', () => {
  const enrollment: WebhookEventData<WebhookEventType.ENROLLMENT_CREATED> = {
    enrollmentId: '5c1f3f0e-8a0c-4d2e-9a8f-6b7f1a2c3d4e',
    courseId: '7d2e4f60-1b3c-4a5d-8e6f-9a0b1c2d3e4f',
    courseName: 'Class 9 Physics',
    studentId: '3a4b5c6d-7e8f-4a0b-9c1d-2e3f4a5b6c7d',
    email: 'rahim@example.com',
    paymentId: null,
    amount: 0,
    currency: null,
    amountPaid: null,
    createdAt: '2026-11-29T08:15:29.870Z',
    refundedAt: null,
  };

  it('takes a body as described and refuses one with a field undescribed, missing or of the wrong kind', () => {
    expect(JSON.parse(webhookBody(WebhookEventType.ENROLLMENT_CREATED, enrollment).body)).toMatchObject({ type: 'enrollment.created', data: enrollment });
    const wrong = [
      { ...enrollment, secret: 'x' },
      { ...enrollment, amountPaid: { amount: 12.5, currency: 'usd' } },
      { ...enrollment, amountPaid: { amount: 1250, currency: 'eur' } },
      { ...enrollment, createdAt: 'yesterday' },
      Object.fromEntries(Object.entries(enrollment).filter(([key]) => key !== 'refundedAt')),
    ];
    for (const data of wrong) {
      expect(() => webhookBody(WebhookEventType.ENROLLMENT_CREATED, data as typeof enrollment)).toThrow(/does not match its published schema/);
    }
  });

  it('checks a body even when no endpoint listens, so every event the suite makes is checked', async () => {
    await expect(
      db.transaction((manager) => emitWebhookEvent(manager, WebhookEventType.ENROLLMENT_CREATED, { ...enrollment, email: 42 } as unknown as typeof enrollment)),
    ).rejects.toThrow(/enrollment.created webhook body does not match/);
  });

  it("names the same categories and languages as the course's own enums", () => {
    const data = exactWebhookSchema(WebhookEventType.COURSE_PUBLISHED).properties as {
      data: { properties: { category: { enum: string[] }; language: { enum: string[] } } };
    };
    expect(data.data.properties.category.enum).toEqual(Object.values(CourseCategory));
    expect(data.data.properties.language.enum).toEqual(Object.values(CourseLanguage));
  });
});
