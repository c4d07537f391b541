/** @jest-environment node */
// A file of its own (the docblock above): the provider it registers must not reach the other test files of a lane.
/**
 * A payment provider the product does not ship, added by this test alone: a hosted payment page
 * with signed notifications. Registered in the registry before the app is built, it is offered by
 * `paymentOptions`, taken by `purchaseCourse`, and its notifications and buyers' returns come to
 * /hooks/payments/<its name>, with nothing of modules/payment changed for it.
 */
import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import { registerPaymentProvider } from './payments/registry';
import {
  InvalidWebhookSignature,
  paymentHookPath,
  paymentReturnPath,
  type CreatePaymentInput,
  type GatewayNotification,
  type GatewayRequest,
  type PaymentProvider,
  type ProviderPayment,
} from './payments/provider';
import { startTestApp, type TestApp } from './test/app';
import { closeTestDatabase, openTestDatabase, resetDatabase } from './test/database';
import { makeCourse, makeUser } from './test/factories';
import { signedInClient, type HttpClient } from './test/http-client';
import { Enrollment } from './modules/enrollment/enrollment.entity';
import { Payment, PaymentStatus } from './modules/payment/payment.entity';
import type { Course } from './modules/course/course.entity';

const SECRET = 'paylink-signing-secret';
const sign = (body: string) => crypto.createHmac('sha256', SECRET).update(body).digest('hex');

/** The gateway's own books: what each of its payments is for and whether it is paid. */
const gateway = new Map<string, { amountMinor: number; currency: string; paymentId: string; paid: boolean }>();

class PaylinkProvider implements PaymentProvider {
  readonly name = 'paylink';
  readonly testMode = true;

  createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
    const id = `pl_${input.metadata.paymentId}`;
    if (!gateway.has(id)) gateway.set(id, { amountMinor: input.amountMinor, currency: input.currency, paymentId: input.metadata.paymentId, paid: false });
    return this.retrievePayment(id).then((payment) => ({ ...payment, redirectUrl: `https://paylink.example/pay/${id}` }));
  }

  retrievePayment(id: string): Promise<ProviderPayment> {
    const entry = gateway.get(id);
    if (!entry) return Promise.reject(new Error(`paylink knows no payment ${id}`));
    return Promise.resolve({
      id,
      status: entry.paid ? 'succeeded' : 'requires_action',
      amountMinor: entry.amountMinor,
      currency: entry.currency,
      clientSecret: null,
      failureMessage: null,
      transactionRef: entry.paid ? `txn_${id}` : null,
      metadata: { paymentId: entry.paymentId },
      method: entry.paid ? { name: 'bKash' } : null,
    });
  }

  readNotification(request: GatewayRequest): GatewayNotification {
    const body = request.rawBody.toString('utf8');
    if (request.header('x-paylink-signature') !== sign(body)) throw new InvalidWebhookSignature('not signed by paylink');
    const { event, payment } = JSON.parse(body) as { event: string; payment: string };
    return { eventId: event, notice: { kind: 'payment', providerRef: payment } };
  }
}

registerPaymentProvider({
  name: 'paylink',
  label: 'Paylink',
  way: 'PAYLINK',
  wayDescription: 'Paylink: wallets, charged in taka on its own page',
  currency: 'bdt',
  labels: { en: 'Wallet (Paylink)', bn: 'ওয়ালেট (Paylink)' },
  methods: ['bKash'],
  capabilities: ['hostedPaymentPage', 'notifications'],
  create: () => ({ provider: new PaylinkProvider() }),
});

let db: DataSource;
let app: TestApp;
let student: HttpClient;
let course: Course;

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startTestApp(db);
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});
beforeEach(async () => {
  await resetDatabase(db);
  gateway.clear();
  await makeUser(db, { email: 'nila@example.com', name: 'Nila Akter' }, 'student password');
  student = await signedInClient(app.url, 'nila@example.com', 'student password');
  course = await makeCourse(db, { name: 'Chemistry – Class 10', price: 10, priceBDT: 1500 });
});

const OPTIONS = `{ paymentOptions { provider kind label methods currency } }`;
const BUY = `mutation ($input: PurchaseInput!) { purchaseCourse(input: $input) { status redirectURL enrollment { id } } }`;
type Bought = { purchaseCourse: { status: string; redirectURL: string | null; enrollment: { id: string } | null } };

const notify = (body: string, signature = sign(body)) =>
  fetch(`${app.url}${paymentHookPath('paylink')}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-paylink-signature': signature }, body });

async function buy(): Promise<{ payment: Payment; redirectURL: string }> {
  const { data, errors } = await student.graphql<Bought>(BUY, {
    input: { courseId: course.id, provider: 'PAYLINK', billingDetails: { name: 'Nila Akter', phone: '01812-345678' } },
  });
  expect(errors).toBeUndefined();
  expect(data!.purchaseCourse).toMatchObject({ status: 'REQUIRES_ACTION', enrollment: null });
  const payment = await db.getRepository(Payment).findOneByOrFail({ courseId: course.id });
  return { payment, redirectURL: data!.purchaseCourse.redirectURL! };
}

const enrolled = () => db.getRepository(Enrollment).countBy({ courseId: course.id });

describe('a payment provider added without touching the payment module', () => {
  it('is offered by paymentOptions as a hosted page in taka', async () => {
    const { data } = await student.graphql<{ paymentOptions: Array<Record<string, unknown>> }>(OPTIONS);
    expect(data!.paymentOptions).toContainEqual({ provider: 'PAYLINK', kind: 'HOSTED_PAGE', label: 'Wallet (Paylink)', methods: ['bKash'], currency: 'BDT' });
  });

  it('takes the taka price, and grants the course once its signed notification says paid, however often it comes', async () => {
    const { payment, redirectURL } = await buy();
    expect(redirectURL).toBe(`https://paylink.example/pay/${payment.providerRef}`);
    expect(payment).toMatchObject({ provider: 'paylink', amountMinor: 150_000, currency: 'bdt', status: PaymentStatus.REQUIRES_ACTION });

    // The buyer pays on the gateway's page; a notification nobody signed changes nothing.
    gateway.get(payment.providerRef!)!.paid = true;
    const body = JSON.stringify({ event: 'evt_paid_1', payment: payment.providerRef });
    expect((await notify(body, sign('something else'))).status).toBe(400);
    expect(await enrolled()).toBe(0);

    const res = await notify(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect((await notify(body)).status).toBe(200);
    expect((await notify(JSON.stringify({ event: 'evt_paid_2', payment: payment.providerRef }))).status).toBe(200);
    expect(await enrolled()).toBe(1);
    expect(await db.getRepository(Payment).findOneByOrFail({ id: payment.id })).toMatchObject({ status: PaymentStatus.SUCCEEDED, method: 'bKash' });
  });

  it('sends the buyer back from its page to the course page, which tells how it went', async () => {
    const { payment } = await buy();
    gateway.get(payment.providerRef!)!.paid = true;
    const body = JSON.stringify({ event: 'evt_return', payment: payment.providerRef });
    const res = await fetch(`${app.url}${paymentReturnPath('paylink', 'success')}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json', 'x-paylink-signature': sign(body) },
      body,
    });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!).pathname + new URL(res.headers.get('location')!).search).toBe(`/course/${course.id}?success=true`);
    expect(await enrolled()).toBe(1);
  });

  it('answers 404 for a provider this server does not have', async () => {
    const res = await fetch(`${app.url}${paymentHookPath('paypal')}`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
  });
});
