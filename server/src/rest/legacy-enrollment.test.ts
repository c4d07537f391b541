import { useAppPerFile } from '../test/app-per-file';
import { reconcileUnsettledPayments } from '../modules/payment/reconciliation.service';
import { TestModePayment } from '../payments/offline/stripe-test-mode/test-mode-payment.entity';
import { testLog } from '../test/database';
import { makeCourse, makeUser } from '../test/factories';
import { HttpClient, signedInClient } from '../test/http-client';
import type { Course } from '../modules/course/course.entity';
import { Enrollment } from '../modules/enrollment/enrollment.entity';
import { Payment } from '../modules/payment/payment.entity';
import { LegacyChargeRequest } from '../modules/payment/legacy-charge-request.entity';
import { Role } from '../kernel/role';
import { PaymentJobs, RECONCILE_AGE_SECONDS } from '../modules/payment/payment-jobs';
import { waitFor } from '../test/wait-for';

let course: Course;
let buyer: HttpClient;

const given = useAppPerFile();
beforeEach(async () => {
  course = await makeCourse(given.db, { name: 'WordPress for Beginners', price: 25 });
  await makeUser(given.db, { email: 'buyer@example.com' }, 'buyer password');
  buyer = await signedInClient(given.app.url, 'buyer@example.com', 'buyer password');
});

const postJson = (client: HttpClient, path: string, body: unknown) =>
  client.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the legacy payment and enrollment paths', () => {
  it('charges with POST /payment, then records the enrollment once with POST /api/enroll', async () => {
    const paid = await postJson(buyer, '/payment', { amount: 2500, token: 'tok_visa', courseID: course.id });
    expect(paid.status).toBe(200);
    const charge = (await paid.json()) as { status: string; balance_transaction: string; amount: number; billing_details: object };
    expect(charge).toMatchObject({ status: 'succeeded', amount: 2500, currency: 'usd', billing_details: {} });
    expect(charge.balance_transaction).toMatch(/^txn_test_/);

    const enrollBody = {
      courseID: course.id,
      courseName: 'anything',
      courseDescription: 'x',
      courseImage: 'x',
      email: 'buyer@example.com',
      transactionID: charge.balance_transaction,
      transactionAmount: 1,
      billingDetails: {},
    };
    const enrolled = await postJson(buyer, '/api/enroll', enrollBody);
    expect(enrolled.status).toBe(201);
    expect(await enrolled.json()).toMatchObject({ acknowledged: true });
    const again = await postJson(buyer, '/api/enroll', enrollBody);
    expect(again.status).toBe(409);
    expect(await given.db.getRepository(Enrollment).count()).toBe(1);

    const list = (await (await buyer.request('/api/enroll/buyer@example.com')).json()) as Array<Record<string, unknown>>;
    expect(list).toEqual([
      expect.objectContaining({
        courseID: course.id,
        courseName: 'WordPress for Beginners',
        email: 'buyer@example.com',
        transactionID: charge.balance_transaction,
        transactionAmount: 25,
      }),
    ]);
  });

  it('refuses an amount that is not the price of the course, charging nothing', async () => {
    const res = await postJson(buyer, '/payment', { amount: 100, token: 'tok_visa', courseID: course.id });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'The amount does not match the price of the course' });
    expect(await given.db.getRepository(Payment).count()).toBe(0);
  });

  it('takes the old {amount, token} body as a charge made when the enrollment names the course, at its price', async () => {
    const asked = await postJson(buyer, '/payment', { amount: 2500, token: 'tok_visa' });
    expect(asked.status).toBe(200);
    const pending = (await asked.json()) as { status: string; amount: number; balance_transaction: string };
    expect(pending).toMatchObject({ status: 'pending', paid: false, amount: 2500 });
    expect(await given.db.getRepository(Payment).count()).toBe(0);

    // The card token waits for the enrollment call, and only until then.
    expect((await given.db.getRepository(LegacyChargeRequest).find()).map((request) => request.paymentMethod)).toEqual(['tok_visa']);
    const enrollBody = { courseID: course.id, email: 'buyer@example.com', transactionID: pending.balance_transaction, transactionAmount: 25 };
    const enrolled = await postJson(buyer, '/api/enroll', enrollBody);
    expect(enrolled.status).toBe(201);
    const [used] = await given.db.getRepository(LegacyChargeRequest).find();
    expect([used.paymentMethod, used.usedAt]).toEqual([null, expect.any(Date)]);
    const [{ stored }] = await given.db.query<Array<{ stored: number }>>(
      `SELECT count(*)::int AS stored FROM legacy_charge_request WHERE row_to_json(legacy_charge_request)::text LIKE '%tok_visa%'`,
    );
    expect(stored).toBe(0);
    expect(await enrolled.json()).toMatchObject({ acknowledged: true });
    const [payment] = await given.db.getRepository(Payment).find();
    expect([payment.amountMinor, payment.courseId, payment.status]).toEqual([2500, course.id, 'SUCCEEDED']);
    expect(await given.db.getRepository(Enrollment).countBy({ courseId: course.id })).toBe(1);
    expect((await postJson(buyer, '/api/enroll', enrollBody)).status).toBe(409);
    expect(await given.db.getRepository(Payment).count()).toBe(1);
  });

  it('refuses, charging nothing, an old charge request whose amount is not the price of the course it enrolls in', async () => {
    const pending = (await (await postJson(buyer, '/payment', { amount: 100, token: 'tok_visa' })).json()) as { balance_transaction: string };
    const res = await postJson(buyer, '/api/enroll', { courseID: course.id, transactionID: pending.balance_transaction, email: 'buyer@example.com' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'The amount does not match the price of the course' });
    expect([await given.db.getRepository(Payment).count(), await given.db.getRepository(Enrollment).count()]).toEqual([0, 0]);
  });

  it("does not let anyone else use a student's old charge request", async () => {
    const pending = (await (await postJson(buyer, '/payment', { amount: 2500, token: 'tok_visa' })).json()) as { balance_transaction: string };
    await makeUser(given.db, { email: 'other@example.com' }, 'other password');
    const other = await signedInClient(given.app.url, 'other@example.com', 'other password');
    const res = await postJson(other, '/api/enroll', { courseID: course.id, transactionID: pending.balance_transaction, email: 'other@example.com' });
    expect(res.status).toBe(403);
    expect(await given.db.getRepository(Payment).count()).toBe(0);
  });

  it('forgets an old charge request never followed by an enrollment, with its card token, from the scheduled payment job', async () => {
    await postJson(buyer, '/payment', { amount: 2500, token: 'tok_visa' });
    const fresh = await postJson(buyer, '/payment', { amount: 2500, token: 'tok_mastercard' });
    expect(fresh.status).toBe(200);
    await given.db.query(`UPDATE legacy_charge_request SET "expiresAt" = now() - interval '1 minute' WHERE "paymentMethod" = 'tok_visa'`);
    const jobs = new PaymentJobs(given.app.services.videoQueue, given.app.services.payments, testLog, { pollingIntervalSeconds: 0.5 });
    await jobs.start();
    await jobs.runSoon(RECONCILE_AGE_SECONDS);
    await waitFor('the expired request to go', async () => (await given.db.getRepository(LegacyChargeRequest).count()) === 1);
    expect((await given.db.getRepository(LegacyChargeRequest).find()).map((request) => request.paymentMethod)).toEqual(['tok_mastercard']);
  });

  it('limits how many old charge requests a student makes in an hour', async () => {
    for (let i = 0; i < 20; i++) expect((await postJson(buyer, '/payment', { amount: 2500, token: 'tok_visa' })).status).toBe(200);
    const res = await postJson(buyer, '/payment', { amount: 2500, token: 'tok_visa' });
    expect(res.status).toBe(429);
    expect(await given.db.getRepository(LegacyChargeRequest).count()).toBe(20);
  });

  it('answers a card declined at enrollment with a failure status, enrolling no one', async () => {
    const pending = (await (await postJson(buyer, '/payment', { amount: 2500, token: 'tok_chargeDeclined' })).json()) as { balance_transaction: string };
    const res = await postJson(buyer, '/api/enroll', { courseID: course.id, transactionID: pending.balance_transaction, email: 'buyer@example.com' });
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ status: 'Failure', error: 'Your card was declined.' });
    expect(await given.db.getRepository(Enrollment).count()).toBe(0);
    // A declined token is not kept either.
    expect((await given.db.getRepository(LegacyChargeRequest).find()).map((request) => request.paymentMethod)).toEqual([null]);
  });

  it('answers a declined card with a failure status that is not 200', async () => {
    const res = await postJson(buyer, '/payment', { amount: 2500, token: 'tok_chargeDeclined', courseID: course.id });
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ status: 'Failure', error: 'Your card was declined.' });
    expect(await given.db.getRepository(Enrollment).count()).toBe(0);
  });

  it('refuses an enrollment without a payment this server saw succeed', async () => {
    const res = await postJson(buyer, '/api/enroll', { courseID: course.id, transactionID: 'txn_made_up', email: 'buyer@example.com' });
    expect(res.status).toBe(403);
    expect(await given.db.getRepository(Enrollment).count()).toBe(0);
  });

  it('needs a signed-in student, and shows enrollments only to their owner or an admin', async () => {
    expect((await postJson(new HttpClient(given.app.url), '/payment', { amount: 2500, token: 'tok_visa', courseID: course.id })).status).toBe(401);
    expect((await new HttpClient(given.app.url).request('/api/enroll/buyer@example.com')).status).toBe(401);
    await makeUser(given.db, { email: 'other@example.com' }, 'other password');
    const other = await signedInClient(given.app.url, 'other@example.com', 'other password');
    expect((await other.request('/api/enroll/buyer@example.com')).status).toBe(403);
    await makeUser(given.db, { email: 'boss@example.com', role: Role.ADMIN }, 'boss password');
    const admin = await signedInClient(given.app.url, 'boss@example.com', 'boss password');
    expect((await admin.request('/api/enroll/buyer@example.com')).status).toBe(200);
  });

  it('starts a checkout session priced by the server that returns to the course page', async () => {
    const res = await postJson(buyer, '/create-checkout-session', { PRICE_ID: 'price_from_client', price: 1, courseID: course.id });
    expect(res.status).toBe(200);
    const session = (await res.json()) as { id: string; url: string };
    expect(session.id).toMatch(/^cs_test_/);
    const [payment] = await given.db.getRepository(Payment).find();
    expect(payment.amountMinor).toBe(2500);
    expect(payment.actionUrl).toBe(session.url);
  });

  it('follows the purchase rules: refused for an owned course, and never reconciled into an unrelated payment', async () => {
    await postJson(buyer, '/create-checkout-session', { courseID: course.id });
    const before = await given.db.getRepository(TestModePayment).count();
    await given.db.query(`UPDATE payment SET "createdAt" = now() - interval '1 hour'`);
    await reconcileUnsettledPayments(given.app.services.payments);
    expect(await given.db.getRepository(TestModePayment).count()).toBe(before);
    const free = await makeCourse(given.db, { price: 0, priceBDT: 0 });
    await buyer.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id }) { status } }`, { id: free.id });
    const owned = await postJson(buyer, '/create-checkout-session', { courseID: free.id });
    expect(owned.status).toBe(409);
    expect(((await owned.json()) as { message: string }).message).toBe('You already own this course');
  });
});
