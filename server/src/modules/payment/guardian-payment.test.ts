/**
 * A student asks a guardian to pay: the guardian gets an SMS link, opens it with no account, pays
 * with bKash on the (offline) SSLCommerz gateway, and the student gets the course, once; the
 * receipt goes to both. The link knows the student's first name and the course, nothing more.
 */
import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase, resetDatabase } from '../../test/database';
import { makeCourse, makeUser } from '../../test/factories';
import { payOnGateway } from '../../test/sslcommerz-gateway';
import { HttpClient, signedInClient } from '../../test/http-client';
import type { Course } from '../course/course.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { Payment, PaymentStatus } from './payment.entity';
import { GuardianPaymentRequest } from './guardian-payment.entity';
import { GUARDIAN_PAYMENT_EXPIRED, guardianLimits } from './guardian-payment.service';
import { BANGLADESH_MOBILE } from './checkout.service';
import { Role } from '../../kernel/role';

let db: DataSource;
let app: TestApp;
let student: HttpClient;
let course: Course;
const GUARDIAN = '+8801812345670';

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startTestApp(db, { PUBLIC_URL: 'self' });
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});
beforeEach(async () => {
  await resetDatabase(db);
  await makeUser(db, { email: 'nusrat@example.com', name: 'Nusrat Jahan Chowdhury' }, 'student password');
  student = await signedInClient(app.url, 'nusrat@example.com', 'student password');
  course = await makeCourse(db, { name: 'Physics – Class 9', price: 10, priceBDT: 1200 });
});

const ASK = `mutation ($course: ID!, $phone: String!) { requestGuardianPayment(courseId: $course, guardianPhone: $phone) }`;
const VIEW = `query ($token: String!) { guardianPayment(token: $token) { studentFirstName courseId courseName price { amount currency } status paidAt transactionId expiresAt } }`;
const PAY = `mutation ($input: GuardianPayInput!) { payGuardianPayment(input: $input) { status redirectURL message } }`;

type View = {
  guardianPayment: {
    studentFirstName: string;
    courseId: string;
    courseName: string;
    price: { amount: number; currency: string };
    status: string;
    paidAt: string | null;
    transactionId: string | null;
    expiresAt: string;
  };
};

async function smsTo(phone: string): Promise<OutboxMessage[]> {
  return db.getRepository(OutboxMessage).find({ where: { to: phone, channel: 'sms' }, order: { createdAt: 'ASC' } });
}

/** Asks for a guardian's payment and answers the token from the SMS link. */
async function ask(phone = '01812-345670'): Promise<string> {
  const { data, errors } = await student.graphql(ASK, { course: course.id, phone });
  expect(errors).toBeUndefined();
  expect(data).toEqual({ requestGuardianPayment: true });
  const [sms] = (await smsTo(GUARDIAN)).slice(-1);
  const link = /(http:\/\/127\.0\.0\.1:\d+\/guardian-pay\/([\w-]+)\?lang=bn)$/.exec(sms.text);
  expect(link).not.toBeNull();
  return link![2];
}

describe('a guardian pays', () => {
  it('gets an SMS in Bangla naming the student and the course at its taka price, with a link valid for 48 hours', async () => {
    const token = await ask();
    const [sms] = await smsTo(GUARDIAN);
    expect(sms.text).toMatch(
      /^শিখন: Nusrat আপনাকে "Physics – Class 9" কোর্সের ৳১,২০০ পরিশোধ করতে অনুরোধ করেছে। বিকাশ, নগদ, রকেট বা কার্ডে ৪৮ ঘণ্টার মধ্যে পরিশোধ করুন: /,
    );
    const guardian = new HttpClient(app.url);
    const { data } = await guardian.graphql<View>(VIEW, { token });
    expect(data!.guardianPayment).toMatchObject({
      studentFirstName: 'Nusrat',
      courseId: course.id,
      courseName: 'Physics – Class 9',
      price: { amount: 120_000, currency: 'BDT' },
      status: 'OPEN',
      paidAt: null,
      transactionId: null,
    });
    const hours = (new Date(data!.guardianPayment.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    // Only the token's hash is kept.
    expect(JSON.stringify(await db.getRepository(GuardianPaymentRequest).find())).not.toContain(token);
  });

  it('pays with bKash without an account: the student gets the course once, the receipt goes to both, and the link is done', async () => {
    const token = await ask();
    const guardian = new HttpClient(app.url);
    const { data } = await guardian.graphql<{ payGuardianPayment: { status: string; redirectURL: string } }>(PAY, {
      input: { token, name: 'Abdul Karim' },
    });
    expect(data!.payGuardianPayment.status).toBe('REQUIRES_ACTION');
    const landing = await payOnGateway(data!.payGuardianPayment.redirectURL);
    expect(landing).toBe(`${app.url}/guardian-pay/done?success=true`);

    const [payment] = await db.getRepository(Payment).findBy({ courseId: course.id });
    expect(payment).toMatchObject({ status: PaymentStatus.SUCCEEDED, amountMinor: 120_000, currency: 'bdt', method: 'bKash' });
    expect(payment.billingDetails).toBeNull();
    const enrollments = await db.getRepository(Enrollment).findBy({ courseId: course.id });
    expect(enrollments).toHaveLength(1);
    expect(enrollments[0].email).toBe('nusrat@example.com');
    // The student's receipt by mail, the guardian's by SMS.
    expect(await db.getRepository(OutboxMessage).countBy({ to: 'nusrat@example.com', channel: 'mail' })).toBe(1);
    const receipt = (await smsTo(GUARDIAN)).at(-1)!;
    const prefix = `শিখন: "Physics – Class 9" কোর্সের ৳১,২০০ পরিশোধ হয়েছে, ধন্যবাদ। লেনদেন: ${payment.transactionRef}, `;
    expect(receipt.text.startsWith(prefix)).toBe(true);
    expect(receipt.text.slice(prefix.length)).toMatch(/^[০-৯]+ \S+, [০-৯]{4}।$/);

    const after = await guardian.graphql<View>(VIEW, { token });
    expect(after.data!.guardianPayment).toMatchObject({ status: 'PAID', transactionId: payment.transactionRef });
    const again = await guardian.graphql(PAY, { input: { token, name: 'Abdul Karim' } });
    expect(again.errors?.[0].extensions?.code).toBe('ALREADY_ENROLLED');
    expect(await db.getRepository(Payment).countBy({ courseId: course.id })).toBe(1);
  });

  it('held as risky, then approved by an admin: the student gets the course, the guardian the receipt, and the link is done, once', async () => {
    const token = await ask();
    const guardian = new HttpClient(app.url);
    const { data } = await guardian.graphql<{ payGuardianPayment: { redirectURL: string } }>(PAY, { input: { token, name: 'Abdul Karim' } });
    expect(await payOnGateway(data!.payGuardianPayment.redirectURL, { risk: '1' })).toBe(`${app.url}/guardian-pay/done?held=true`);
    const [held] = await db.getRepository(Payment).findBy({ courseId: course.id });
    expect(held.status).toBe(PaymentStatus.HELD);
    const smsBefore = (await smsTo(GUARDIAN)).length;

    await makeUser(db, { email: 'boss@example.com', role: Role.ADMIN }, 'admin password');
    const admin = await signedInClient(app.url, 'boss@example.com', 'admin password');
    const APPROVE = `mutation ($id: ID!) { approveHeldPayment(paymentId: $id) }`;
    expect((await admin.graphql(APPROVE, { id: held.id })).data).toEqual({ approveHeldPayment: true });
    expect((await admin.graphql(APPROVE, { id: held.id })).errors?.[0].message).toBe('This payment is not held for review');

    expect(await db.getRepository(Enrollment).countBy({ courseId: course.id })).toBe(1);
    expect(await db.getRepository(OutboxMessage).countBy({ to: 'nusrat@example.com', channel: 'mail' })).toBe(1);
    const texts = await smsTo(GUARDIAN);
    expect(texts).toHaveLength(smsBefore + 1);
    expect(texts.at(-1)!.text).toContain('"Physics – Class 9" কোর্সের ৳১,২০০ পরিশোধ হয়েছে');
    expect((await guardian.graphql<View>(VIEW, { token })).data!.guardianPayment.status).toBe('PAID');
  });

  it('a second tap on Pay gives the same gateway page, not a second payment', async () => {
    const token = await ask();
    const guardian = new HttpClient(app.url);
    const first = await guardian.graphql<{ payGuardianPayment: { redirectURL: string } }>(PAY, { input: { token, name: 'Abdul Karim' } });
    const second = await guardian.graphql<{ payGuardianPayment: { redirectURL: string } }>(PAY, { input: { token, name: 'Abdul Karim' } });
    expect(second.data!.payGuardianPayment.redirectURL).toBe(first.data!.payGuardianPayment.redirectURL);
    expect(await db.getRepository(Payment).countBy({ courseId: course.id })).toBe(1);
  });

  it('refuses a wrong link, an expired one, a wrong number, a free or owned course, and too many requests, changing nothing', async () => {
    const guardian = new HttpClient(app.url);
    const unknown = await guardian.graphql(VIEW, { token: 'not-a-real-token' });
    expect(unknown.errors?.[0].extensions).toMatchObject({ code: 'GUARDIAN_PAYMENT_NOT_FOUND', category: 'NOT_FOUND' });

    const token = await ask();
    await db.query(`UPDATE guardian_payment_request SET "expiresAt" = now() - interval '1 second'`);
    expect((await guardian.graphql<View>(VIEW, { token })).data!.guardianPayment.status).toBe('EXPIRED');
    const late = await guardian.graphql(PAY, { input: { token, name: 'Abdul Karim' } });
    expect(late.errors?.[0]).toMatchObject({ message: GUARDIAN_PAYMENT_EXPIRED, extensions: { code: 'GUARDIAN_PAYMENT_EXPIRED' } });
    expect(await db.getRepository(Payment).count()).toBe(0);

    const wrongNumber = await student.graphql(ASK, { course: course.id, phone: '12345' });
    expect(wrongNumber.errors?.[0]).toMatchObject({ message: BANGLADESH_MOBILE, extensions: { code: 'BAD_USER_INPUT', field: 'guardianPhone' } });
    const free = await makeCourse(db, { name: 'Free Bangla grammar', price: 0, priceBDT: 0 });
    const askFree = await student.graphql(ASK, { course: free.id, phone: '01812-345670' });
    expect(askFree.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const visitor = await guardian.graphql(ASK, { course: course.id, phone: '01812-345670' });
    expect(visitor.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    // A number gets a few a day, whoever asks.
    const sent = (await smsTo(GUARDIAN)).length;
    for (let i = sent; i < guardianLimits.perNumber.max; i++) await ask();
    const tooMany = await student.graphql(ASK, { course: course.id, phone: '01812-345670' });
    expect(tooMany.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    expect(await smsTo(GUARDIAN)).toHaveLength(guardianLimits.perNumber.max);

    await makeUser(db, { email: 'owner@example.com' }, 'student password');
    const owner = await signedInClient(app.url, 'owner@example.com', 'student password');
    await db.query(
      `INSERT INTO enrollment ("studentId", "courseId", email, "courseName", "courseDescription") SELECT u.id, $1, u.email, $2, '' FROM "user" u WHERE u.email = 'owner@example.com'`,
      [course.id, course.name],
    );
    const owned = await owner.graphql(ASK, { course: course.id, phone: '01912-345670' });
    expect(owned.errors?.[0].extensions?.code).toBe('ALREADY_ENROLLED');
  });
});
