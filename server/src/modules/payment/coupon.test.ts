/**
 * Coupons: admins make them for any or every course, instructors for their own; a student sees the
 * new price first and pays it with bKash (SSLCommerz) or a card; limits hold under a race; a 100%
 * coupon gives the course without a payment; revenue and refunds carry the discount exactly.
 */
import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase, resetDatabase } from '../../test/database';
import { makeCourse, makeUser } from '../../test/factories';
import { payOnGateway } from '../../test/sslcommerz-gateway';
import { HttpClient, signedInClient } from '../../test/http-client';
import { Role } from '../../kernel/role';
import type { Course } from '../course/course.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { Payment, PaymentStatus } from './payment.entity';
import { CouponRedemption } from './coupon.entity';
import { COUPON_ALREADY_USED, COUPON_NOT_FOR_COURSE, COUPON_TAKA_ONLY, couponGuesses } from './coupon.service';

let db: DataSource;
let app: TestApp;
let admin: HttpClient;
let teacher: HttpClient;
let student: HttpClient;
let physics: Course;
let chemistry: Course;
const password = 'a long enough password';

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
  await makeUser(db, { email: 'admin@example.com', role: Role.ADMIN }, password);
  const instructor = await makeUser(db, { email: 'teacher@example.com', role: Role.INSTRUCTOR }, password);
  await makeUser(db, { email: 'other@example.com', role: Role.INSTRUCTOR }, password);
  await makeUser(db, { email: 'rafi@example.com', name: 'Rafi Hasan' }, password);
  admin = await signedInClient(app.url, 'admin@example.com', password);
  teacher = await signedInClient(app.url, 'teacher@example.com', password);
  student = await signedInClient(app.url, 'rafi@example.com', password);
  physics = await makeCourse(db, { name: 'Physics – Class 9', price: 10, priceBDT: 1200, instructorId: instructor.id, instructorEmail: instructor.email });
  chemistry = await makeCourse(db, { name: 'Chemistry – Class 9', price: 10, priceBDT: 1000 });
});

const CREATE = `mutation ($input: CouponInput!) { createCoupon(input: $input) { id code percentOff amountOff { amount } courseIds maxUsesPerStudent } }`;
const PREVIEW = `mutation ($course: ID!, $code: String!, $provider: PaymentProvider) { couponPreview(courseId: $course, code: $code, provider: $provider) { amount currency } }`;
const BUY = `mutation ($input: PurchaseInput!) { purchaseCourse(input: $input) { status redirectURL message enrollment { id } } }`;

async function makeCoupon(client: HttpClient, input: Record<string, unknown>) {
  const body = await client.graphql<{ createCoupon: { id: string; code: string } }>(CREATE, { input });
  return body;
}

describe('coupons', () => {
  it('a student sees the new taka price, pays it with bKash, and the payment, revenue and refund carry the discount exactly', async () => {
    expect((await makeCoupon(admin, { code: 'eid25', percentOff: 25, courseIds: [physics.id] })).errors).toBeUndefined();
    const preview = await student.graphql(PREVIEW, { course: physics.id, code: 'Eid25' });
    expect(preview.data).toEqual({ couponPreview: { amount: 90_000, currency: 'BDT' } });

    const bought = await student.graphql<{ purchaseCourse: { status: string; redirectURL: string } }>(BUY, {
      input: { courseId: physics.id, provider: 'SSLCOMMERZ', couponCode: 'EID25', billingDetails: { phone: '01712-345678' } },
    });
    expect(bought.data!.purchaseCourse.status).toBe('REQUIRES_ACTION');
    expect(await (await fetch(bought.data!.purchaseCourse.redirectURL)).text()).toContain('Pay ৳900.00');
    await payOnGateway(bought.data!.purchaseCourse.redirectURL);
    const [payment] = await db.getRepository(Payment).findBy({ courseId: physics.id });
    expect(payment).toMatchObject({ status: PaymentStatus.SUCCEEDED, amountMinor: 90_000, currency: 'bdt' });
    expect(await db.getRepository(CouponRedemption).findBy({ paymentId: payment.id })).toMatchObject([{ discountMinor: 30_000, currency: 'bdt' }]);

    // The receipt says what the coupon took off.
    const receipt = await student.request(`/api/receipts/${payment.id}`);
    expect(await receipt.text()).toContain('<div class="receipt-line" data-line="coupon"><dt>Coupon</dt><dd>EID25: ৳300 off</dd></div>');

    // The instructor's revenue is what was paid; the admin sees one use and its revenue.
    const listed = await admin.graphql<{ coupons: Array<{ code: string; uses: number; revenue: Array<{ amount: number; currency: string }> }> }>(
      `{ coupons { code uses revenue { amount currency } } }`,
    );
    expect(listed.data!.coupons).toEqual([{ code: 'EID25', uses: 1, revenue: [{ amount: 90_000, currency: 'BDT' }] }]);
    // Used once: the student's one use is taken.
    const again = await student.graphql(PREVIEW, { course: physics.id, code: 'EID25' });
    expect(again.errors?.[0]).toMatchObject({ message: COUPON_ALREADY_USED, extensions: { code: 'COUPON_USED_UP' } });

    // A refund gives back what was paid, not the list price.
    const [enrollment] = await db.getRepository(Enrollment).findBy({ courseId: physics.id });
    const refund = await admin.graphql<{ refundEnrollment: { amountRefunded: { amount: number } } }>(
      `mutation ($id: ID!) { refundEnrollment(enrollmentId: $id, refundCase: COURSE_CANCELLED) { amountRefunded { amount } } }`,
      { id: enrollment.id },
    );
    expect(refund.data!.refundEnrollment.amountRefunded.amount).toBe(90_000);
  });

  it('a card in dollars takes a percentage off; taka off is for taka payments only', async () => {
    await makeCoupon(admin, { code: 'HALF', percentOff: 50 });
    await makeCoupon(admin, { code: 'TAKA300', amountOffBDT: 300 });
    expect((await student.graphql(PREVIEW, { course: chemistry.id, code: 'half', provider: 'STRIPE' })).data).toEqual({
      couponPreview: { amount: 500, currency: 'USD' },
    });
    const card = await student.graphql<{ purchaseCourse: { status: string } }>(BUY, {
      input: { courseId: chemistry.id, provider: 'STRIPE', paymentMethod: 'pm_card_visa', couponCode: 'half' },
    });
    expect(card.data!.purchaseCourse.status).toBe('SUCCEEDED');
    expect(await db.getRepository(Payment).findOneByOrFail({ courseId: chemistry.id })).toMatchObject({ amountMinor: 500, currency: 'usd' });
    const takaByCard = await student.graphql(PREVIEW, { course: physics.id, code: 'TAKA300', provider: 'STRIPE' });
    expect(takaByCard.errors?.[0]).toMatchObject({ message: COUPON_TAKA_ONLY, extensions: { code: 'COUPON_NOT_FOR_COURSE' } });
    expect((await student.graphql(PREVIEW, { course: physics.id, code: 'TAKA300' })).data).toEqual({ couponPreview: { amount: 90_000, currency: 'BDT' } });
  });

  it('a 100% coupon gives the course without a payment, recording its use', async () => {
    await makeCoupon(admin, { code: 'SCHOOL100', percentOff: 100, courseIds: [physics.id], maxUses: 30 });
    const bought = await student.graphql<{ purchaseCourse: { status: string; enrollment: { id: string } } }>(BUY, {
      input: { courseId: physics.id, provider: 'SSLCOMMERZ', couponCode: 'school100' },
    });
    expect(bought.data!.purchaseCourse.status).toBe('SUCCEEDED');
    expect(await db.getRepository(Payment).countBy({ courseId: physics.id })).toBe(0);
    expect(await db.getRepository(Enrollment).countBy({ courseId: physics.id })).toBe(1);
    expect(await db.getRepository(CouponRedemption).findBy({ courseId: physics.id })).toMatchObject([{ paymentId: null, discountMinor: 120_000 }]);
  });

  it('refuses unknown, expired, used-up and other courses’ coupons in the page’s language, and changes nothing', async () => {
    const unknown = await student.graphql(BUY, {
      input: { courseId: physics.id, provider: 'SSLCOMMERZ', couponCode: 'NOPE1', billingDetails: { phone: '01712-345678' } },
    });
    expect(unknown.errors?.[0].extensions).toMatchObject({ code: 'COUPON_NOT_FOUND', category: 'NOT_FOUND', field: 'input.couponCode' });
    await makeCoupon(admin, { code: 'CHEM10', percentOff: 10, courseIds: [chemistry.id] });
    const other = await student.graphql(PREVIEW, { course: physics.id, code: 'CHEM10' });
    expect(other.errors?.[0]).toMatchObject({ message: COUPON_NOT_FOR_COURSE, extensions: { code: 'COUPON_NOT_FOR_COURSE' } });
    await makeCoupon(admin, { code: 'OLD10', percentOff: 10, expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await db.query(`UPDATE coupon SET "expiresAt" = now() - interval '1 second' WHERE code = 'OLD10'`);
    const bangla = new HttpClient(app.url);
    bangla.token = student.token;
    bangla.headers['accept-language'] = 'bn';
    const expired = await bangla.graphql(PREVIEW, { course: physics.id, code: 'old10' });
    expect(expired.errors?.[0]).toMatchObject({ message: 'এই কুপনের মেয়াদ শেষ।', extensions: { code: 'COUPON_EXPIRED' } });
    await makeCoupon(admin, { code: 'ONCE', percentOff: 10, maxUses: 1 });
    await db.query(
      `INSERT INTO coupon_redemption ("couponId", "studentId", "courseId", "discountCents", currency) SELECT c.id, u.id, $1, 100, 'bdt' FROM coupon c, "user" u WHERE c.code = 'ONCE' AND u.email = 'admin@example.com'`,
      [chemistry.id],
    );
    const usedUp = await student.graphql(PREVIEW, { course: physics.id, code: 'ONCE' });
    expect(usedUp.errors?.[0].extensions?.code).toBe('COUPON_USED_UP');
    expect(await db.getRepository(Payment).count()).toBe(0);

    // Guessing codes is slowed down per account.
    for (let i = 1; i < couponGuesses.max; i++) await student.graphql(PREVIEW, { course: physics.id, code: `GUESS${i}` });
    const limited = await student.graphql(PREVIEW, { course: physics.id, code: 'CHEM10' });
    expect(limited.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
  });

  it('two students racing for the last use get one use between them', async () => {
    await makeCoupon(admin, { code: 'LAST', percentOff: 20, maxUses: 1 });
    await makeUser(db, { email: 'nadia@example.com' }, password);
    const second = await signedInClient(app.url, 'nadia@example.com', password);
    const buy = (client: HttpClient) =>
      client.graphql<{ purchaseCourse: { status: string } }>(BUY, {
        input: { courseId: physics.id, provider: 'SSLCOMMERZ', couponCode: 'LAST', billingDetails: { phone: '01712-345678' } },
      });
    const [a, b] = await Promise.all([buy(student), buy(second)]);
    const started = [a, b].filter((body) => body.data?.purchaseCourse.status === 'REQUIRES_ACTION');
    const refused = [a, b].filter((body) => body.errors?.[0].extensions?.code === 'COUPON_USED_UP');
    expect([started.length, refused.length]).toEqual([1, 1]);
    expect(await db.getRepository(Payment).countBy({ courseId: physics.id })).toBe(1);
    expect(await db.getRepository(CouponRedemption).count()).toBe(1);
  });

  it('instructors make coupons for their own courses only; students make none', async () => {
    expect((await makeCoupon(teacher, { code: 'MYCLASS', percentOff: 15, courseIds: [physics.id] })).errors).toBeUndefined();
    const notMine = await makeCoupon(teacher, { code: 'THEIRS', percentOff: 15, courseIds: [chemistry.id] });
    expect(notMine.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const siteWide = await makeCoupon(teacher, { code: 'EVERYONE', percentOff: 15 });
    expect(siteWide.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.courseIds' });
    const both = await makeCoupon(admin, { code: 'BOTH', percentOff: 15, amountOffBDT: 100 });
    expect(both.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.percentOff' });
    const badCode = await makeCoupon(admin, { code: 'ঈদ২৫', percentOff: 15 });
    expect(badCode.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.code' });
    const taken = await makeCoupon(admin, { code: 'myclass', percentOff: 5 });
    expect(taken.errors?.[0].extensions).toMatchObject({ code: 'COUPON_CODE_TAKEN', field: 'input.code' });
    const byStudent = await makeCoupon(student, { code: 'STUDENT', percentOff: 5 });
    expect(byStudent.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const mine = await teacher.graphql<{ coupons: Array<{ code: string }> }>(`{ coupons { code } }`);
    expect(mine.data!.coupons).toEqual([{ code: 'MYCLASS' }]);
  });
});
