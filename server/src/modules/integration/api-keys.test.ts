import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { AuditEntry } from '../audit/audit.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { Payment, PaymentStatus } from '../payment/payment.entity';
import { User } from '../user/user.entity';
import { Role } from '../../kernel/role';
import { ApiKey } from './api-key.entity';
import { apiKeyLimit } from './api-key.service';

// A school's server reads the catalogue and enrollments with an API key instead of a person's
// password, and enrolls students it was paid for; the key acts only within its scopes.

let admin: HttpClient;
let student: HttpClient;
let freeCourseId: string;
let paidCourseId: string;

const password = 'a long enough password';

const given = useAppPerFile({ emptyBeforeEach: false });
beforeAll(async () => {
  await makeUser(given.db, { email: 'admin@example.com', role: Role.ADMIN }, password);
  await makeUser(given.db, { email: 'student@example.com' }, password);
  admin = await signedInClient(given.app.url, 'admin@example.com', password);
  student = await signedInClient(given.app.url, 'student@example.com', password);
  freeCourseId = (await makeCourse(given.db, { name: 'Free Bangla grammar', price: 0 })).id;
  paidCourseId = (await makeCourse(given.db, { name: 'Paid physics', price: 12 })).id;
});

async function createKey(name: string, scopes: string[]): Promise<{ id: string; secret: string }> {
  const body = await admin.graphql<{ createApiKey: { secret: string; apiKey: { id: string } } }>(
    `mutation ($name: String!, $scopes: [ApiScope!]!) { createApiKey(name: $name, scopes: $scopes) { secret apiKey { id } } }`,
    { name, scopes },
  );
  expect(body.errors).toBeUndefined();
  return { id: body.data!.createApiKey.apiKey.id, secret: body.data!.createApiKey.secret };
}

function keyClient(secret: string): HttpClient {
  const client = new HttpClient(given.app.url);
  client.token = secret;
  return client;
}

describe('an API key with catalog:read', () => {
  let key: { id: string; secret: string };
  beforeAll(async () => {
    key = await createKey('School catalogue sync', ['CATALOG_READ']);
  });

  it('is shown once and stored only as a hash', async () => {
    expect(key.secret).toMatch(/^shk_[A-Za-z0-9_-]{43}$/);
    const row = await given.db.getRepository(ApiKey).findOneByOrFail({ id: key.id });
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(4));
    const listed = await admin.graphql<{ apiKeys: Array<{ id: string; prefix: string; scopes: string[] }> }>(`{ apiKeys { id name prefix scopes } }`);
    expect(listed.data!.apiKeys).toContainEqual(expect.objectContaining({ id: key.id, prefix: key.secret.slice(0, 12), scopes: ['CATALOG_READ'] }));
    expect(JSON.stringify(listed)).not.toContain(key.secret);
  });

  it('reads courses over GraphQL and REST, and its last use is kept', async () => {
    const client = keyClient(key.secret);
    const body = await client.graphql<{ courses: { total: number } }>(`{ courses { total items { name } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data!.courses.total).toBe(2);
    const rest = await client.request('/api/courses');
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as unknown[]).length).toBe(2);
    const row = await given.db.getRepository(ApiKey).findOneByOrFail({ id: key.id });
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('is refused a mutation, another scope’s query and the REST paths outside the catalogue', async () => {
    const client = keyClient(key.secret);
    const mutation = await client.graphql(`mutation { subscribe(email: "reader@example.com") }`);
    expect(mutation.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(mutation.errors?.[0].message).toBe('This API key may not use subscribe.');
    expect(mutation.data).toBeUndefined();
    const enroll = await client.graphql(`mutation ($id: ID!) { enrollStudent(courseId: $id, email: "x@example.com") { id } }`, { id: freeCourseId });
    expect(enroll.errors?.[0].message).toBe('This API key may not do this: it needs the enrollments:write scope.');
    expect(await given.db.getRepository(User).countBy({ email: 'x@example.com' })).toBe(0);
    const enrollments = await client.graphql(`{ enrollments { total } }`);
    expect(enrollments.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const me = await client.graphql(`{ me { email } }`);
    expect(me.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await client.request('/api/users')).status).toBe(403);
    const post = await client.request('/api/courses', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(403);
  });

  it('is refused once revoked, on GraphQL and REST; revoking is audited', async () => {
    const other = await createKey('Old integration', ['CATALOG_READ']);
    const revoked = await admin.graphql<{ revokeApiKey: { revokedAt: string } }>(`mutation ($id: ID!) { revokeApiKey(id: $id) { revokedAt } }`, {
      id: other.id,
    });
    expect(revoked.data!.revokeApiKey.revokedAt).toBeTruthy();
    const client = keyClient(other.secret);
    const res = await client.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ courses { total } }' }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      errors: [{ message: 'This API key is unknown or has been revoked.', extensions: { code: 'UNAUTHENTICATED', category: 'UNAUTHENTICATED' } }],
    });
    const rest = await client.request('/api/courses');
    expect(rest.status).toBe(401);
    const actions = (await given.db.getRepository(AuditEntry).findBy({ targetId: other.id })).map((entry) => entry.action).sort();
    expect(actions).toEqual(['CREATE_API_KEY', 'REVOKE_API_KEY']);
    // A made-up key is refused the same way.
    expect((await keyClient('shk_madeup').request('/api/courses')).status).toBe(401);
  });

  it('is limited per key, with a clear 429', async () => {
    const limited = await createKey('Busy key', ['CATALOG_READ']);
    await given.db.query(`INSERT INTO rate_limit (key, hits, "resetAt") VALUES ($1, $2, now() + interval '1 minute')`, [
      `${apiKeyLimit.name}:${limited.id}`,
      apiKeyLimit.max,
    ]);
    const res = await keyClient(limited.secret).request('/api/courses');
    expect(res.status).toBe(429);
    expect(((await res.json()) as { message: string }).message).toBe('Too many attempts. Please try again in 1 minute.');
    expect((await keyClient(key.secret).request('/api/courses')).status).toBe(200);
  });
});

describe('making keys', () => {
  it('is for admins and instructors only, and bad input stores nothing', async () => {
    const before = await given.db.getRepository(ApiKey).count();
    const refused = await student.graphql(`mutation { createApiKey(name: "Mine", scopes: [CATALOG_READ]) { secret } }`);
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const noScopes = await admin.graphql(`mutation { createApiKey(name: "None", scopes: []) { secret } }`);
    expect(noScopes.errors?.[0].message).toBe('Choose at least one scope');
    const noName = await admin.graphql(`mutation { createApiKey(name: "  ", scopes: [CATALOG_READ]) { secret } }`);
    expect(noName.errors?.[0].message).toBe('Name is required');
    expect(await given.db.getRepository(ApiKey).count()).toBe(before);
  });
});

describe('the enrollments and payments lists', () => {
  it('gives admins and enrollments:read keys every enrollment, free and imported, and follows new ones with a cursor', async () => {
    const bought = await student.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id }) { status } }`, { id: freeCourseId });
    expect(bought.errors).toBeUndefined();
    // An enrollment brought over from the old platform: no payment, no amount.
    const importedStudent = await makeUser(given.db, { email: 'imported@example.com', passwordHash: null });
    await given.db.getRepository(Enrollment).insert({
      studentId: importedStudent.id,
      courseId: paidCourseId,
      courseName: 'Paid physics',
      courseDescription: 'Old',
      courseImage: null,
      email: importedStudent.email,
      transactionID: 'ch_old',
      transactionAmount: 12,
      paymentId: null,
    });
    const reader = keyClient((await createKey('Enrollment sync', ['ENROLLMENTS_READ'])).secret);
    const query = `query ($after: String, $courseId: ID) { enrollments(after: $after, courseId: $courseId, limit: 1) { total hasMore endCursor items { email courseId refundedAt course { name } } } }`;
    type EnrollmentPage = { enrollments: { total: number; hasMore: boolean; endCursor: string | null; items: Array<{ email: string; courseId: string }> } };
    const first = await reader.graphql<EnrollmentPage>(query);
    expect(first.errors).toBeUndefined();
    expect(first.data!.enrollments).toMatchObject({ total: 2, hasMore: true, items: [{ email: 'student@example.com', courseId: freeCourseId }] });
    // total counts every enrollment the filter matches, on every page: the cursor changes only where the page starts.
    const second = await reader.graphql<EnrollmentPage>(query, { after: first.data!.enrollments.endCursor });
    expect(second.data!.enrollments).toMatchObject({ total: 2, hasMore: false, items: [{ email: 'imported@example.com', courseId: paidCourseId }] });
    // Nothing new yet after the last one; a new enrollment then shows up after it.
    const caughtUp = await reader.graphql<EnrollmentPage>(query, { after: second.data!.enrollments.endCursor });
    expect(caughtUp.data!.enrollments).toMatchObject({ total: 2, hasMore: false, items: [], endCursor: null });
    const writer = keyClient((await createKey('Partner enrollments', ['ENROLLMENTS_WRITE'])).secret);
    const enrolled = await writer.graphql(
      `mutation ($id: ID!) { enrollStudent(courseId: $id, email: "Partner.Student@example.com", name: "Rahim") { email } }`,
      {
        id: paidCourseId,
      },
    );
    expect(enrolled.errors).toBeUndefined();
    const later = await reader.graphql<EnrollmentPage>(query, { after: second.data!.enrollments.endCursor });
    expect(later.data!.enrollments.items).toEqual([expect.objectContaining({ email: 'partner.student@example.com', courseId: paidCourseId })]);
    const byCourse = await admin.graphql<EnrollmentPage>(query, { courseId: freeCourseId });
    expect(byCourse.data!.enrollments.total).toBe(1);
    const refused = await student.graphql(`{ enrollments { total } }`);
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const badCursor = await admin.graphql(`{ enrollments(after: "nonsense") { total } }`);
    expect(badCursor.errors?.[0].message).toBe('after must be an endCursor from an earlier page of this list');
  });

  it('gives admins and payments:read keys every payment, typed, oldest first with a cursor to follow new ones', async () => {
    const buyer = await given.db.getRepository(User).findOneByOrFail({ email: 'student@example.com' });
    const pay = (provider: string, currency: string, at: string) =>
      given.db.getRepository(Payment).save({
        studentId: buyer.id,
        courseId: paidCourseId,
        provider,
        amountMinor: currency === 'bdt' ? 145_000 : 1200,
        currency,
        status: PaymentStatus.SUCCEEDED,
        idempotencyKey: `key-${provider}-${at}`,
        createdAt: new Date(at),
      });
    await pay('sslcommerz', 'bdt', '2026-01-01T10:00:00Z');
    await pay('test', 'usd', '2026-01-02T10:00:00Z');
    const reader = keyClient((await createKey('Payment sync', ['PAYMENTS_READ'])).secret);
    const query = `query ($after: String, $gateway: PaymentProvider) { payments(oldestFirst: true, after: $after, gateway: $gateway, limit: 1) { total endCursor items { gateway testMode amountPaid { amount currency } } } }`;
    type Payments = {
      payments: {
        total: number;
        endCursor: string | null;
        items: Array<{ gateway: string; testMode: boolean; amountPaid: { amount: number; currency: string } }>;
      };
    };
    const first = await reader.graphql<Payments>(query);
    expect(first.errors).toBeUndefined();
    expect(first.data!.payments.items).toEqual([{ gateway: 'SSLCOMMERZ', testMode: false, amountPaid: { amount: 145_000, currency: 'BDT' } }]);
    const second = await reader.graphql<Payments>(query, { after: first.data!.payments.endCursor });
    expect(second.data!.payments.items).toEqual([{ gateway: 'STRIPE', testMode: true, amountPaid: { amount: 1200, currency: 'USD' } }]);
    const caughtUp = await reader.graphql<Payments>(query, { after: second.data!.payments.endCursor });
    expect(caughtUp.data!.payments).toMatchObject({ total: 2, items: [], endCursor: null });
    await pay('stripe', 'usd', '2026-01-03T10:00:00Z');
    const later = await reader.graphql<Payments>(query, { after: second.data!.payments.endCursor });
    expect(later.data!.payments.items).toEqual([{ gateway: 'STRIPE', testMode: false, amountPaid: { amount: 1200, currency: 'USD' } }]);
    const stripeOnly = await admin.graphql<Payments>(query, { gateway: 'STRIPE' });
    expect(stripeOnly.data!.payments.total).toBe(2);

    // Newest first stays the default; a cursor needs the oldest-first order it follows.
    const newest = await admin.graphql<{ payments: { items: Array<{ gateway: string; testMode: boolean }> } }>(`{ payments { items { gateway testMode } } }`);
    expect(newest.data!.payments.items[0]).toEqual({ gateway: 'STRIPE', testMode: false });
    const unordered = await admin.graphql(`query ($after: String) { payments(after: $after) { total } }`, { after: first.data!.payments.endCursor });
    expect(unordered.errors?.[0].message).toBe('after follows a list read oldest first: add oldestFirst: true');
    const enrollmentReader = keyClient((await createKey('Enrollments only', ['ENROLLMENTS_READ'])).secret);
    expect((await enrollmentReader.graphql(`{ payments { total } }`)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await student.graphql(`{ payments { total } }`)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('enrolls a partner’s student once, audited, and never through a person’s session', async () => {
    const writer = keyClient((await createKey('Partner again', ['ENROLLMENTS_WRITE'])).secret);
    const enroll = () =>
      writer.graphql<{ enrollStudent: { id: string } }>(`mutation ($id: ID!) { enrollStudent(courseId: $id, email: "twice@example.com") { id } }`, {
        id: freeCourseId,
      });
    const first = await enroll();
    const second = await enroll();
    expect(second.data!.enrollStudent.id).toBe(first.data!.enrollStudent.id);
    const account = await given.db.getRepository(User).findOneByOrFail({ email: 'twice@example.com' });
    expect(account.passwordHash).toBeNull();
    expect(account.role).toBe(Role.STUDENT);
    const audit = await given.db.getRepository(AuditEntry).findBy({ targetId: first.data!.enrollStudent.id });
    expect(audit).toEqual([
      expect.objectContaining({ action: 'ENROLL_STUDENT', actorEmail: expect.stringMatching(/^API key Partner again \(shk_/) as string }),
    ]);
    const byAdmin = await admin.graphql(`mutation ($id: ID!) { enrollStudent(courseId: $id, email: "sneaky@example.com") { id } }`, { id: freeCourseId });
    expect(byAdmin.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const staffEmail = await writer.graphql(`mutation ($id: ID!) { enrollStudent(courseId: $id, email: "admin@example.com") { id } }`, { id: freeCourseId });
    expect(staffEmail.errors?.[0].message).toBe('Only student accounts can be enrolled');
    expect(await given.db.getRepository(User).countBy({ email: 'sneaky@example.com' })).toBe(0);
  });
});
