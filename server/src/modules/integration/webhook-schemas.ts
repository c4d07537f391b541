import { randomUUID } from 'node:crypto';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { WebhookEventType } from './webhook.entity';
import { deprecated as deprecation, type DeprecatedName } from '../../graphql/deprecations';

/**
 * The one description of every webhook body: a JSON Schema (draft 2020-12) of `data` per event,
 * from which come the published schemas (`GET /docs/webhooks/{event}.json`), the type of the `data`
 * each caller of `emitWebhookEvent` passes, and, in tests, a check of every body built.
 *
 * The schemas here are exact (`additionalProperties: false`): the suite's check fails on a field
 * sent but not described. The published copies leave objects open, since fields may be added
 * (the API changes only by adding) and a receiver that validates must not refuse them.
 */

const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

const uuid = (description: string) => ({ type: 'string', format: 'uuid', description }) as const;
const text = (description: string) => ({ type: 'string', description }) as const;
const dateTime = (description: string) => ({ type: 'string', format: 'date-time', description }) as const;

/** Money, as GraphQL's `Money` has it: an integer of minor units and the currency. */
const money = (description: string) =>
  ({
    type: 'object',
    description: `${description}. Money: \`amount\` in minor units of \`currency\` (cents of a dollar, poisha of a taka: ৳1,200 is 120000), as GraphQL's Money`,
    required: ['amount', 'currency'],
    properties: {
      amount: { type: 'integer', minimum: 0, description: 'In minor units of the currency: cents, poisha' },
      currency: { enum: ['usd', 'bdt'], description: 'usd (international cards) or bdt (bKash, Nagad, Rocket, local cards)' },
    },
    additionalProperties: false,
  }) as const;

const deprecated = (name: DeprecatedName) => `Deprecated: ${deprecation(name)}`;

const enrollmentData = {
  type: 'object',
  required: ['enrollmentId', 'courseId', 'courseName', 'studentId', 'email', 'paymentId', 'amount', 'currency', 'amountPaid', 'createdAt', 'refundedAt'],
  properties: {
    enrollmentId: uuid("The enrollment's id (GraphQL `Enrollment.id`)"),
    courseId: uuid("The course's id"),
    courseName: text("The course's name when the student enrolled"),
    studentId: uuid("The student's account id (`User.id`)"),
    email: text("The student's sign-in email when they enrolled"),
    paymentId: {
      type: ['string', 'null'],
      format: 'uuid',
      description: 'The payment that bought it; null for a free course, an import or an enrollment by an API key',
    },
    amount: {
      type: ['number', 'null'],
      description: `What was paid, in major units (taka, dollars) of \`currency\`; null when not known. ${deprecated('webhook enrollment.*.amount')}`,
      deprecated: true,
    },
    currency: { enum: ['usd', 'bdt', null], description: `The currency of \`amount\`. ${deprecated('webhook enrollment.*.currency')}`, deprecated: true },
    amountPaid: {
      anyOf: [money('What the student paid (0 for a free course)'), { type: 'null' }],
      description: 'What the student paid, as Money; null for an old record without an amount',
    },
    createdAt: dateTime('When the student enrolled'),
    refundedAt: { type: ['string', 'null'], format: 'date-time', description: 'When it was refunded and its access ended; null while it stands' },
  },
  additionalProperties: false,
} as const;

const paymentSucceededData = {
  type: 'object',
  required: ['paymentId', 'studentId', 'courseId', 'amount', 'provider', 'method'],
  properties: {
    paymentId: uuid("The payment's id (GraphQL `Payment.id`)"),
    studentId: uuid("The buyer's account id"),
    courseId: uuid('The course bought'),
    amount: money('What was received'),
    provider: text(
      'The payment provider that took it: `stripe` (cards) or `sslcommerz` (bKash, Nagad, Rocket, local cards); `test` on a server without Stripe keys (its offline test mode)',
    ),
    method: { type: ['string', 'null'], description: 'How it was paid as the provider tells it (`Visa`, `bKash`); null when it did not say' },
  },
  additionalProperties: false,
} as const;

const paymentRefundedData = {
  type: 'object',
  required: ['paymentId', 'enrollmentId', 'refundId', 'amount', 'percent'],
  properties: {
    paymentId: uuid('The payment paid back'),
    enrollmentId: {
      type: ['string', 'null'],
      format: 'uuid',
      description:
        'The enrollment refunded (an admin’s choice; otherwise the first the payment gave), whose access ended; null for a payment that gave none (held for review, or a second payment for a course already owned)',
    },
    refundId: {
      type: ['string', 'null'],
      format: 'uuid',
      description:
        "The refund's id, for a refund made in the product by an admin; null for a refund or a dispute the payment provider reported, or the product’s own refund of a second payment for a course already owned",
    },
    amount: money('What is paid back'),
    percent: { type: 'integer', minimum: 1, maximum: 100, description: 'The share of the payment paid back, in percent' },
  },
  additionalProperties: false,
} as const;

const coursePublishedData = {
  type: 'object',
  required: ['courseId', 'name', 'price', 'priceUsd', 'priceTaka', 'instructor', 'category', 'classLevel', 'language', 'photoURL'],
  properties: {
    courseId: uuid("The course's id"),
    name: text("The course's name"),
    price: { type: 'number', minimum: 0, description: `The price in dollars. ${deprecated('webhook course.published.price')}`, deprecated: true },
    priceUsd: money('The price in dollars, paid by international card; 0 for a free course or one sold in taka only'),
    priceTaka: money('The price in taka, paid by bKash, Nagad, Rocket or local card; 0 for a free course'),
    instructor: text("The instructor's name"),
    category: { enum: ['SCHOOL', 'PROFESSIONAL'], description: 'SCHOOL (classes 1 to 12) or PROFESSIONAL (skills)' },
    classLevel: { type: ['integer', 'null'], minimum: 1, maximum: 12, description: 'The class of a school course; null for a professional one' },
    language: { enum: ['bn', 'en'], description: 'The language it is taught in: bn (Bangla) or en (English)' },
    photoURL: { type: ['string', 'null'], description: "The cover picture's address; null when it has none" },
  },
  additionalProperties: false,
} as const;

const certificateIssuedData = {
  type: 'object',
  required: ['certificateNumber', 'enrollmentId', 'studentId', 'studentName', 'email', 'courseId', 'courseName', 'issuedAt', 'verifyURL'],
  properties: {
    certificateNumber: text("The certificate's number (`SHK-…`), what `certificate(number:)` and its public page take"),
    enrollmentId: uuid('The enrollment completed'),
    studentId: uuid("The student's account id"),
    studentName: text("The student's name, as printed"),
    email: text("The student's sign-in email when they enrolled"),
    courseId: uuid("The course's id"),
    courseName: text("The course's name, as printed"),
    issuedAt: dateTime('When it was issued'),
    verifyURL: { type: 'string', format: 'uri', description: 'The public page that shows it is genuine' },
  },
  additionalProperties: false,
} as const;

const pingData = {
  type: 'object',
  required: ['endpointId'],
  properties: { endpointId: uuid('The endpoint the test was sent to') },
  additionalProperties: false,
} as const;

/** Each event's `data`, its one-line meaning, and one example body. */
export const WEBHOOK_EVENTS = {
  [WebhookEventType.ENROLLMENT_CREATED]: {
    summary: 'A student got a course: bought, free, or enrolled by an API key.',
    data: enrollmentData,
    example: {
      id: '0b6a6c1e-5f0e-4c55-9d53-2b1f0e7d9a11',
      type: 'enrollment.created',
      createdAt: '2026-11-29T08:15:30.120Z',
      data: {
        enrollmentId: '5c1f3f0e-8a0c-4d2e-9a8f-6b7f1a2c3d4e',
        courseId: '7d2e4f60-1b3c-4a5d-8e6f-9a0b1c2d3e4f',
        courseName: 'Class 9 Physics',
        studentId: '3a4b5c6d-7e8f-4a0b-9c1d-2e3f4a5b6c7d',
        email: 'rahim@example.com',
        paymentId: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
        amount: 1450,
        currency: 'bdt',
        amountPaid: { amount: 145000, currency: 'bdt' },
        createdAt: '2026-11-29T08:15:29.870Z',
        refundedAt: null,
      },
    },
  },
  [WebhookEventType.ENROLLMENT_REFUNDED]: {
    summary: 'An enrollment was refunded and its access ended (`refundedAt` says when).',
    data: enrollmentData,
    example: {
      id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      type: 'enrollment.refunded',
      createdAt: '2026-12-02T10:00:04.500Z',
      data: {
        enrollmentId: '5c1f3f0e-8a0c-4d2e-9a8f-6b7f1a2c3d4e',
        courseId: '7d2e4f60-1b3c-4a5d-8e6f-9a0b1c2d3e4f',
        courseName: 'Class 9 Physics',
        studentId: '3a4b5c6d-7e8f-4a0b-9c1d-2e3f4a5b6c7d',
        email: 'rahim@example.com',
        paymentId: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
        amount: 1450,
        currency: 'bdt',
        amountPaid: { amount: 145000, currency: 'bdt' },
        createdAt: '2026-11-29T08:15:29.870Z',
        refundedAt: '2026-12-02T10:00:04.310Z',
      },
    },
  },
  [WebhookEventType.PAYMENT_SUCCEEDED]: {
    summary: 'A payment was received.',
    data: paymentSucceededData,
    example: {
      id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
      type: 'payment.succeeded',
      createdAt: '2026-11-29T08:15:29.900Z',
      data: {
        paymentId: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
        studentId: '3a4b5c6d-7e8f-4a0b-9c1d-2e3f4a5b6c7d',
        courseId: '7d2e4f60-1b3c-4a5d-8e6f-9a0b1c2d3e4f',
        amount: { amount: 145000, currency: 'bdt' },
        provider: 'sslcommerz',
        method: 'bKash',
      },
    },
  },
  [WebhookEventType.PAYMENT_REFUNDED]: {
    summary: 'A payment was paid back, wholly or in part.',
    data: paymentRefundedData,
    example: {
      id: '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b',
      type: 'payment.refunded',
      createdAt: '2026-12-02T10:00:04.520Z',
      data: {
        paymentId: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
        enrollmentId: '5c1f3f0e-8a0c-4d2e-9a8f-6b7f1a2c3d4e',
        refundId: '4f5a6b7c-8d9e-4f0a-9b2c-3d4e5f6a7b8c',
        amount: { amount: 145000, currency: 'bdt' },
        percent: 100,
      },
    },
  },
  [WebhookEventType.COURSE_PUBLISHED]: {
    summary: 'A course went on sale in the catalogue.',
    data: coursePublishedData,
    example: {
      id: '4a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7e',
      type: 'course.published',
      createdAt: '2026-11-20T06:30:00.000Z',
      data: {
        courseId: '7d2e4f60-1b3c-4a5d-8e6f-9a0b1c2d3e4f',
        name: 'Class 9 Physics',
        price: 12,
        priceUsd: { amount: 1200, currency: 'usd' },
        priceTaka: { amount: 145000, currency: 'bdt' },
        instructor: 'Nusrat Jahan',
        category: 'SCHOOL',
        classLevel: 9,
        language: 'bn',
        photoURL: 'https://shikhon.example/media/courses/physics.svg',
      },
    },
  },
  [WebhookEventType.CERTIFICATE_ISSUED]: {
    summary: 'A student finished a course and got its certificate.',
    data: certificateIssuedData,
    example: {
      id: '5b6c7d8e-9f0a-4b1c-9d2e-3f4a5b6c7d8f',
      type: 'certificate.issued',
      createdAt: '2026-12-20T14:05:11.000Z',
      data: {
        certificateNumber: 'SHK-4829175036',
        enrollmentId: '5c1f3f0e-8a0c-4d2e-9a8f-6b7f1a2c3d4e',
        studentId: '3a4b5c6d-7e8f-4a0b-9c1d-2e3f4a5b6c7d',
        studentName: 'Rahim Uddin',
        email: 'rahim@example.com',
        courseId: '7d2e4f60-1b3c-4a5d-8e6f-9a0b1c2d3e4f',
        courseName: 'Class 9 Physics',
        issuedAt: '2026-12-20T14:05:10.880Z',
        verifyURL: 'https://shikhon.example/certificate/SHK-4829175036',
      },
    },
  },
  [WebhookEventType.PING]: {
    summary: 'A test event, sent to one endpoint when an admin asks (`sendTestWebhook`); never subscribed to.',
    data: pingData,
    example: {
      id: '6c7d8e9f-0a1b-4c2d-8e3f-4a5b6c7d8e9f',
      type: 'ping',
      createdAt: '2026-11-29T09:00:00.000Z',
      data: { endpointId: '8f9a0b1c-2d3e-4f4a-9b5c-6d7e8f9a0b1c' },
    },
  },
} as const satisfies Record<WebhookEventType, { summary: string; data: object; example: { id: string; type: string; createdAt: string; data: object } }>;

type WebhookEvents = typeof WEBHOOK_EVENTS;

/** The primitive a JSON Schema `type` name stands for. */
type Primitive<T> = T extends 'string' ? string : T extends 'number' | 'integer' ? number : T extends 'boolean' ? boolean : T extends 'null' ? null : never;

/**
 * The TypeScript type of a value a schema above accepts, for the keywords these schemas use
 * (`anyOf`, `enum`, `const`, `type` with `properties` and `required`).
 */
type Infer<S> = S extends { anyOf: readonly (infer U)[] }
  ? Infer<U>
  : S extends { enum: readonly (infer E)[] }
    ? E
    : S extends { const: infer C }
      ? C
      : S extends { type: 'object'; properties: infer P; required: readonly (infer R)[] }
        ? { [K in keyof P as K extends R ? K : never]: Infer<P[K]> } & { [K in keyof P as K extends R ? never : K]?: Infer<P[K]> }
        : S extends { type: infer T }
          ? Primitive<T extends readonly (infer E)[] ? E : T>
          : unknown;

/** What `data` holds in a body of each type, as its schema says. */
type WebhookEventDataOf = { [K in WebhookEventType]: Infer<WebhookEvents[K]['data']> };

/** What `data` holds in a body of `type`, as its schema says. */
export type WebhookEventData<T extends WebhookEventType> = WebhookEventDataOf[T];

/** Every event type, in the order the guide lists them. */
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];

export const isWebhookEventType = (value: string): value is WebhookEventType => Object.hasOwn(WEBHOOK_EVENTS, value);

/** Where an event's schema is published, from the site's public address. */
export const webhookSchemaUrl = (type: WebhookEventType, publicUrl: string) => new URL(`/docs/webhooks/${type}.json`, publicUrl).href;

/** The schema of a whole body of `type`: exact (for the suite's check) unless `open`. */
function bodySchema(type: WebhookEventType, publicUrl: string, open: boolean): Record<string, unknown> {
  const event = WEBHOOK_EVENTS[type];
  const schema = {
    $schema: JSON_SCHEMA_DIALECT,
    $id: webhookSchemaUrl(type, publicUrl),
    title: `Shikhon webhook: ${type}`,
    description: `${event.summary} The JSON body POSTed to a webhook endpoint (signed in the Shikhon-Signature header). Objects may gain fields: the API changes only by adding.`,
    type: 'object',
    required: ['id', 'type', 'createdAt', 'data'],
    properties: {
      id: uuid("The event's id: the same in every retry and resend of it (and in the Shikhon-Event-Id header); ignore an id already handled"),
      type: { const: type, description: 'The event type (also in the Shikhon-Event-Type header)' },
      createdAt: dateTime('When the event happened; order by it where order matters (a retried delivery may arrive after later events)'),
      data: event.data,
    },
    additionalProperties: false,
    examples: [event.example],
  };
  return open ? openObjects(schema) : structuredClone(schema);
}

/** A copy of `schema` without `additionalProperties: false` anywhere (examples left as they are). */
function openObjects<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(openObjects) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, key === 'examples' ? structuredClone(value) : openObjects(value)]),
  ) as T;
}

/** The schema published at `GET /docs/webhooks/{type}.json`. */
export const publishedWebhookSchema = (type: WebhookEventType, publicUrl: string) => bodySchema(type, publicUrl, true);

/** The exact schema the suite checks every body against: no field undescribed. */
export const exactWebhookSchema = (type: WebhookEventType) => bodySchema(type, 'http://localhost/', false);

let validators: Map<WebhookEventType, ValidateFunction> | undefined;

/** What is wrong with a body (its text) against its type's exact schema; empty when nothing. */
export function webhookBodyErrors(body: string): string[] {
  let parsed: { type?: unknown };
  try {
    parsed = JSON.parse(body) as { type?: unknown };
  } catch {
    return ['the body is not JSON'];
  }
  const type = typeof parsed?.type === 'string' && isWebhookEventType(parsed.type) ? parsed.type : null;
  if (!type) return [`type ${JSON.stringify(parsed?.type)} is no webhook event type`];
  if (!validators) {
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
    addFormats(ajv);
    validators = new Map(WEBHOOK_EVENT_TYPES.map((each) => [each, ajv.compile(exactWebhookSchema(each))]));
  }
  const validate = validators.get(type)!;
  if (validate(parsed)) return [];
  return (validate.errors ?? []).map(
    (error) => `${type}${error.instancePath || ''} ${error.message ?? ''}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`,
  );
}

/** Built bodies are checked against their schema in tests (NODE_ENV=test) only; a mismatch throws. */
const checkBodies = process.env.NODE_ENV === 'test';

/** An event's id and its body `{ id, type, createdAt, data }` as sent; in tests, checked against the event's schema. */
export function webhookBody<T extends WebhookEventType>(type: T, data: WebhookEventData<T>): { eventId: string; body: string } {
  const eventId = randomUUID();
  const body = JSON.stringify({ id: eventId, type, createdAt: new Date().toISOString(), data });
  if (checkBodies) {
    const errors = webhookBodyErrors(body);
    if (errors.length > 0) throw new Error(`A ${type} webhook body does not match its published schema:\n- ${errors.join('\n- ')}\n${body}`);
  }
  return { eventId, body };
}
