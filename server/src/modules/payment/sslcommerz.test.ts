/**
 * Buying with bKash, Nagad, Rocket or a local card through SSLCommerz, against the offline
 * imitation of its gateway over real HTTP: the buyer's return, the IPN and reconciliation may come
 * in any order and any number of times, and only the Order Validation API's word grants a course.
 */
import type { DataSource } from 'typeorm';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase, resetDatabase } from '../../test/database';
import { makeCourse, makeUser } from '../../test/factories';
import { User } from '../user/user.entity';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { offlineSandboxCredentials } from '../../payments/offline';
import { signNotification } from '../../payments/sslcommerz/sslcommerz-signature';
import { Role } from '../../kernel/role';
import { Enrollment } from '../enrollment/enrollment.entity';
import { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../integration/webhook.entity';
import { enrollmentEventData } from '../enrollment/enrollment.service';
import type { Course } from '../course/course.entity';
import { Payment, PaymentStatus } from './payment.entity';
import { BANGLADESH_MOBILE, NO_DOLLAR_PRICE } from './checkout.service';
import { reconcileUnsettledPayments } from './reconciliation.service';
import { NOT_HELD } from './settlement.service';
import { AMOUNT_MISMATCH, GATEWAY_PAYMENT_EXPIRED, PAYMENT_HELD } from './purchase-outcome';
import { handleNotification } from './provider-events.service';
import type { GatewayNotification } from '../../payments/provider';
import { IsNull } from 'typeorm';
import { Refund } from './refund.entity';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { AuditEntry } from '../audit/audit.entity';
import { testLog } from '../../test/database';
import { waitFor } from '../../test/wait-for';
import { PaymentJobs, RECONCILE_AGE_SECONDS, RECONCILE_CRON, RECONCILE_QUEUE } from './payment-jobs';

let db: DataSource;
let app: TestApp;
let student: HttpClient;
let course: Course;

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
  await makeUser(db, { email: 'rafi@example.com', name: 'Rafi Hasan' }, 'student password');
  student = await signedInClient(app.url, 'rafi@example.com', 'student password');
  course = await makeCourse(db, { name: 'Physics – Class 9', price: 10, priceBDT: 1200 });
});

const BUY = `mutation ($input: PurchaseInput!) { purchaseCourse(input: $input) { status redirectURL message enrollment { id } } }`;
type Bought = { purchaseCourse: { status: string; redirectURL: string | null; message: string | null; enrollment: { id: string } | null } };

async function startBuying(buyer = student, key?: string): Promise<string> {
  const { data, errors } = await buyer.graphql<Bought>(BUY, {
    input: { courseId: course.id, provider: 'SSLCOMMERZ', billingDetails: { name: 'Rafi Hasan', phone: '01712-345678' }, idempotencyKey: key },
  });
  if (!data) throw new Error(JSON.stringify(errors));
  expect(data.purchaseCourse).toMatchObject({ status: 'REQUIRES_ACTION', enrollment: null });
  return data.purchaseCourse.redirectURL!;
}

interface GatewayReturn {
  action: string;
  fields: Record<string, string>;
}

/** What a buyer does on the gateway's page; answers the form that takes them back to us. */
async function onGateway(redirectURL: string, choice: Record<string, string>): Promise<GatewayReturn> {
  const res = await fetch(redirectURL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method: 'bkash', action: 'pay', ipn: 'now', ...choice }),
  });
  const html = await res.text();
  expect(res.status).toBe(200);
  const action = /<form id="back" method="post" action="([^"]+)"/.exec(html)![1];
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]));
  return { action, fields };
}

/** The buyer's browser posting the gateway's form back to us. */
async function comeBack(back: GatewayReturn): Promise<string> {
  const res = await fetch(back.action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(back.fields),
  });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

const postIpn = (fields: Record<string, string>) =>
  fetch(`${app.url}/payments/sslcommerz/ipn`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

const paymentsOf = () => db.getRepository(Payment).find({ where: { courseId: course.id } });
const enrollmentsOf = () => db.getRepository(Enrollment).countBy({ courseId: course.id });

describe('buying with SSLCommerz', () => {
  it('sends the buyer to the gateway for the taka price from the database, and lists bKash, Nagad, Rocket and Card there', async () => {
    const redirectURL = await startBuying();
    expect(redirectURL.startsWith(`${app.url}/sslcommerz-sandbox/gateway/`)).toBe(true);
    const page = await (await fetch(redirectURL)).text();
    expect(page).toContain('Pay ৳1,200.00');
    for (const method of ['bKash', 'Nagad', 'Rocket', 'Card']) expect(page).toContain(`<h2>${method}</h2>`);
    const [payment] = await paymentsOf();
    expect(payment).toMatchObject({ provider: 'sslcommerz', currency: 'bdt', amountMinor: 120_000, status: PaymentStatus.REQUIRES_ACTION });
  });

  it('asks for a Bangladeshi mobile number and writes nothing without one', async () => {
    const { errors } = await student.graphql(BUY, { input: { courseId: course.id, provider: 'SSLCOMMERZ', billingDetails: { phone: '12345' } } });
    expect(errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { phone: BANGLADESH_MOBILE } });
    expect(await paymentsOf()).toEqual([]);
  });

  it('enrolls once when the IPN comes before the buyer returns', async () => {
    const back = await onGateway(await startBuying(), { ipn: 'now' });
    expect((await paymentsOf())[0].status).toBe(PaymentStatus.SUCCEEDED);
    expect(await comeBack(back)).toBe(`${app.url}/course/${course.id}?success=true`);
    expect(await enrollmentsOf()).toBe(1);
    expect(await paymentsOf()).toHaveLength(1);
  });

  it('says the taka paid with bKash as taka everywhere: the enrollment, the old REST answer and the webhook event', async () => {
    const owner = await makeUser(db, { email: 'integrator@example.com', role: Role.ADMIN }, 'admin password');
    await db.getRepository(WebhookEndpoint).insert({
      url: 'http://127.0.0.1:9/hooks',
      events: [WebhookEventType.ENROLLMENT_CREATED, WebhookEventType.PAYMENT_SUCCEEDED],
      secretEncrypted: 'x',
      createdById: owner.id,
    });
    await app.services.jobs.boss();
    await comeBack(await onGateway(await startBuying(), { ipn: 'now', method: 'bkash' }));
    const mine = await student.graphql<{
      myEnrollments: Array<{ amountPaid: { amount: number; currency: string; formatted: string }; transactionAmount: number }>;
    }>(`{ myEnrollments { amountPaid { amount currency formatted } transactionAmount } }`);
    expect(mine.data!.myEnrollments).toEqual([{ amountPaid: { amount: 120_000, currency: 'BDT', formatted: '৳1,200' }, transactionAmount: 1200 }]);

    const rest = await student.request('/api/enroll/rafi@example.com');
    expect(((await rest.json()) as Array<Record<string, unknown>>)[0]).toMatchObject({ transactionAmount: 1200, currency: 'bdt' });

    const enrollment = await db.getRepository(Enrollment).findOneByOrFail({ courseId: course.id });
    expect(enrollmentEventData(enrollment)).toMatchObject({ amount: 1200, currency: 'bdt', amountPaid: { amount: 120_000, currency: 'bdt' } });
    // The events as delivered: each once, in taka.
    const delivered = async (type: WebhookEventType) =>
      (await db.getRepository(WebhookDelivery).findBy({ eventType: type })).map((row) => (JSON.parse(row.body) as { data: Record<string, unknown> }).data);
    expect(await delivered(WebhookEventType.ENROLLMENT_CREATED)).toEqual([
      expect.objectContaining({ enrollmentId: enrollment.id, amount: 1200, currency: 'bdt', amountPaid: { amount: 120_000, currency: 'bdt' } }),
    ]);
    expect(await delivered(WebhookEventType.PAYMENT_SUCCEEDED)).toEqual([
      expect.objectContaining({ amount: { amount: 120_000, currency: 'bdt' }, provider: 'sslcommerz', method: 'bKash' }),
    ]);
  });

  it('enrolls once when the buyer returns before the IPN, and the late IPN changes nothing', async () => {
    const back = await onGateway(await startBuying(), { ipn: 'never' });
    expect((await paymentsOf())[0].status).toBe(PaymentStatus.REQUIRES_ACTION);
    expect(await comeBack(back)).toBe(`${app.url}/course/${course.id}?success=true`);
    expect((await postIpn(back.fields)).status).toBe(200);
    expect(await enrollmentsOf()).toBe(1);
    const [payment] = await paymentsOf();
    expect(payment).toMatchObject({ status: PaymentStatus.SUCCEEDED, transactionRef: back.fields.bank_tran_id });
  });

  it('enrolls once when the IPN arrives twice and the return races a third copy', async () => {
    const back = await onGateway(await startBuying(), { ipn: 'twice' });
    await Promise.all([comeBack(back), postIpn(back.fields), postIpn(back.fields)]);
    expect(await enrollmentsOf()).toBe(1);
    expect((await paymentsOf()).map((p) => p.status)).toEqual([PaymentStatus.SUCCEEDED]);
  });

  it('refuses an unsigned IPN and ignores a signed one the validation API does not know', async () => {
    await startBuying();
    const [payment] = await paymentsOf();
    const forged = {
      status: 'VALID',
      tran_id: payment.providerRef!,
      val_id: 'VALFORGED123',
      amount: '1200.00',
      currency: 'BDT',
      verify_key: 'status,tran_id,val_id,amount,currency',
    };
    expect((await postIpn({ ...forged, verify_sign: '0'.repeat(32) })).status).toBe(400);
    const { storePassword } = offlineSandboxCredentials(TEST_JWT_SECRET);
    const signed = { ...forged, verify_sign: signNotification(forged, forged.verify_key.split(','), storePassword) };
    expect((await postIpn(signed)).status).toBe(200);
    expect(await enrollmentsOf()).toBe(0);
    expect((await paymentsOf())[0].status).toBe(PaymentStatus.REQUIRES_ACTION);
  });

  it('grants nothing when the amount paid differs from the order', async () => {
    const back = await onGateway(await startBuying(), { ipn: 'now', amount: '10.00' });
    expect(await comeBack(back)).toBe(`${app.url}/course/${course.id}?failed=true`);
    expect(await enrollmentsOf()).toBe(0);
    expect((await paymentsOf())[0]).toMatchObject({ status: PaymentStatus.FAILED, failureMessage: AMOUNT_MISMATCH });
  });

  it('holds a risky payment for an admin instead of enrolling; the approval sends the payment webhook and the receipt once', async () => {
    const back = await onGateway(await startBuying(), { ipn: 'now', risk: '1' });
    expect(await comeBack(back)).toBe(`${app.url}/course/${course.id}?held=true`);
    expect(await enrollmentsOf()).toBe(0);
    expect((await paymentsOf())[0].status).toBe(PaymentStatus.HELD);
    const again = await student.graphql(BUY, { input: { courseId: course.id, provider: 'SSLCOMMERZ', billingDetails: { phone: '01712345678' } } });
    expect(again.errors![0].message).toBe(PAYMENT_HELD);
    await makeUser(db, { email: 'boss@example.com', role: Role.ADMIN }, 'admin password');
    const admin = await signedInClient(app.url, 'boss@example.com', 'admin password');
    const held = await admin.graphql<{ payments: { items: Array<{ id: string; amount: number; currency: string; provider: string }> } }>(
      `{ payments(status: HELD, currency: "bdt") { items { id amount currency provider } } }`,
    );
    const [payment] = held.data!.payments.items;
    expect(payment).toMatchObject({ amount: 1200, currency: 'bdt', provider: 'sslcommerz' });
    // An integrator follows payments (the delivery itself is the webhook queue's, proven elsewhere).
    const boss = await db.getRepository(User).findOneByOrFail({ email: 'boss@example.com' });
    await db
      .getRepository(WebhookEndpoint)
      .insert({ url: 'http://127.0.0.1:9/hooks', events: [WebhookEventType.PAYMENT_SUCCEEDED], secretEncrypted: 'x', createdById: boss.id });
    // As registering an endpoint does, the job queue is started (its tables hold the deliveries' jobs).
    await app.services.jobs.boss();
    const receipts = () => db.getRepository(OutboxMessage).countBy({ to: 'rafi@example.com' });
    const before = await receipts();
    expect((await admin.graphql(`mutation ($id: ID!) { approveHeldPayment(paymentId: $id) }`, { id: payment.id })).data).toEqual({ approveHeldPayment: true });
    expect(await enrollmentsOf()).toBe(1);
    const twice = await admin.graphql(`mutation ($id: ID!) { approveHeldPayment(paymentId: $id) }`, { id: payment.id });
    expect(twice.errors![0].message).toBe('This payment is not held for review');
    const events = await db.getRepository(WebhookDelivery).findBy({ eventType: WebhookEventType.PAYMENT_SUCCEEDED });
    expect(events.map((event) => (JSON.parse(event.body) as { data: { paymentId: string } }).data.paymentId)).toEqual([payment.id]);
    expect(await receipts()).toBe(before + 1);
  });

  /** An integrator following payments, and the job queue holding the deliveries' jobs. */
  async function followPayments(): Promise<() => Promise<string[]>> {
    const owner = await makeUser(db, { email: 'integrator@example.com', role: Role.ADMIN }, 'admin password');
    await db
      .getRepository(WebhookEndpoint)
      .insert({ url: 'http://127.0.0.1:9/hooks', events: [WebhookEventType.PAYMENT_SUCCEEDED], secretEncrypted: 'x', createdById: owner.id });
    await app.services.jobs.boss();
    return async () =>
      (await db.getRepository(WebhookDelivery).findBy({ eventType: WebhookEventType.PAYMENT_SUCCEEDED })).map(
        (event) => (JSON.parse(event.body) as { data: { paymentId: string } }).data.paymentId,
      );
  }

  it('settles once when the buyer’s return and the IPN race the scheduled reconciliation', async () => {
    const succeeded = await followPayments();
    const back = await onGateway(await startBuying(), { ipn: 'never' });
    const receipts = () => db.getRepository(OutboxMessage).countBy({ to: 'rafi@example.com' });
    const before = await receipts();
    const [location] = await Promise.all([
      comeBack(back),
      postIpn(back.fields),
      reconcileUnsettledPayments(app.services.payments),
      reconcileUnsettledPayments(app.services.payments),
    ]);
    expect(location).toBe(`${app.url}/course/${course.id}?success=true`);
    const [payment] = await paymentsOf();
    expect(payment.status).toBe(PaymentStatus.SUCCEEDED);
    expect(await enrollmentsOf()).toBe(1);
    expect(await succeeded()).toEqual([payment.id]);
    expect(await receipts()).toBe(before + 1);
  });

  it('gives one result when an admin approves a held payment while the gateway reports it refunded: refunded, no access', async () => {
    for (const round of [1, 2, 3]) {
      await resetDatabase(db);
      await makeUser(db, { email: 'rafi@example.com', name: 'Rafi Hasan' }, 'student password');
      student = await signedInClient(app.url, 'rafi@example.com', 'student password');
      course = await makeCourse(db, { name: `Physics – Class 9 (${round})`, price: 10, priceBDT: 1200 });
      const succeeded = await followPayments();
      await comeBack(await onGateway(await startBuying(), { ipn: 'now', risk: '1' }));
      const [held] = await paymentsOf();
      expect(held.status).toBe(PaymentStatus.HELD);
      const admin = await signedInClient(app.url, 'integrator@example.com', 'admin password');
      const refunded: GatewayNotification = {
        eventId: null,
        notice: { kind: 'refunded', providerRef: held.providerRef!, amountMinor: held.amountMinor, amountRefundedMinor: held.amountMinor },
      };
      const [approval] = await Promise.all([
        admin.graphql(`mutation ($id: ID!) { approveHeldPayment(paymentId: $id) }`, { id: held.id }),
        handleNotification(app.services.payments, held.provider, refunded),
      ]);
      expect(await db.getRepository(Payment).findOneByOrFail({ id: held.id })).toMatchObject({ status: PaymentStatus.REFUNDED, refundedMinor: 120_000 });
      expect(await db.getRepository(Enrollment).countBy({ courseId: course.id, revokedAt: IsNull() })).toBe(0);
      if (approval.errors) {
        // The refund came first: nothing was approved, nothing granted, nothing announced.
        expect(approval.errors[0].message).toBe(NOT_HELD);
        expect(await enrollmentsOf()).toBe(0);
        expect(await succeeded()).toEqual([]);
      } else {
        // The approval came first: its access ended with the refund; the payment was announced once.
        expect(approval.data).toEqual({ approveHeldPayment: true });
        expect(await enrollmentsOf()).toBe(1);
        expect(await succeeded()).toEqual([held.id]);
      }
    }
  });

  it("lists a student's own payments with amount, currency, provider, status and course", async () => {
    await comeBack(await onGateway(await startBuying(), { ipn: 'now' }));
    const { data } = await student.graphql(`{ myPayments { total items { amount currency provider status courseName } } }`);
    expect(data).toEqual({
      myPayments: { total: 1, items: [{ amount: 1200, currency: 'bdt', provider: 'sslcommerz', status: 'SUCCEEDED', courseName: 'Physics – Class 9' }] },
    });
  });

  it('takes the buyer back to the course when they cancel, and lets them buy again', async () => {
    const back = await onGateway(await startBuying(), { action: 'cancel', method: 'nagad' });
    expect(await comeBack(back)).toBe(`${app.url}/course/${course.id}?canceled=true`);
    expect((await paymentsOf())[0].status).toBe(PaymentStatus.FAILED);
    await startBuying();
  });

  it('settles a payment through the transaction query when neither the return nor the IPN arrives', async () => {
    await onGateway(await startBuying(), { ipn: 'never', method: 'rocket' });
    expect(await enrollmentsOf()).toBe(0);
    await reconcileUnsettledPayments(app.services.payments);
    expect(await enrollmentsOf()).toBe(1);
    expect((await paymentsOf())[0].status).toBe(PaymentStatus.SUCCEEDED);
  });

  it('expires a payment abandoned on the gateway after 30 minutes; the course can be bought again', async () => {
    await startBuying();
    await db.query(`UPDATE payment SET "createdAt" = now() - interval '31 minutes'`);
    await db.query(`UPDATE sslcommerz_sandbox_transaction SET "createdAt" = now() - interval '31 minutes'`);
    await reconcileUnsettledPayments(app.services.payments);
    expect((await paymentsOf())[0]).toMatchObject({ status: PaymentStatus.FAILED, failureMessage: GATEWAY_PAYMENT_EXPIRED });
    const back = await onGateway(await startBuying(), { ipn: 'now' });
    await comeBack(back);
    expect(await enrollmentsOf()).toBe(1);
  });

  it('answers a retried purchase with the same gateway page', async () => {
    const first = await startBuying(student, 'same-click');
    expect(await startBuying(student, 'same-click')).toBe(first);
    expect(await paymentsOf()).toHaveLength(1);
  });

  it('keeps one payment waiting for the buyer per student and course, however often they ask', async () => {
    const pages = await Promise.all(Array.from({ length: 20 }, (_, n) => startBuying(student, `click-${n}`)));
    expect(new Set(pages).size).toBe(1);
    expect(await paymentsOf()).toHaveLength(1);
    // Once the buyer cancels on the gateway's page, a new purchase opens a new page.
    await comeBack(await onGateway(pages[0], { action: 'cancel' }));
    expect(await startBuying(student, 'after-cancel')).not.toBe(pages[0]);
  });

  it('keeps revenue per currency for the instructor and the admin, never summed', async () => {
    const teacher = await makeUser(db, { email: 'teacher@example.com', role: Role.INSTRUCTOR }, 'teacher password');
    await db.query(`UPDATE course SET "instructorId" = $1`, [teacher.id]);
    const cardCourse = await makeCourse(db, { price: 15, instructorId: teacher.id });
    await comeBack(await onGateway(await startBuying(), { ipn: 'now' }));
    await student.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id, paymentMethod: "pm_card_visa" }) { status } }`, { id: cardCourse.id });
    const instructor = await signedInClient(app.url, 'teacher@example.com', 'teacher password');
    const overview = await instructor.graphql(
      `{ instructorOverview { totalRevenue revenue { currency amount } revenueTotals { amount currency formatted } } }`,
    );
    expect(overview.data).toEqual({
      instructorOverview: {
        totalRevenue: 15,
        revenue: [
          { currency: 'usd', amount: 15 },
          { currency: 'bdt', amount: 1200 },
        ],
        revenueTotals: [
          { amount: 1500, currency: 'USD', formatted: '$15.00' },
          { amount: 120_000, currency: 'BDT', formatted: '৳1,200' },
        ],
      },
    });
    const [from, to] = [new Date(Date.now() - 86_400_000), new Date(Date.now() + 86_400_000)].map((day) => day.toISOString().slice(0, 10));
    const series = await instructor.graphql<{ instructorRevenueSeries: { totalRevenue: unknown; totalRevenueTaka: number } }>(
      `query ($from: String!, $to: String!) { instructorRevenueSeries(from: $from, to: $to, interval: DAY) { totalRevenue { amount currency } totalRevenueTaka } }`,
      { from, to },
    );
    expect(series.data!.instructorRevenueSeries).toEqual({ totalRevenue: { amount: 120_000, currency: 'BDT' }, totalRevenueTaka: 1200 });
    await makeUser(db, { email: 'boss@example.com', role: Role.ADMIN }, 'admin password');
    const admin = await signedInClient(app.url, 'boss@example.com', 'admin password');
    const summary = await admin.graphql<{ adminSummary: { revenueByCurrency: unknown[]; revenueTotals: unknown[] } }>(
      `{ adminSummary { revenueByCurrency { currency amount } revenueTotals { amount currency } } }`,
    );
    expect(summary.data!.adminSummary.revenueByCurrency).toEqual([
      { currency: 'usd', amount: 15 },
      { currency: 'bdt', amount: 1200 },
    ]);
    expect(summary.data!.adminSummary.revenueTotals).toEqual([
      { amount: 1500, currency: 'USD' },
      { amount: 120_000, currency: 'BDT' },
    ]);
  });

  it('refunds through SSLCommerz and tracks the refund until it settles', async () => {
    await comeBack(await onGateway(await startBuying(), { ipn: 'now' }));
    const enrollment = await db.getRepository(Enrollment).findOneByOrFail({ courseId: course.id });
    await db.query(`UPDATE enrollment SET "createdAt" = now()`);
    await makeUser(db, { email: 'boss@example.com', role: Role.ADMIN }, 'admin password');
    const admin = await signedInClient(app.url, 'boss@example.com', 'admin password');
    const { data, errors } = await admin.graphql(
      `mutation ($id: ID!) { refundEnrollment(enrollmentId: $id, refundCase: COURSE_CANCELLED) { percent amount } }`,
      { id: enrollment.id },
    );
    expect(errors).toBeUndefined();
    expect(data).toEqual({ refundEnrollment: { percent: 100, amount: 1200 } });
    const refund = await db.getRepository(Refund).findOneByOrFail({ enrollmentId: enrollment.id });
    expect(refund.status).toBe('processing');
    const [sandbox] = await db.query<Array<{ refunds: Array<{ amountPoisha: number }> }>>(
      `SELECT refunds FROM sslcommerz_sandbox_transaction WHERE status = 'VALIDATED'`,
    );
    expect(sandbox.refunds.map((r) => r.amountPoisha)).toEqual([120_000]);
    await reconcileUnsettledPayments(app.services.payments);
    expect((await db.getRepository(Refund).findOneByOrFail({ id: refund.id })).status).toBe('processing');
    // The imitation reports a refund refunded a second after it was asked for.
    await db.query(`UPDATE sslcommerz_sandbox_transaction SET refunds = jsonb_set(refunds, '{0,requestedAt}', to_jsonb((now() - interval '2 seconds')::text))`);
    await reconcileUnsettledPayments(app.services.payments);
    expect((await db.getRepository(Refund).findOneByOrFail({ id: refund.id })).status).toBe('succeeded');
  });

  it('settles a processing refund from the scheduled reconciliation job in the queue, not from any request', async () => {
    await comeBack(await onGateway(await startBuying(), { ipn: 'now' }));
    const enrollment = await db.getRepository(Enrollment).findOneByOrFail({ courseId: course.id });
    await makeUser(db, { email: 'boss@example.com', role: Role.ADMIN }, 'admin password');
    const admin = await signedInClient(app.url, 'boss@example.com', 'admin password');
    await admin.graphql(`mutation ($id: ID!) { refundEnrollment(enrollmentId: $id, refundCase: COURSE_CANCELLED) { percent } }`, { id: enrollment.id });
    const refund = await db.getRepository(Refund).findOneByOrFail({ enrollmentId: enrollment.id });
    expect(refund.status).toBe('processing');
    // The imitation reports a refund refunded a second after it was asked for.
    await db.query(`UPDATE sslcommerz_sandbox_transaction SET refunds = jsonb_set(refunds, '{0,requestedAt}', to_jsonb((now() - interval '2 seconds')::text))`);

    const jobs = new PaymentJobs(app.services.videoQueue, app.services.payments, testLog, { pollingIntervalSeconds: 0.5 });
    await jobs.start();
    // One schedule in the queue (every five minutes), whichever copy registered it.
    expect(await db.query(`SELECT name, cron FROM pgboss.schedule`)).toEqual([{ name: RECONCILE_QUEUE, cron: RECONCILE_CRON }]);
    await jobs.start();
    expect(await db.query(`SELECT count(*)::int AS n FROM pgboss.schedule`)).toEqual([{ n: 1 }]);
    // A run as the clock sends it: the queue's worker settles the refund.
    await jobs.runSoon(RECONCILE_AGE_SECONDS);
    await waitFor('the job to settle the refund', async () => (await db.getRepository(Refund).findOneByOrFail({ id: refund.id })).status === 'succeeded');
    await waitFor('the job to complete', async () => {
      const [job] = await db.query<Array<{ state: string }>>(`SELECT state FROM pgboss.job WHERE name = $1`, [RECONCILE_QUEUE]);
      return job?.state === 'completed';
    });
  });

  it('records the wallet the buyer used: bKash in My Payments, the receipt and the admin list, which filters by it', async () => {
    await comeBack(await onGateway(await startBuying(), { ipn: 'now', method: 'bkash' }));
    const mine = await student.graphql(`{ myPayments { items { method amountPaid { amount currency formatted } } } }`);
    expect(mine.data).toEqual({ myPayments: { items: [{ method: 'bKash', amountPaid: { amount: 120_000, currency: 'BDT', formatted: '৳1,200' } }] } });
    const receipt = await db.getRepository(OutboxMessage).findOneByOrFail({ to: 'rafi@example.com' });
    expect(receipt.text).toContain('Paid with: bKash');
    expect(receipt.text).toContain('Amount: ৳1,200');
    await makeUser(db, { email: 'boss@example.com', role: Role.ADMIN }, 'admin password');
    const admin = await signedInClient(app.url, 'boss@example.com', 'admin password');
    const list = (method: string) =>
      admin.graphql<{ payments: { total: number; items: Array<{ method: string }> } }>(
        `query ($m: String) { payments(method: $m) { total items { method } } }`,
        { m: method },
      );
    expect((await list('bKash')).data!.payments).toEqual({ total: 1, items: [{ method: 'bKash' }] });
    expect((await list('Nagad')).data!.payments).toEqual({ total: 0, items: [] });
  });

  it('names Nagad and Rocket as the buyer paid with them', async () => {
    await comeBack(await onGateway(await startBuying(), { ipn: 'now', method: 'rocket' }));
    expect((await paymentsOf())[0]).toMatchObject({ method: 'Rocket', methodLast4: null });
    const other = await makeCourse(db, { name: 'Chemistry – Class 9', price: 10, priceBDT: 900 });
    course = other;
    await comeBack(await onGateway(await startBuying(), { ipn: 'now', method: 'nagad' }));
    expect((await paymentsOf())[0].method).toBe('Nagad');
  });

  it('shows a bKash buyer their payment held for review on the course, in their language', async () => {
    await comeBack(await onGateway(await startBuying(), { ipn: 'now', risk: '1' }));
    const { data } = await student.graphql(`query ($id: ID!) { course(id: $id) { latestPayment { status method } } }`, { id: course.id });
    expect(data).toEqual({ course: { latestPayment: { status: 'HELD', method: 'bKash' } } });
  });

  it('sends the buyer back to a page that says the payment failed, and why', async () => {
    const back = await onGateway(await startBuying(), { action: 'fail' });
    expect(await comeBack(back)).toBe(`${app.url}/course/${course.id}?failed=true`);
    const { data } = await student.graphql(`query ($id: ID!) { course(id: $id) { latestPayment { status failureMessage } } }`, { id: course.id });
    expect(data).toEqual({ course: { latestPayment: { status: 'FAILED', failureMessage: 'The payment was not completed on the payment page' } } });
  });

  it('audits a taka refund in taka', async () => {
    await comeBack(await onGateway(await startBuying(), { ipn: 'now' }));
    const enrollment = await db.getRepository(Enrollment).findOneByOrFail({ courseId: course.id });
    await makeUser(db, { email: 'boss@example.com', role: Role.ADMIN }, 'admin password');
    const admin = await signedInClient(app.url, 'boss@example.com', 'admin password');
    const { data } = await admin.graphql(
      `mutation ($id: ID!) { refundEnrollment(enrollmentId: $id, refundCase: COURSE_CANCELLED) { amountRefunded { amount currency formatted } } }`,
      { id: enrollment.id },
    );
    expect(data).toEqual({ refundEnrollment: { amountRefunded: { amount: 120_000, currency: 'BDT', formatted: '৳1,200' } } });
    const entry = await db.getRepository(AuditEntry).findOneByOrFail({ targetId: enrollment.id });
    expect(entry.detail).toMatchObject({ amountCents: 120_000, currency: 'bdt' });
  });

  it('never sells a paid course for nothing: taka-only by card is refused, and a dollar price without a taka price cannot be stored', async () => {
    const takaOnly = await makeCourse(db, { name: 'Bangla Grammar', price: 0, priceBDT: 500 });
    const card = await student.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id, paymentMethod: "pm_card_visa" }) { status } }`, {
      id: takaOnly.id,
    });
    expect(card.errors![0]).toMatchObject({ message: NO_DOLLAR_PRICE, extensions: { code: 'BAD_USER_INPUT' } });
    expect(await db.getRepository(Payment).countBy({ courseId: takaOnly.id })).toBe(0);
    expect(await db.getRepository(Enrollment).countBy({ courseId: takaOnly.id })).toBe(0);
    await expect(db.query(`UPDATE course SET "priceBDT" = 0 WHERE id = $1`, [course.id])).rejects.toThrow(/course_paid_has_taka_price/);
    const { data } = await student.graphql(`query ($id: ID!) { course(id: $id) { isFree priceTaka { amount formatted } priceUsd { amount formatted } } }`, {
      id: takaOnly.id,
    });
    expect(data).toEqual({ course: { isFree: false, priceTaka: { amount: 50_000, formatted: '৳500' }, priceUsd: { amount: 0, formatted: '$0.00' } } });
  });

  it("asks the gateway about no other student's refund while someone buys", async () => {
    await comeBack(await onGateway(await startBuying(), { ipn: 'now' }));
    const enrollment = await db.getRepository(Enrollment).findOneByOrFail({ courseId: course.id });
    await makeUser(db, { email: 'boss@example.com', role: Role.ADMIN }, 'admin password');
    const admin = await signedInClient(app.url, 'boss@example.com', 'admin password');
    await admin.graphql(`mutation ($id: ID!) { refundEnrollment(enrollmentId: $id, refundCase: COURSE_CANCELLED) { percent } }`, { id: enrollment.id });
    expect((await db.getRepository(Refund).findOneByOrFail({ enrollmentId: enrollment.id })).status).toBe('processing');
    const gateway = app.services.payments.sslcommerz!;
    const asked = jest.spyOn(gateway, 'refundStatus');
    try {
      await makeUser(db, { email: 'mina@example.com', name: 'Mina Akter' }, 'student password');
      const other = await signedInClient(app.url, 'mina@example.com', 'student password');
      await comeBack(await onGateway(await startBuying(other), { ipn: 'now' }));
      expect(asked).not.toHaveBeenCalled();
      await reconcileUnsettledPayments(app.services.payments);
      expect(asked).toHaveBeenCalledTimes(1);
    } finally {
      asked.mockRestore();
    }
  });
});
