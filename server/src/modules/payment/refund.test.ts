import { useAppPerFile } from '../../test/app-per-file';
import { resetDatabase } from '../../test/database';
import { TestModePayment } from '../../payments/offline/stripe-test-mode/test-mode-payment.entity';
import { makeCourse, makeUser } from '../../test/factories';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { Course } from '../course/course.entity';
import { Role } from '../../kernel/role';
import { Payment, PaymentStatus } from './payment.entity';
import { Refund } from './refund.entity';
import { ALREADY_REFUNDED, REFUND_IN_PROGRESS } from './refund.service';

const given = useAppPerFile();

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
        expect([ALREADY_REFUNDED, REFUND_IN_PROGRESS]).toContain(refusal.message);
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
