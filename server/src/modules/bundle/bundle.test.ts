/**
 * Bundles: admins make them, anyone reads them, a student buys one in one payment (bKash through
 * the SSLCommerz sandbox, or a card in Stripe's test mode) and is enrolled in every course once,
 * however often the provider's notice comes; a partly owned bundle costs the stated price for the
 * rest; the receipt lists the courses; a refund ends every enrollment the payment gave.
 */
import { IsNull } from 'typeorm';
import { Role } from '../../kernel/role';
import { signWebhookPayload } from '../../payments/stripe/webhook-signature';
import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { payOnGateway } from '../../test/sslcommerz-gateway';
import { Course as CourseEntity, type Course } from '../course/course.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../integration/webhook.entity';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { Payment, PaymentStatus } from '../payment/payment.entity';
import { settleFromProvider } from '../payment/settlement.service';
import { revenueByCurrency } from '../payment/revenue';
import { User } from '../user/user.entity';
import { usdPriceMinorForRest, splitByWeight, takaPriceForRest } from './bundle-price';

const WEBHOOK_SECRET = 'whsec_bundle_test_secret';
const given = useAppPerFile({ env: { PUBLIC_URL: 'self', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });

let admin: HttpClient;
let student: HttpClient;
let studentId: string;
let physics: Course;
let chemistry: Course;
let biology: Course;

beforeEach(async () => {
  await makeUser(given.db, { email: 'bundle-admin@example.com', role: Role.ADMIN }, 'admin password');
  studentId = (await makeUser(given.db, { email: 'nadia@example.com', name: 'Nadia Islam' }, 'student password')).id;
  admin = await signedInClient(given.app.url, 'bundle-admin@example.com', 'admin password');
  student = await signedInClient(given.app.url, 'nadia@example.com', 'student password');
  physics = await makeCourse(given.db, { name: 'Physics 9', price: 10, priceBDT: 1000 });
  chemistry = await makeCourse(given.db, { name: 'Chemistry 9', price: 10, priceBDT: 1000 });
  biology = await makeCourse(given.db, { name: 'Biology 9', price: 20, priceBDT: 2000 });
});

const CREATE = `mutation ($input: CreateBundleInput!) { createBundle(input: $input) { id name price { amount } listPrice { amount } saving { amount } } }`;
const READ = `query ($id: ID!) { bundle(id: $id) { id name courses { id } price { amount currency } saving { amount } priceForYou { amount } cardPriceForYou { amount currency } ownedCourseIds } }`;
const BUY = `mutation ($input: PurchaseBundleInput!) { purchaseBundle(input: $input) { status redirectURL message paymentId enrollment { id } } }`;
type Bought = {
  purchaseBundle: { status: string; redirectURL: string | null; message: string | null; paymentId: string | null; enrollment: { id: string } | null };
};

async function makeBundle(priceBDT = 3200, courses = [physics, chemistry, biology]): Promise<string> {
  const { data, errors } = await admin.graphql<{ createBundle: { id: string } }>(CREATE, {
    input: { name: 'Science 9', courseIds: courses.map((course) => course.id), priceBDT },
  });
  if (!data) throw new Error(JSON.stringify(errors));
  return data.createBundle.id;
}

const activeCourses = async () =>
  (await given.db.getRepository(Enrollment).findBy({ studentId, revokedAt: IsNull() })).map((enrollment) => enrollment.courseId).sort();
const bkash = (bundleId: string, key = 'bundle-try-1') => ({
  bundleId,
  provider: 'SSLCOMMERZ',
  billingDetails: { name: 'Nadia Islam', phone: '01812-345678' },
  idempotencyKey: key,
});

describe('making bundles', () => {
  it('lets admins make a bundle of published courses, at least 2, priced above 0 and below their sum', async () => {
    const { data } = await admin.graphql(CREATE, { input: { name: 'Science 9', courseIds: [physics.id, chemistry.id], priceBDT: 1500 } });
    expect(data).toMatchObject({ createBundle: { name: 'Science 9', price: { amount: 150_000 }, listPrice: { amount: 200_000 }, saving: { amount: 50_000 } } });
    const draft = await makeCourse(given.db, { name: 'Draft', published: false });
    const refused = async (input: Record<string, unknown>) => (await admin.graphql(CREATE, { input: { name: 'Science 9', ...input } })).errors?.[0];
    expect(await refused({ courseIds: [physics.id], priceBDT: 500 })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'input.courseIds' } });
    expect(await refused({ courseIds: [physics.id, physics.id], priceBDT: 500 })).toMatchObject({ extensions: { field: 'input.courseIds' } });
    expect(await refused({ courseIds: [physics.id, draft.id], priceBDT: 500 })).toMatchObject({ extensions: { field: 'input.courseIds' } });
    expect(await refused({ courseIds: [physics.id, chemistry.id], priceBDT: 0 })).toMatchObject({ extensions: { field: 'input.priceBDT' } });
    expect(await refused({ courseIds: [physics.id, chemistry.id], priceBDT: 2000 })).toMatchObject({ extensions: { field: 'input.priceBDT' } });
  });

  it('refuses everyone but admins', async () => {
    const input = { name: 'Science 9', courseIds: [physics.id, chemistry.id], priceBDT: 1500 };
    expect((await student.graphql(CREATE, { input })).errors?.[0].extensions?.category).toBe('FORBIDDEN');
    expect((await given.visitor.graphql(CREATE, { input })).errors?.[0].extensions?.category).toBe('UNAUTHENTICATED');
  });

  it('shows bundles to anyone, with the price and the saving', async () => {
    const id = await makeBundle();
    const { data } = await given.visitor.graphql(READ, { id });
    expect(data).toEqual({
      bundle: {
        id,
        name: 'Science 9',
        courses: [{ id: physics.id }, { id: chemistry.id }, { id: biology.id }],
        price: { amount: 320_000, currency: 'BDT' },
        saving: { amount: 80_000 },
        priceForYou: { amount: 320_000 },
        cardPriceForYou: { amount: 3200, currency: 'USD' },
        ownedCourseIds: [],
      },
    });
    expect((await given.visitor.graphql(`{ bundles { id } }`)).data).toEqual({ bundles: [{ id }] });
    const missing = await given.visitor.graphql(READ, { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.data).toEqual({ bundle: null });
  });
});

describe('buying a bundle', () => {
  it('enrolls in every course once through the SSLCommerz sandbox, however often the notice comes, with one receipt listing them', async () => {
    const id = await makeBundle();
    const endpointOwner = await given.db.getRepository(User).findOneByOrFail({ email: 'bundle-admin@example.com' });
    await given.db
      .getRepository(WebhookEndpoint)
      .insert({ url: 'http://127.0.0.1:9/hooks', events: [WebhookEventType.ENROLLMENT_CREATED], secretEncrypted: 'x', createdById: endpointOwner.id });
    await given.app.services.jobs.boss();
    const { data, errors } = await student.graphql<Bought>(BUY, { input: bkash(id) });
    expect(errors).toBeUndefined();
    expect(data!.purchaseBundle).toMatchObject({ status: 'REQUIRES_ACTION', enrollment: null });
    // The IPN and the buyer's return both come; then the IPN once more.
    const back = await payOnGateway(data!.purchaseBundle.redirectURL!);
    expect(back).toMatch(new RegExp(`/bundles/${id}\\?success=true$`));
    const payment = await given.db.getRepository(Payment).findOneByOrFail({ studentId });
    await settleFromProvider(given.app.services.payments, payment.provider, { providerRef: payment.providerRef });
    expect(await activeCourses()).toEqual([physics.id, chemistry.id, biology.id].sort());
    expect(await given.db.getRepository(Payment).countBy({ studentId })).toBe(1);
    expect(payment).toMatchObject({ amountMinor: 320_000, currency: 'bdt', status: PaymentStatus.SUCCEEDED, method: 'bKash' });
    // Instructor revenue: the amount split over the courses by their list prices.
    const enrollments = await given.db.getRepository(Enrollment).findBy({ studentId });
    expect(Object.fromEntries(enrollments.map((e) => [e.courseId, e.amountPaidMinor]))).toEqual({
      [physics.id]: 80_000,
      [chemistry.id]: 80_000,
      [biology.id]: 160_000,
    });
    const created = await given.db.getRepository(WebhookDelivery).findBy({ eventType: WebhookEventType.ENROLLMENT_CREATED });
    expect(created).toHaveLength(3);
    // One receipt, naming every course; the receipt page lists them too.
    const mails = await given.db.getRepository(OutboxMessage).findBy({ to: 'nadia@example.com' });
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Science 9 (Physics 9, Chemistry 9, Biology 9)');
    const page = await student.request(`/api/receipts/${payment.id}?lang=en`);
    const html = await page.text();
    expect(html).toContain('Science 9');
    expect(html).toContain('Physics 9; Chemistry 9; Biology 9');
    // Bought already: refused with a clear error.
    const again = await student.graphql(BUY, { input: bkash(id, 'bundle-try-2') });
    expect(again.errors?.[0]).toMatchObject({ message: 'You already own every course in this bundle', extensions: { code: 'BUNDLE_ALREADY_OWNED' } });
  });

  it('enrolls in every course once by card, however often the webhook comes', async () => {
    const id = await makeBundle();
    const { data } = await student.graphql<Bought>(BUY, {
      input: { bundleId: id, provider: 'STRIPE', paymentMethod: 'pm_card_visa', idempotencyKey: 'card-1' },
    });
    expect(data!.purchaseBundle.status).toBe('SUCCEEDED');
    expect(data!.purchaseBundle.enrollment).not.toBeNull();
    const payment = await given.db.getRepository(Payment).findOneByOrFail({ studentId });
    expect(payment).toMatchObject({ amountMinor: 3200, currency: 'usd' });
    const body = JSON.stringify({
      id: 'evt_bundle',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: payment.providerRef, object: 'payment_intent', metadata: { paymentId: payment.id } } },
    });
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${given.app.url}/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signWebhookPayload(body, WEBHOOK_SECRET) },
        body,
      });
      expect(res.status).toBe(200);
    }
    expect(await activeCourses()).toEqual([physics.id, chemistry.id, biology.id].sort());
    expect(await given.db.getRepository(Enrollment).countBy({ studentId })).toBe(3);
    expect(await given.db.getRepository(OutboxMessage).countBy({ to: 'nadia@example.com' })).toBe(1);
    // One payment in the student's payments, under the bundle's name.
    const { data: mine } = await student.graphql(`{ myPayments { total items { courseName status } } }`);
    expect(mine).toEqual({ myPayments: { total: 1, items: [{ courseName: 'Science 9', status: 'SUCCEEDED' }] } });
    // The same request again answers the first result, charging nothing more.
    const replay = await student.graphql<Bought>(BUY, { input: { bundleId: id, provider: 'STRIPE', paymentMethod: 'pm_card_visa', idempotencyKey: 'card-1' } });
    expect(replay.data!.purchaseBundle.status).toBe('SUCCEEDED');
    expect(await given.db.getRepository(Payment).countBy({ studentId })).toBe(1);
  });

  it("counts only each course's share of a bundle in its instructor's revenue, split by list price", async () => {
    const teacher = await makeUser(given.db, { email: 'bundle-teacher@example.com', role: Role.INSTRUCTOR }, 'teacher password');
    await given.db.getRepository(CourseEntity).update({ id: physics.id }, { instructorId: teacher.id });
    const id = await makeBundle();
    await student.graphql<Bought>(BUY, { input: { bundleId: id, provider: 'STRIPE', paymentMethod: 'pm_card_visa' } });
    // $32 over $10 + $10 + $20: physics' share is $8.
    expect(await revenueByCurrency(given.db, 'c."instructorId" = $1', [teacher.id])).toEqual([{ currency: 'usd', amount: 8 }]);
    expect(await revenueByCurrency(given.db, 'true', [])).toEqual([{ currency: 'usd', amount: 32 }]);
  });

  it('charges a student who owns some courses the stated price for the rest, and enrolls only the rest', async () => {
    const id = await makeBundle();
    // Physics was bought alone before (৳1,000 of the ৳4,000 list price).
    await student.graphql(`mutation ($input: PurchaseInput!) { purchaseCourse(input: $input) { status } }`, {
      input: { courseId: physics.id, paymentMethod: 'pm_card_visa' },
    });
    const { data } = await student.graphql<{ bundle: { priceForYou: { amount: number }; ownedCourseIds: string[] } }>(READ, { id });
    // ৳3,200 × 3,000 / 4,000 = ৳2,400 (below ৳3,000, the two courses' own prices).
    expect(data!.bundle).toMatchObject({ priceForYou: { amount: 240_000 }, ownedCourseIds: [physics.id] });
    const bought = await student.graphql<Bought>(BUY, { input: bkash(id) });
    await payOnGateway(bought.data!.purchaseBundle.redirectURL!);
    const payment = await given.db.getRepository(Payment).findOneByOrFail({ studentId, provider: 'sslcommerz' });
    expect(payment.amountMinor).toBe(240_000);
    expect(payment.bundle!.courses.map((line) => line.courseId)).toEqual([chemistry.id, biology.id]);
    expect(await activeCourses()).toEqual([physics.id, chemistry.id, biology.id].sort());
    const physicsEnrollment = await given.db.getRepository(Enrollment).findOneByOrFail({ studentId, courseId: physics.id });
    expect(physicsEnrollment.paymentId).not.toBe(payment.id);
  });

  it("refuses buying one of a bundle's courses alone while the bundle's payment waits on the gateway", async () => {
    const id = await makeBundle();
    expect((await student.graphql<Bought>(BUY, { input: bkash(id) })).data!.purchaseBundle.status).toBe('REQUIRES_ACTION');
    const alone = await student.graphql(`mutation ($input: PurchaseInput!) { purchaseCourse(input: $input) { status } }`, {
      input: { courseId: biology.id, paymentMethod: 'pm_card_visa' },
    });
    expect(alone.errors?.[0].extensions?.code).toBe('PAYMENT_IN_PROGRESS');
    expect(await activeCourses()).toEqual([]);
  });

  it('ends every enrollment of a refunded bundle payment', async () => {
    const id = await makeBundle();
    const bought = await student.graphql<Bought>(BUY, { input: bkash(id) });
    await payOnGateway(bought.data!.purchaseBundle.redirectURL!);
    const one = await given.db.getRepository(Enrollment).findOneByOrFail({ studentId, courseId: chemistry.id });
    const { data, errors } = await admin.graphql(
      `mutation ($id: ID!) { refundEnrollment(enrollmentId: $id, refundCase: COURSE_CANCELLED) { percent amountRefunded { amount currency } } }`,
      { id: one.id },
    );
    expect(errors).toBeUndefined();
    expect(data).toEqual({ refundEnrollment: { percent: 100, amountRefunded: { amount: 320_000, currency: 'BDT' } } });
    expect(await activeCourses()).toEqual([]);
    expect((await given.db.getRepository(Payment).findOneByOrFail({ studentId })).status).toBe(PaymentStatus.REFUNDED);
  });
});

describe('the price rule', () => {
  const courses = [
    { id: 'a', priceBDT: 1000, price: 10 },
    { id: 'b', priceBDT: 1000, price: 10 },
    { id: 'c', priceBDT: 2000, price: 0 },
  ];
  it('scales the bundle price by the share of the list price not owned, never above those courses’ own prices', () => {
    expect(takaPriceForRest(3200, courses, new Set())).toBe(3200);
    expect(takaPriceForRest(3200, courses, new Set(['a']))).toBe(2400);
    expect(takaPriceForRest(3999, courses, new Set(['c']))).toBe(2000);
    expect(takaPriceForRest(3200, courses, new Set(['a', 'b', 'c']))).toBe(0);
    expect(takaPriceForRest(1001, courses.slice(0, 2), new Set(['a']))).toBe(501);
  });
  it('sells by card only when every course left has a dollar price', () => {
    expect(usdPriceMinorForRest(3200, courses, new Set())).toBeNull();
    expect(usdPriceMinorForRest(3200, courses, new Set(['c']))).toBe(1600);
  });
  it('splits an amount by weight into parts that add up', () => {
    expect(splitByWeight(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(splitByWeight(320_000, [1000, 1000, 2000])).toEqual([80_000, 80_000, 160_000]);
  });
});
