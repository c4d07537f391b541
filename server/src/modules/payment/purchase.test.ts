import { IsNull, type DataSource } from 'typeorm';
import { signWebhookPayload } from '../../payments/stripe/webhook-signature';
import { TestModePayment } from '../../payments/offline/stripe-test-mode/test-mode-payment.entity';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase, resetDatabase } from '../../test/database';
import { makeCourse, makeUser } from '../../test/factories';
import { signedInClient, type HttpClient } from '../../test/http-client';
import type { Course } from '../course/course.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { Role } from '../../kernel/role';
import type { User } from '../user/user.entity';
import { Payment, PaymentStatus } from './payment.entity';
import { reconcileUnsettledPayments } from './reconciliation.service';
import { recordProviderResult } from './settlement.service';
import { SECOND_PAYMENT_REFUNDED } from './purchase-outcome';
import { CHECKOUT_EXPIRED, DISPUTED, REFUNDED_AT_PROVIDER } from './provider-events.service';
import { Refund } from './refund.entity';
import { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../integration/webhook.entity';
import { RefundCase } from './refund-policy';

const WEBHOOK_SECRET = 'whsec_test_secret_for_webhooks';
let db: DataSource;
let app: TestApp;

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startTestApp(db, { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL: 'http://shikhon.local' });
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});
beforeEach(() => resetDatabase(db));

const PURCHASE = `mutation ($input: PurchaseInput!) {
  purchaseCourse(input: $input) { status message clientSecret paymentId enrollment { id courseName transactionID transactionAmount amountPaid { amount currency } course { id isEnrolled } } }
}`;
type PurchaseAnswer = {
  purchaseCourse: {
    status: string;
    message: string | null;
    clientSecret: string | null;
    paymentId: string | null;
    enrollment: {
      id: string;
      courseName: string;
      transactionID: string | null;
      transactionAmount: number;
      amountPaid: { amount: number; currency: string };
      course: { id: string; isEnrolled: boolean };
    } | null;
  };
};

let student: User;
let buyer: HttpClient;
let course: Course;

beforeEach(async () => {
  student = await makeUser(db, { email: 'buyer@example.com' }, 'buyer password');
  buyer = await signedInClient(app.url, 'buyer@example.com', 'buyer password');
  course = await makeCourse(db, { name: 'Class 9 Physics', price: 15.5 });
});

const buy = (client: HttpClient, paymentMethod: string, extra: Record<string, unknown> = {}) =>
  client.graphql<PurchaseAnswer>(PURCHASE, { input: { courseId: course.id, paymentMethod, ...extra } });
const enrollments = () => db.getRepository(Enrollment).count();
const activeEnrollments = () => db.getRepository(Enrollment).countBy({ revokedAt: IsNull() });
const charges = () => db.getRepository(TestModePayment).count({ where: { status: 'succeeded' } });

describe('buying a course', () => {
  it('charges the price from the database in cents and enrolls the student, with a receipt', async () => {
    const { data, errors } = await buy(buyer, 'pm_card_visa', { billingDetails: { name: 'Rahim', address: { city: 'Dhaka', country: 'BD' } } });
    expect(errors).toBeUndefined();
    const result = data!.purchaseCourse;
    expect(result.status).toBe('SUCCEEDED');
    expect(result.enrollment).toMatchObject({
      courseName: 'Class 9 Physics',
      transactionAmount: 15.5,
      amountPaid: { amount: 1550, currency: 'USD' },
      course: { id: course.id, isEnrolled: true },
    });
    expect(result.enrollment!.transactionID).toMatch(/^txn_test_/);
    const [payment] = await db.getRepository(Payment).find();
    expect(payment).toMatchObject({
      amountMinor: 1550,
      currency: 'usd',
      status: PaymentStatus.SUCCEEDED,
      billingDetails: { name: 'Rahim', address: { city: 'Dhaka', country: 'BD' } },
    });
    const [providerPayment] = await db.getRepository(TestModePayment).find();
    expect(providerPayment.amountMinor).toBe(1550);
    const receipt = await db.getRepository(OutboxMessage).findOneByOrFail({ to: 'buyer@example.com' });
    expect(receipt.subject).toBe('Your Shikhon receipt: Class 9 Physics');
    expect(receipt.text).toContain('$15.50');
    const mine = await buyer.graphql<{ myEnrollments: Array<{ courseName: string }> }>(`{ myEnrollments { courseName } }`);
    expect(mine.data!.myEnrollments).toEqual([{ courseName: 'Class 9 Physics' }]);
  });

  it.each([
    ['pm_card_chargeDeclined', 'Your card was declined.'],
    ['tok_chargeDeclined', 'Your card was declined.'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
    ['pm_card_chargeDeclinedExpiredCard', 'Your card has expired.'],
    ['pm_card_chargeDeclinedIncorrectCvc', "Your card's security code is incorrect."],
    ['pm_not_a_test_method', 'No such PaymentMethod. Use a test card, token or payment method in test mode.'],
  ])('declines %s with "%s", charging and enrolling nothing', async (method, message) => {
    const { data } = await buy(buyer, method);
    expect(data!.purchaseCourse).toMatchObject({ status: 'FAILED', message, enrollment: null });
    expect(await enrollments()).toBe(0);
    expect(await charges()).toBe(0);
    expect(await db.getRepository(OutboxMessage).count()).toBe(0);
  });

  it('lets the student try another card after a decline', async () => {
    await buy(buyer, 'pm_card_chargeDeclined');
    expect((await buy(buyer, 'tok_visa')).data!.purchaseCourse.status).toBe('SUCCEEDED');
  });

  it('asks for 3-D Secure, then enrolls once the bank approves', async () => {
    const first = (await buy(buyer, 'pm_card_authenticationRequired')).data!.purchaseCourse;
    expect(first).toMatchObject({ status: 'REQUIRES_ACTION', enrollment: null });
    expect(first.clientSecret).toMatch(/_secret_/);
    expect(await enrollments()).toBe(0);
    const providerRef = first.clientSecret!.split('_secret_')[0];
    const approve = await buyer.request(`/test-mode/payments/${providerRef}/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSecret: first.clientSecret, approve: true }),
    });
    expect(approve.status).toBe(200);
    const confirmed = await buyer.graphql<{ confirmPurchase: { status: string; enrollment: { courseName: string } } }>(
      `mutation ($id: ID!) { confirmPurchase(paymentId: $id) { status enrollment { courseName } } }`,
      { id: first.paymentId },
    );
    expect(confirmed.data!.confirmPurchase).toEqual({ status: 'SUCCEEDED', enrollment: { courseName: 'Class 9 Physics' } });
    expect(await enrollments()).toBe(1);
  });

  it('fails the payment when the 3-D Secure check is refused', async () => {
    const first = (await buy(buyer, 'pm_card_threeDSecure2Required')).data!.purchaseCourse;
    const providerRef = first.clientSecret!.split('_secret_')[0];
    await buyer.request(`/test-mode/payments/${providerRef}/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSecret: first.clientSecret, approve: false }),
    });
    const confirmed = await buyer.graphql<{ confirmPurchase: { status: string; message: string } }>(
      `mutation ($id: ID!) { confirmPurchase(paymentId: $id) { status message } }`,
      { id: first.paymentId },
    );
    expect(confirmed.data!.confirmPurchase.status).toBe('FAILED');
    expect(confirmed.data!.confirmPurchase.message).toMatch(/unable to authenticate/);
    expect(await enrollments()).toBe(0);
  });

  describe('a 3-D Secure check finished after paying with another card', () => {
    const approve = async (clientSecret: string) => {
      const res = await buyer.request(`/test-mode/payments/${clientSecret.split('_secret_')[0]}/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientSecret, approve: true }),
      });
      expect(res.status).toBe(200);
    };
    const confirm = (paymentId: string) =>
      buyer.graphql<{ confirmPurchase: { status: string; message: string | null; enrollment: { id: string } | null } }>(
        `mutation ($id: ID!) { confirmPurchase(paymentId: $id) { status message enrollment { id } } }`,
        { id: paymentId },
      );
    const refundNotices = () => db.getRepository(OutboxMessage).countBy({ subject: 'Your payment for Class 9 Physics was refunded' });

    it('refunds the later payment in full and keeps the one enrollment, telling the student and integrators once', async () => {
      const owner = await makeUser(db, { email: 'integrator@example.com', role: Role.ADMIN }, 'admin password');
      await db
        .getRepository(WebhookEndpoint)
        .insert({ url: 'http://127.0.0.1:9/hooks', events: [WebhookEventType.PAYMENT_REFUNDED], secretEncrypted: 'x', createdById: owner.id });
      await app.services.jobs.boss();
      const waiting = (await buy(buyer, 'pm_card_authenticationRequired')).data!.purchaseCourse;
      const paid = (await buy(buyer, 'pm_card_visa')).data!.purchaseCourse;
      expect(paid.status).toBe('SUCCEEDED');
      await approve(waiting.clientSecret!);

      const answer = (await confirm(waiting.paymentId!)).data!.confirmPurchase;
      expect(answer).toEqual({ status: 'SUCCEEDED', message: SECOND_PAYMENT_REFUNDED, enrollment: { id: paid.enrollment!.id } });
      expect(await enrollments()).toBe(1);
      expect(await db.getRepository(Payment).findOneByOrFail({ id: waiting.paymentId! })).toMatchObject({
        status: PaymentStatus.REFUNDED,
        refundedMinor: 1550,
      });
      expect(await db.getRepository(Payment).findOneByOrFail({ id: paid.paymentId! })).toMatchObject({ status: PaymentStatus.SUCCEEDED, refundedMinor: 0 });
      const providerRows = await db.getRepository(TestModePayment).find({ order: { createdAt: 'ASC' } });
      expect(providerRows.map((row) => row.refundedMinor).sort()).toEqual([0, 1550]);

      await confirm(waiting.paymentId!);
      expect(await refundNotices()).toBe(1);
      // Integrators, told of both payments received, are told once that the second went back.
      const refunded = (await db.getRepository(WebhookDelivery).findBy({ eventType: WebhookEventType.PAYMENT_REFUNDED })).map(
        (row) => (JSON.parse(row.body) as { data: unknown }).data,
      );
      expect(refunded).toEqual([{ paymentId: waiting.paymentId, enrollmentId: null, refundId: null, amount: { amount: 1550, currency: 'usd' }, percent: 100 }]);
    });

    it('refunds it when the server next looks, if the refund could not be made at once', async () => {
      const waiting = (await buy(buyer, 'pm_card_authenticationRequired')).data!.purchaseCourse;
      await buy(buyer, 'pm_card_visa');
      await approve(waiting.clientSecret!);
      // As if the refund had failed: paid at the provider and recorded as paid, with no enrollment referring to it.
      const { providerRef } = await db.getRepository(Payment).findOneByOrFail({ id: waiting.paymentId! });
      await db.getRepository(TestModePayment).update(providerRef!, { refundedMinor: 0, refundsByKey: {} });
      await db.getRepository(Payment).update(waiting.paymentId!, { status: PaymentStatus.SUCCEEDED, refundedMinor: 0 });
      await db.getRepository(OutboxMessage).delete({ subject: 'Your payment for Class 9 Physics was refunded' });

      expect(await reconcileUnsettledPayments(app.services.payments)).toBe(1);
      expect(await db.getRepository(Payment).findOneByOrFail({ id: waiting.paymentId! })).toMatchObject({ status: PaymentStatus.REFUNDED });
      expect((await db.getRepository(TestModePayment).findOneByOrFail({ id: providerRef! })).refundedMinor).toBe(1550);
      expect(await enrollments()).toBe(1);
      expect(await refundNotices()).toBe(1);
      expect(await reconcileUnsettledPayments(app.services.payments)).toBe(0);
    });
  });

  it('refuses a second purchase of an owned course without charging', async () => {
    await buy(buyer, 'pm_card_visa');
    const { errors } = await buy(buyer, 'pm_card_visa');
    expect(errors![0]).toMatchObject({ message: 'You already own this course', extensions: { code: 'ALREADY_ENROLLED', category: 'CONFLICT' } });
    expect(await charges()).toBe(1);
  });

  it('refuses a purchase by an instructor or an admin', async () => {
    await makeUser(db, { email: 'teacher@example.com', role: Role.INSTRUCTOR }, 'teacher password');
    const teacher = await signedInClient(app.url, 'teacher@example.com', 'teacher password');
    const { errors } = await buy(teacher, 'pm_card_visa');
    expect(errors![0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(await db.getRepository(Payment).count()).toBe(0);
  });

  it('refuses an anonymous purchase, an unpublished course and an unknown course', async () => {
    const anonymous = await buy(new (buyer.constructor as typeof HttpClient)(app.url), 'pm_card_visa');
    expect(anonymous.errors![0].extensions?.code).toBe('UNAUTHENTICATED');
    const draft = await makeCourse(db, { published: false });
    const hidden = await buyer.graphql(PURCHASE, { input: { courseId: draft.id, paymentMethod: 'pm_card_visa' } });
    expect(hidden.errors![0]).toMatchObject({ message: 'Course not found', extensions: { code: 'COURSE_NOT_FOUND', category: 'NOT_FOUND' } });
    const unknown = await buyer.graphql(PURCHASE, { input: { courseId: 'nope', paymentMethod: 'pm_card_visa' } });
    expect(unknown.errors![0].message).toBe('Course not found');
    expect(await db.getRepository(Payment).count()).toBe(0);
  });

  it('enrolls in a free course without any payment', async () => {
    const free = await makeCourse(db, { price: 0 });
    const { data } = await buyer.graphql<PurchaseAnswer>(PURCHASE, { input: { courseId: free.id } });
    expect(data!.purchaseCourse.status).toBe('SUCCEEDED');
    expect(data!.purchaseCourse.enrollment!.transactionAmount).toBe(0);
    expect(await db.getRepository(Payment).count()).toBe(0);
  });

  it('asks for a card for a paid course', async () => {
    const { errors } = await buyer.graphql(PURCHASE, { input: { courseId: course.id } });
    expect(errors![0]).toMatchObject({ message: 'Choose a card to pay with', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('gives 20 identical purchases at once one charge and one enrollment', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(buyer, 'pm_card_visa', { idempotencyKey: 'checkout-attempt-1' })));
    for (const answer of answers) expect(answer.data!.purchaseCourse.status).toBe('SUCCEEDED');
    expect(await charges()).toBe(1);
    expect(await db.getRepository(Payment).count()).toBe(1);
    expect(await enrollments()).toBe(1);
    expect(await db.getRepository(OutboxMessage).count()).toBe(1);
  });

  it('gives a double click without a key one charge and one enrollment', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(buyer, 'pm_card_visa')));
    const succeeded = answers.filter((a) => a.data?.purchaseCourse.status === 'SUCCEEDED');
    expect(succeeded).toHaveLength(1);
    for (const answer of answers.filter((a) => a.errors)) expect(['ALREADY_ENROLLED', 'PAYMENT_IN_PROGRESS']).toContain(answer.errors![0].extensions?.code);
    expect(await charges()).toBe(1);
    expect(await enrollments()).toBe(1);
  });
});

describe('webhooks', () => {
  const post = (body: string, signature: string) =>
    fetch(`${app.url}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });

  async function paidButUnrecorded() {
    // The provider took the money, but our server stopped before writing it down.
    const payment = await db.getRepository(Payment).save({
      studentId: student.id,
      courseId: course.id,
      provider: 'test',
      providerRef: null,
      amountMinor: 1550,
      currency: 'usd',
      status: PaymentStatus.PENDING,
      idempotencyKey: 'crash-1',
      billingDetails: null,
      failureMessage: null,
      transactionRef: null,
    });
    const provider = app.services.payments.provider;
    // The request the purchase made before the crash, exactly (the same key with other parameters is refused).
    const metadata = { paymentId: payment.id, studentId: student.id, courseId: course.id };
    const intent = await provider.createPayment({
      amountMinor: 1550,
      currency: 'usd',
      description: course.name,
      metadata,
      idempotencyKey: `create-${payment.id}`,
    });
    await provider.confirmPayment(intent.id, { paymentMethod: 'pm_card_visa', returnUrl: 'http://x', idempotencyKey: `confirm-${payment.id}` });
    return { payment, intentId: intent.id };
  }

  const event = (intentId: string, paymentId: string) =>
    JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: intentId, object: 'payment_intent', metadata: { paymentId } } },
    });

  it('refuses an event with a wrong signature and changes nothing', async () => {
    const { payment, intentId } = await paidButUnrecorded();
    const body = event(intentId, payment.id);
    const res = await post(body, signWebhookPayload(body, 'whsec_somebody_else'));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Invalid webhook signature' });
    expect((await post(body, 't=1,v1=abc')).status).toBe(400);
    expect(await enrollments()).toBe(0);
  });

  it('records a paid payment from its event, once however often the event comes', async () => {
    const { payment, intentId } = await paidButUnrecorded();
    const body = event(intentId, payment.id);
    for (let i = 0; i < 3; i++) {
      const res = await post(body, signWebhookPayload(body, WEBHOOK_SECRET));
      expect(res.status).toBe(200);
    }
    expect(await enrollments()).toBe(1);
    expect(await db.getRepository(OutboxMessage).count()).toBe(1);
    expect((await db.getRepository(Payment).findOneByOrFail({ id: payment.id })).status).toBe(PaymentStatus.SUCCEEDED);
  });

  it('does not trust an event whose payment the provider says was not paid', async () => {
    const payment = await db.getRepository(Payment).save({
      studentId: student.id,
      courseId: course.id,
      provider: 'test',
      providerRef: null,
      amountMinor: 1550,
      currency: 'usd',
      status: PaymentStatus.PENDING,
      idempotencyKey: 'unpaid-1',
      billingDetails: null,
      failureMessage: null,
      transactionRef: null,
    });
    const intent = await app.services.payments.provider.createPayment({
      amountMinor: 1550,
      currency: 'usd',
      description: 'x',
      metadata: {},
      idempotencyKey: 'c-unpaid',
    });
    const body = event(intent.id, payment.id);
    await post(body, signWebhookPayload(body, WEBHOOK_SECRET));
    expect(await enrollments()).toBe(0);
  });

  const chargeEvent = (id: string, type: string, intentId: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      data: { object: { id: `ch_${id}`, object: 'charge', payment_intent: intentId, amount: 1550, metadata: {}, ...extra } },
    });

  async function paidAndRecorded() {
    const { payment, intentId } = await paidButUnrecorded();
    const body = event(intentId, payment.id);
    await post(body, signWebhookPayload(body, WEBHOOK_SECRET));
    expect(await enrollments()).toBe(1);
    return { payment, intentId };
  }

  it('never counts an intent made for another order, even for the same amount', async () => {
    const { intentId } = await paidButUnrecorded();
    const other = await db.getRepository(Payment).save({
      studentId: student.id,
      courseId: course.id,
      provider: 'test',
      providerRef: null,
      amountMinor: 1550,
      currency: 'usd',
      status: PaymentStatus.PENDING,
      idempotencyKey: 'other-order',
      billingDetails: null,
      failureMessage: null,
      transactionRef: null,
    });
    // The first order's paid intent, offered for the other order (a mistaken or forged pairing).
    await recordProviderResult(app.services.payments, other.id, await app.services.payments.provider.retrievePayment(intentId));
    expect((await db.getRepository(Payment).findOneByOrFail({ id: other.id })).status).toBe(PaymentStatus.FAILED);
    expect(await enrollments()).toBe(0);
  });

  it('ends access when the charge is refunded in full in the provider’s dashboard, and shows why', async () => {
    const { payment, intentId } = await paidAndRecorded();
    const partial = chargeEvent('evt_partial', 'charge.refunded', intentId, { amount_refunded: 500 });
    await post(partial, signWebhookPayload(partial, WEBHOOK_SECRET));
    expect(await activeEnrollments()).toBe(1);
    expect((await db.getRepository(Payment).findOneByOrFail({ id: payment.id })).refundedMinor).toBe(500);
    const full = chargeEvent('evt_full', 'charge.refunded', intentId, { amount_refunded: 1550 });
    for (let i = 0; i < 2; i++) expect((await post(full, signWebhookPayload(full, WEBHOOK_SECRET))).status).toBe(200);
    expect(await activeEnrollments()).toBe(0);
    expect(await db.getRepository(Payment).findOneByOrFail({ id: payment.id })).toMatchObject({
      status: PaymentStatus.REFUNDED,
      refundedMinor: 1550,
      failureMessage: REFUNDED_AT_PROVIDER,
    });
  });

  it('ends access when the card holder disputes the charge', async () => {
    const { payment, intentId } = await paidAndRecorded();
    const body = JSON.stringify({
      id: 'evt_dispute',
      object: 'event',
      type: 'charge.dispute.created',
      data: { object: { id: 'dp_1', object: 'dispute', payment_intent: intentId, amount: 1550 } },
    });
    await post(body, signWebhookPayload(body, WEBHOOK_SECRET));
    expect(await activeEnrollments()).toBe(0);
    expect((await db.getRepository(Payment).findOneByOrFail({ id: payment.id })).failureMessage).toBe(DISPUTED);
  });

  it('marks a refund that failed at the provider, and a Checkout Session that expired', async () => {
    const { payment } = await paidAndRecorded();
    const enrollment = await db.getRepository(Enrollment).findOneByOrFail({ paymentId: payment.id });
    await db.getRepository(Refund).save({
      paymentId: payment.id,
      enrollmentId: enrollment.id,
      refundCase: RefundCase.COURSE_CANCELLED,
      percent: 100,
      amountMinor: 1550,
      providerRef: 're_failed',
      adminId: student.id,
    });
    const failed = JSON.stringify({
      id: 'evt_refund_failed',
      object: 'event',
      type: 'refund.failed',
      data: { object: { id: 're_failed', object: 'refund', payment_intent: null } },
    });
    await post(failed, signWebhookPayload(failed, WEBHOOK_SECRET));
    expect((await db.getRepository(Refund).findOneByOrFail({ providerRef: 're_failed' })).status).toBe('failed');
    const pending = await db.getRepository(Payment).save({
      studentId: student.id,
      courseId: course.id,
      provider: 'test',
      providerRef: null,
      amountMinor: 1550,
      currency: 'usd',
      status: PaymentStatus.PENDING,
      idempotencyKey: 'checkout-1',
      billingDetails: null,
      failureMessage: null,
      transactionRef: null,
    });
    const expired = JSON.stringify({
      id: 'evt_cs_expired',
      object: 'event',
      type: 'checkout.session.expired',
      data: { object: { id: 'cs_1', object: 'checkout.session', metadata: { paymentId: pending.id } } },
    });
    await post(expired, signWebhookPayload(expired, WEBHOOK_SECRET));
    expect(await db.getRepository(Payment).findOneByOrFail({ id: pending.id })).toMatchObject({
      status: PaymentStatus.FAILED,
      failureMessage: CHECKOUT_EXPIRED,
    });
  });

  it('recovers a crash between the payment and our write when the server starts again', async () => {
    const { payment, intentId } = await paidButUnrecorded();
    await db.getRepository(Payment).update(payment.id, { providerRef: intentId });
    expect(await reconcileUnsettledPayments(app.services.payments)).toBe(1);
    expect(await enrollments()).toBe(1);
  });

  it('recovers even when the crash came before the provider reference was written', async () => {
    await paidButUnrecorded();
    await reconcileUnsettledPayments(app.services.payments);
    expect(await enrollments()).toBe(1);
    expect(await charges()).toBe(1);
  });
});

describe('around the checkout', () => {
  it('tells the checkout page that payments are in test mode', async () => {
    const { data } = await buyer.graphql(`{ paymentSettings { provider testMode publishableKey } }`);
    expect(data).toEqual({ paymentSettings: { provider: 'test', testMode: true, publishableKey: null } });
  });

  it('tells the checkout how each way to pay works, in the page’s language, so it never compares provider names', async () => {
    const query = `{ paymentOptions { provider kind label methods currency } }`;
    const { data } = await buyer.graphql(query);
    expect(data).toEqual({
      paymentOptions: [
        {
          provider: 'SSLCOMMERZ',
          kind: 'HOSTED_PAGE',
          label: 'bKash / Nagad / Rocket / card (SSLCommerz)',
          methods: ['bKash', 'Nagad', 'Rocket', 'Card'],
          currency: 'BDT',
        },
        { provider: 'STRIPE', kind: 'CARD_FORM', label: 'International card (Stripe)', methods: ['Visa', 'Mastercard', 'American Express'], currency: 'USD' },
      ],
    });
    const bangla = await buyer.request('/graphql?lang=bn', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    const options = ((await bangla.json()) as { data: { paymentOptions: Array<{ label: string }> } }).data.paymentOptions;
    expect(options.map((option) => option.label)).toEqual(['বিকাশ / নগদ / রকেট / কার্ড (SSLCommerz)', 'আন্তর্জাতিক কার্ড (Stripe)']);
  });

  it('recommends courses the student does not own', async () => {
    const other = await makeCourse(db, { name: 'Another course' });
    await buy(buyer, 'pm_card_visa');
    const { data } = await buyer.graphql<{ recommendedCourses: Array<{ id: string }> }>(`{ recommendedCourses(limit: 4) { id } }`);
    expect(data!.recommendedCourses.map((c) => c.id)).toEqual([other.id]);
  });
});

describe('how a card payment was made', () => {
  it('records the card brand and its last four digits, shown in My Payments and the receipt', async () => {
    expect((await buy(buyer, 'pm_card_mastercard')).data!.purchaseCourse.status).toBe('SUCCEEDED');
    const { data } = await buyer.graphql(`{ myPayments { items { method amountPaid { amount currency formatted } } } }`);
    expect(data).toEqual({ myPayments: { items: [{ method: 'Mastercard •••• 4444', amountPaid: { amount: 1550, currency: 'USD', formatted: '$15.50' } }] } });
    const receipt = await db.getRepository(OutboxMessage).findOneByOrFail({ to: 'buyer@example.com' });
    expect(receipt.text).toContain('Paid with: Mastercard •••• 4444');
  });

  it('records no method for a declined card', async () => {
    await buy(buyer, 'pm_card_chargeDeclined');
    expect(await db.getRepository(Payment).findOneByOrFail({ courseId: course.id })).toMatchObject({ status: PaymentStatus.FAILED, method: null });
  });

  it('says how each payment was paid in the reader’s words, never by a provider’s stored name: the method, else the way to pay, and test mode', async () => {
    await buy(buyer, 'pm_card_chargeDeclined');
    await buy(buyer, 'pm_card_visa');
    const paidWith = async (language: string) => {
      buyer.headers['accept-language'] = language;
      const { data } = await buyer.graphql<{ myPayments: { items: Array<{ paidWith: string }> } }>(`{ myPayments { items { paidWith } } }`);
      return data!.myPayments.items.map((item) => item.paidWith);
    };
    expect(await paidWith('en')).toEqual(['Visa •••• 4242 (test mode)', 'International card (Stripe) (test mode)']);
    expect(await paidWith('bn')).toEqual(['Visa •••• 4242 (টেস্ট মোড)', 'আন্তর্জাতিক কার্ড (Stripe) (টেস্ট মোড)']);
  });

  it('refuses a 31st declined purchase in an hour, saying when to try again, without asking the provider', async () => {
    for (let i = 0; i < 30; i++) expect((await buy(buyer, 'pm_card_chargeDeclined')).data!.purchaseCourse.status).toBe('FAILED');
    const attempts = await db.getRepository(TestModePayment).count();
    const refused = await buy(buyer, 'pm_card_visa');
    expect(refused.errors![0]).toMatchObject({
      message: 'Too many attempts. Please try again in 60 minutes.',
      extensions: { code: 'RATE_LIMITED', category: 'TOO_MANY_REQUESTS' },
    });
    expect(await db.getRepository(TestModePayment).count()).toBe(attempts);
    expect(await enrollments()).toBe(0);
    // Another student is not held back.
    await makeUser(db, { email: 'other@example.com' }, 'other password');
    const other = await signedInClient(app.url, 'other@example.com', 'other password');
    expect((await buy(other, 'pm_card_visa')).data!.purchaseCourse.status).toBe('SUCCEEDED');
  }, 120_000);
});
