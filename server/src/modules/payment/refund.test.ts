import { Like } from 'typeorm';
import { useAppPerFile } from '../../test/app-per-file';
import { resetDatabase } from '../../test/database';
import { TestModePayment } from '../../payments/offline/stripe-test-mode/test-mode-payment.entity';
import { makeCourse, makeUser } from '../../test/factories';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { Course } from '../course/course.entity';
import { Role } from '../../kernel/role';
import { Payment, PaymentStatus } from './payment.entity';
import { Refund } from './refund.entity';
import { ALREADY_REFUNDED } from './refund.service';
import { signWebhookPayload } from '../../payments/stripe/webhook-signature';
import { paymentHookPath } from '../../payments/provider';
import { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../integration/webhook.entity';
import { AuditAction, AuditEntry } from '../audit/audit.entity';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { User } from '../user/user.entity';
import { REFUNDED_AT_PROVIDER } from './provider-events.service';

const WEBHOOK_SECRET = 'whsec_refund_test_secret';
const given = useAppPerFile({ env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });

const REFUND = `mutation ($id: ID!, $case: RefundCase!, $reportedAt: DateTimeISO) {
  refundEnrollment(enrollmentId: $id, refundCase: $case, reportedAt: $reportedAt) { percent amount }
}`;

async function boughtCourse(startsAt: Date | null) {
  const course = await makeCourse(given.db, { price: 20, startsAt });
  await makeUser(given.db, { email: 'buyer@example.com' }, 'buyer password');
  await makeUser(given.db, { email: 'boss@example.com', role: Role.ADMIN }, 'boss password');
  const buyer = await signedInClient(given.app.url, 'buyer@example.com', 'buyer password');
  const admin = await signedInClient(given.app.url, 'boss@example.com', 'boss password');
  const { data } = await buyer.graphql<{ purchaseCourse: { enrollment: { id: string } } }>(
    `mutation ($input: PurchaseInput!) { purchaseCourse(input: $input) { enrollment { id } } }`,
    { input: { courseId: course.id, paymentMethod: 'pm_card_visa' } },
  );
  return { course, buyer, admin, enrollmentId: data!.purchaseCourse.enrollment.id };
}

const owns = async (buyer: HttpClient, courseId: string) =>
  (await buyer.graphql<{ course: { isEnrolled: boolean } }>(`query ($id: ID!) { course(id: $id) { isEnrolled } }`, { id: courseId })).data!.course.isEnrolled;

describe('refunds', () => {
  it('refunds a cancelled live course in full through the provider and ends access', async () => {
    const { course, buyer, admin, enrollmentId } = await boughtCourse(new Date(Date.now() + 7 * 24 * 3600 * 1000));
    expect(await owns(buyer, course.id)).toBe(true);
    const { data, errors } = await admin.graphql(REFUND, { id: enrollmentId, case: 'COURSE_CANCELLED' });
    expect(errors).toBeUndefined();
    expect(data).toEqual({ refundEnrollment: { percent: 100, amount: 20 } });
    expect(await owns(buyer, course.id)).toBe(false);
    expect((await given.db.getRepository(TestModePayment).findOneByOrFail({})).refundedMinor).toBe(2000);
    expect((await given.db.getRepository(Payment).findOneByOrFail({})).status).toBe(PaymentStatus.REFUNDED);
    const again = await admin.graphql(REFUND, { id: enrollmentId, case: 'COURSE_CANCELLED' });
    expect(again.errors![0]).toMatchObject({ message: ALREADY_REFUNDED, extensions: { code: 'ALREADY_REFUNDED', category: 'CONFLICT' } });
  });

  it('gives one refund and three clear refusals when four refunds of one enrollment arrive at once', async () => {
    for (const round of [1, 2, 3]) {
      await resetDatabase(given.db);
      const { course, buyer, admin, enrollmentId } = await boughtCourse(null);
      const answers = await Promise.all(Array.from({ length: 4 }, () => admin.graphql(REFUND, { id: enrollmentId, case: 'COURSE_CANCELLED' })));
      const refunded = answers.filter((answer) => answer.data?.refundEnrollment);
      const refusals = answers.flatMap((answer) => answer.errors ?? []);
      expect({ round, refunded: refunded.length, refusals: refusals.length }).toEqual({ round, refunded: 1, refusals: 3 });
      for (const refusal of refusals) {
        expect(refusal.extensions?.category).toBe('CONFLICT');
        expect(refusal.message).toBe(ALREADY_REFUNDED);
      }
      expect((await given.db.getRepository(TestModePayment).findOneByOrFail({})).refundedMinor).toBe(2000);
      expect(await given.db.getRepository(Refund).count()).toBe(1);
      expect(await owns(buyer, course.id)).toBe(false);
    }
  });

  it('pays back once when a refund is retried after the provider refunded but nothing was written', async () => {
    const { course, buyer, admin, enrollmentId } = await boughtCourse(null);
    // As if a first attempt reached the provider and the server stopped before its writes.
    const payment = await given.db.getRepository(Payment).findOneByOrFail({});
    const first = await given.app.services.payments.provider.refund({
      paymentRef: payment.providerRef!,
      amountMinor: 2000,
      idempotencyKey: `refund-${enrollmentId}`,
    });
    const { data, errors } = await admin.graphql(REFUND, { id: enrollmentId, case: 'COURSE_CANCELLED' });
    expect(errors).toBeUndefined();
    expect(data).toEqual({ refundEnrollment: { percent: 100, amount: 20 } });
    expect((await given.db.getRepository(TestModePayment).findOneByOrFail({})).refundedMinor).toBe(2000);
    expect((await given.db.getRepository(Refund).findOneByOrFail({})).providerRef).toBe(first.id);
    expect(await owns(buyer, course.id)).toBe(false);
  });

  it('refunds 80% for a schedule issue reported within 2 days of the start', async () => {
    const { admin, enrollmentId } = await boughtCourse(null);
    const { data } = await admin.graphql(REFUND, { id: enrollmentId, case: 'SCHEDULE_ISSUE', reportedAt: new Date().toISOString() });
    expect(data).toEqual({ refundEnrollment: { percent: 80, amount: 16 } });
    expect((await given.db.getRepository(TestModePayment).findOneByOrFail({})).refundedMinor).toBe(1600);
  });

  it('refuses a refund the policy does not give, and keeps the access', async () => {
    const { course, buyer, admin, enrollmentId } = await boughtCourse(new Date(Date.now() - 3 * 24 * 3600 * 1000));
    const { errors } = await admin.graphql(REFUND, { id: enrollmentId, case: 'LEARNER_CANCELLED' });
    expect(errors![0]).toMatchObject({ message: 'No refund once 2 days have passed since the start.', extensions: { code: 'CONFLICT' } });
    expect(await owns(buyer, course.id)).toBe(true);
    expect((await given.db.getRepository(TestModePayment).findOneByOrFail({})).refundedMinor).toBe(0);
  });

  it('lets only admins refund', async () => {
    const { buyer, enrollmentId } = await boughtCourse(null);
    const { errors } = await buyer.graphql(REFUND, { id: enrollmentId, case: 'COURSE_CANCELLED' });
    expect(errors![0].extensions?.code).toBe('FORBIDDEN');
  });

  it('lets a refunded student buy the course again', async () => {
    const { course, buyer, admin, enrollmentId } = await boughtCourse(null);
    await admin.graphql(REFUND, { id: enrollmentId, case: 'COURSE_CANCELLED' });
    await given.db.getRepository(Course).update(course.id, { startsAt: null });
    const { data } = await buyer.graphql<{ purchaseCourse: { status: string } }>(
      `mutation ($input: PurchaseInput!) { purchaseCourse(input: $input) { status } }`,
      { input: { courseId: course.id, paymentMethod: 'pm_card_visa' } },
    );
    expect(data!.purchaseCourse.status).toBe('SUCCEEDED');
  });
});

describe('a refund, whoever starts it', () => {
  /** An integrator following refunds (the delivery itself is the webhook queue's, proven elsewhere). */
  async function followRefunds() {
    const boss = await given.db.getRepository(User).findOneByOrFail({ email: 'boss@example.com' });
    await given.db.getRepository(WebhookEndpoint).insert({
      url: 'http://127.0.0.1:9/hooks',
      events: [WebhookEventType.PAYMENT_REFUNDED, WebhookEventType.ENROLLMENT_REFUNDED],
      secretEncrypted: 'x',
      createdById: boss.id,
    });
    await given.app.services.jobs.boss();
  }
  const sent = async (type: WebhookEventType) =>
    (await given.db.getRepository(WebhookDelivery).findBy({ eventType: type })).map((row) => (JSON.parse(row.body) as { data: Record<string, unknown> }).data);
  const refundMails = () => given.db.getRepository(OutboxMessage).findBy({ to: 'buyer@example.com', subject: Like('Your refund for %') });

  /** Stripe's `charge.refunded` for the buyer's payment, signed as its test mode signs, posted to the one hook route. */
  async function providerReportsRefund(eventId: string, amountRefunded: number) {
    const payment = await given.db.getRepository(Payment).findOneByOrFail({});
    const body = JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: { id: `ch_${eventId}`, object: 'charge', payment_intent: payment.providerRef, amount: 2000, amount_refunded: amountRefunded, metadata: {} },
      },
    });
    const answer = await fetch(`${given.app.url}${paymentHookPath(payment.provider)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signWebhookPayload(body, WEBHOOK_SECRET) },
      body,
    });
    expect(answer.status).toBe(200);
  }

  it('sends the webhooks, the audit entry and the buyer’s notice once for a refund the provider reports, however often it reports it', async () => {
    const { course, buyer, enrollmentId } = await boughtCourse(null);
    await followRefunds();
    await providerReportsRefund('evt_refund_1', 2000);
    await providerReportsRefund('evt_refund_1', 2000);
    await providerReportsRefund('evt_refund_2', 2000);
    expect(await owns(buyer, course.id)).toBe(false);
    const payment = await given.db.getRepository(Payment).findOneByOrFail({});
    expect(payment).toMatchObject({ status: PaymentStatus.REFUNDED, refundedMinor: 2000, failureMessage: REFUNDED_AT_PROVIDER });
    expect(await sent(WebhookEventType.PAYMENT_REFUNDED)).toEqual([
      { paymentId: payment.id, enrollmentId, refundId: null, amount: { amount: 2000, currency: 'usd' }, percent: 100 },
    ]);
    const [ended, ...more] = await sent(WebhookEventType.ENROLLMENT_REFUNDED);
    expect(more).toEqual([]);
    expect(ended).toMatchObject({ enrollmentId, paymentId: payment.id, amountPaid: { amount: 2000, currency: 'usd' } });
    expect(typeof ended.refundedAt).toBe('string');
    const audit = await given.db.getRepository(AuditEntry).findBy({ action: AuditAction.REFUND_ENROLLMENT });
    expect(audit.map(({ actorEmail, targetId, detail }) => ({ actorEmail, targetId, detail }))).toEqual([
      {
        actorEmail: 'payment provider test',
        targetId: enrollmentId,
        detail: { student: 'buyer@example.com', course: course.name, refundCase: 'PROVIDER_REFUND', percent: 100, amountCents: 2000, currency: 'usd' },
      },
    ]);
    const mails = await refundMails();
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`We refunded $20.00 (100%) of your payment for ${course.name}.`);
    expect(mails[0].text).toContain(REFUNDED_AT_PROVIDER);
  });

  it('makes one refund of an admin’s refund and the provider’s report of it: the webhooks, the audit entry and the notice once', async () => {
    const { admin, enrollmentId } = await boughtCourse(null);
    await followRefunds();
    const { errors } = await admin.graphql(REFUND, { id: enrollmentId, case: 'COURSE_CANCELLED' });
    expect(errors).toBeUndefined();
    // Stripe tells of every refund, the product's own too.
    await providerReportsRefund('evt_echo', 2000);
    const refund = await given.db.getRepository(Refund).findOneByOrFail({});
    const payment = await given.db.getRepository(Payment).findOneByOrFail({});
    expect(payment).toMatchObject({ status: PaymentStatus.REFUNDED, refundedMinor: 2000, failureMessage: null });
    expect(await sent(WebhookEventType.PAYMENT_REFUNDED)).toEqual([
      { paymentId: payment.id, enrollmentId, refundId: refund.id, amount: { amount: 2000, currency: 'usd' }, percent: 100 },
    ]);
    expect(await sent(WebhookEventType.ENROLLMENT_REFUNDED)).toHaveLength(1);
    expect(await given.db.getRepository(AuditEntry).countBy({ action: AuditAction.REFUND_ENROLLMENT })).toBe(1);
    expect(await refundMails()).toHaveLength(1);
  });
});
