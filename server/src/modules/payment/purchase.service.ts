import crypto from 'node:crypto';
import { Brackets, In, type DataSource, type EntityManager } from 'typeorm';
import type { AppLogger } from '../../logger';
import { PAYMENTS_OFF } from '../../payments/payments-off.provider';
import type { BillingDetailsInput, PaymentProvider, ProviderPayment } from '../../payments/provider';
import { AppError, badInput, notFound } from '../../shared/errors';
import type { Viewer } from '../auth/viewer';
import { Course } from '../course/course.entity';
import { findCourse } from '../course/course.service';
import { type Enrollment } from '../enrollment/enrollment.entity';
import { findActiveEnrollment, grantEnrollment } from '../enrollment/enrollment.service';
import type { Mailer } from '../mail/mailer';
import { Role } from '../user/role';
import { User } from '../user/user.entity';
import { Payment, PaymentStatus } from './payment.entity';

export const ONLY_STUDENTS_BUY = 'Only students can buy courses';
export const ALREADY_OWNED = 'You already own this course';
export const PAYMENT_IN_PROGRESS = 'A payment for this course is already in progress. Please wait a moment.';
export const PAYMENT_NOT_SUCCESSFUL = 'Payment was not successful';
export const COURSE_NOT_FOUND = 'Course not found';
export const SECOND_PAYMENT_REFUNDED = 'You already own this course, so this payment was refunded to your card.';
/** A payment still unsettled after this long was interrupted, not in progress. */
const STALE_PAYMENT_SECONDS = 120;

export interface PurchaseDeps {
  db: DataSource;
  provider: PaymentProvider;
  publishableKey: string | null;
  mailer: Mailer;
  publicUrl: string;
  log: AppLogger;
}

export interface PurchaseRequest {
  courseId: string;
  paymentMethod?: string | null;
  billingDetails?: BillingDetailsInput | null;
  idempotencyKey?: string | null;
}

export type PurchaseStatus = 'SUCCEEDED' | 'REQUIRES_ACTION' | 'FAILED';

export interface PurchaseOutcome {
  status: PurchaseStatus;
  enrollment: Enrollment | null;
  payment: Payment | null;
  clientSecret: string | null;
  message: string | null;
}

/** The server's price: dollars from the database, charged in cents. */
export const priceInCents = (course: Course) => Math.round(course.price * 100);

/** With PAYMENTS=off a paid purchase is refused before anything is written. */
export function requirePayments(deps: PurchaseDeps): void {
  if (deps.provider.name === 'off') throw new AppError('PAYMENT_FAILED', PAYMENTS_OFF);
}

/** Purchases of one course by one student happen one at a time, across every server copy. */
async function lockPurchase(manager: EntityManager, studentId: string, courseId: string): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`purchase:${studentId}:${courseId}`]);
}

function checkRequest(request: PurchaseRequest, free: boolean): void {
  if (!free && !request.paymentMethod?.trim()) throw badInput('Choose a card to pay with', { field: 'paymentMethod' });
  if ((request.paymentMethod?.length ?? 0) > 255) throw badInput('paymentMethod is too long', { field: 'paymentMethod' });
  if ((request.idempotencyKey?.length ?? 0) > 200) throw badInput('idempotencyKey must be at most 200 characters', { field: 'idempotencyKey' });
  const billing = JSON.stringify(request.billingDetails ?? {});
  if (billing.length > 2000) throw badInput('billingDetails is too long', { field: 'billingDetails' });
}

async function purchasableCourse(db: DataSource, viewer: Viewer, courseId: string): Promise<Course> {
  if (viewer.role !== Role.STUDENT) throw new AppError('FORBIDDEN', ONLY_STUDENTS_BUY);
  const course = await findCourse(db, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  return course;
}

function outcomeOf(payment: Payment, enrollment: Enrollment | null, providerPayment?: ProviderPayment): PurchaseOutcome {
  switch (payment.status) {
    case PaymentStatus.SUCCEEDED:
      return { status: 'SUCCEEDED', enrollment, payment, clientSecret: null, message: null };
    case PaymentStatus.REQUIRES_ACTION:
      return { status: 'REQUIRES_ACTION', enrollment: null, payment, clientSecret: providerPayment?.clientSecret ?? null, message: 'Your bank asks you to confirm this payment' };
    default:
      return { status: 'FAILED', enrollment: null, payment, clientSecret: null, message: payment.failureMessage ?? PAYMENT_NOT_SUCCESSFUL };
  }
}

async function sendReceipt(deps: PurchaseDeps, payment: Payment, enrollment: Enrollment): Promise<void> {
  await deps.mailer.send({
    to: enrollment.email,
    subject: `Your Shikhon receipt: ${enrollment.courseName}`,
    text: `Thank you for your purchase.\n\nCourse: ${enrollment.courseName}\nAmount: $${(payment.amountCents / 100).toFixed(2)}\nTransaction: ${payment.transactionRef ?? payment.id}\nDate: ${enrollment.createdAt.toISOString().slice(0, 10)}\n\nStart learning: ${new URL(`/myCourseplay/${enrollment.courseId}`, deps.publicUrl)}\n`,
  });
}

/**
 * Writes what the provider says about a payment, and on success the enrollment, in one
 * transaction. Safe to call any number of times for the same payment (retries, webhooks, reconciliation).
 */
export async function recordProviderResult(deps: PurchaseDeps, paymentId: string, result: ProviderPayment): Promise<PurchaseOutcome> {
  const { payment, enrollment, created, alreadyOwned } = await deps.db.transaction(async (manager) => {
    const payments = manager.getRepository(Payment);
    const head = await payments.findOneBy({ id: paymentId });
    if (!head) throw notFound('Payment not found');
    await lockPurchase(manager, head.studentId, head.courseId);
    const current = await payments.findOneOrFail({ where: { id: paymentId }, lock: { mode: 'pessimistic_write' } });
    const settled = current.status === PaymentStatus.SUCCEEDED || current.status === PaymentStatus.REFUNDED;
    if (!settled) {
      const status =
        result.status === 'succeeded'
          ? PaymentStatus.SUCCEEDED
          : result.status === 'requires_action'
            ? PaymentStatus.REQUIRES_ACTION
            : result.status === 'failed' || result.status === 'unconfirmed'
              ? PaymentStatus.FAILED
              : PaymentStatus.PENDING;
      Object.assign(current, {
        status,
        providerRef: current.providerRef ?? result.id,
        failureMessage: status === PaymentStatus.FAILED ? (result.failureMessage ?? PAYMENT_NOT_SUCCESSFUL) : null,
        transactionRef: result.transactionRef ?? current.transactionRef,
      });
      await payments.save(current);
    }
    const paid = current.status === PaymentStatus.SUCCEEDED || current.status === PaymentStatus.REFUNDED;
    if (!paid) return { payment: current, enrollment: null, created: false, alreadyOwned: false };
    // Paid for a course the student owns by another payment (a 3-D Secure check finished after
    // paying with another card): this payment is given back below, if it is not already.
    const owned = await findActiveEnrollment(manager, current.studentId, current.courseId);
    if (owned && owned.paymentId !== current.id) return { payment: current, enrollment: owned, created: false, alreadyOwned: true };
    if (current.status === PaymentStatus.REFUNDED) return { payment: current, enrollment: null, created: false, alreadyOwned: false };
    const course = await manager.getRepository(Course).findOneByOrFail({ id: current.courseId });
    const student = await manager.getRepository(User).findOneByOrFail({ id: current.studentId });
    const granted = await grantEnrollment(manager, student, course, current);
    return { payment: current, ...granted, alreadyOwned: false };
  });
  if (alreadyOwned && enrollment) return refundSecondPayment(deps, payment, enrollment);
  if (created && enrollment) await sendReceipt(deps, payment, enrollment);
  return outcomeOf(payment, enrollment, result);
}

/**
 * Pays back in full a payment for a course the student already owns. When the provider cannot be
 * reached, the payment stays as it is and reconciliation tries again (no enrollment refers to it).
 */
async function refundSecondPayment(deps: PurchaseDeps, payment: Payment, owned: Enrollment): Promise<PurchaseOutcome> {
  const outcome = { status: 'SUCCEEDED' as const, enrollment: owned, clientSecret: null };
  if (payment.status === PaymentStatus.REFUNDED) return { ...outcome, payment, message: SECOND_PAYMENT_REFUNDED };
  try {
    await deps.provider.refund({ paymentRef: payment.providerRef!, amountCents: payment.amountCents, idempotencyKey: `second-payment-${payment.id}` });
  } catch (error) {
    deps.log.error({ err: error, paymentId: payment.id }, 'refunding a second payment for an owned course failed');
    return { ...outcome, payment, message: ALREADY_OWNED };
  }
  const refunded = { status: PaymentStatus.REFUNDED, refundedCents: payment.amountCents };
  // Only the call that marks it refunded tells the student (webhooks and the browser may both get here).
  const { affected } = await deps.db.getRepository(Payment).update({ id: payment.id, status: PaymentStatus.SUCCEEDED }, refunded);
  if (affected) {
    await deps.mailer.send({
      to: owned.email,
      subject: `Your payment for ${owned.courseName} was refunded`,
      text: `You already own ${owned.courseName}, so we refunded your second payment of $${(payment.amountCents / 100).toFixed(2)} in full.\nThe money reaches your card within 7-10 working days. Your access to the course is unchanged.\n`,
    });
  }
  return { ...outcome, payment: Object.assign(payment, refunded), message: SECOND_PAYMENT_REFUNDED };
}

async function waitUntilSettled(db: DataSource, paymentId: string): Promise<Payment> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const payment = await db.getRepository(Payment).findOneByOrFail({ id: paymentId });
    if (payment.status !== PaymentStatus.PENDING || Date.now() > deadline) return payment;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Buys a course for the signed-in student at the database's price. A retried request with the same
 * idempotency key answers the first result; a second purchase of an owned course is refused.
 */
export async function purchaseCourse(deps: PurchaseDeps, viewer: Viewer, request: PurchaseRequest): Promise<PurchaseOutcome> {
  const course = await purchasableCourse(deps.db, viewer, request.courseId);
  const amountCents = priceInCents(course);
  checkRequest(request, amountCents === 0);
  const student = { id: viewer.id, email: viewer.email };

  if (amountCents === 0) {
    const { enrollment } = await deps.db.transaction(async (manager) => {
      await lockPurchase(manager, viewer.id, course.id);
      if (await findActiveEnrollment(manager, viewer.id, course.id)) throw new AppError('CONFLICT', ALREADY_OWNED);
      return grantEnrollment(manager, student, course, null);
    });
    return { status: 'SUCCEEDED', enrollment, payment: null, clientSecret: null, message: null };
  }

  requirePayments(deps);
  const idempotencyKey = `${viewer.id}:${request.idempotencyKey?.trim() || crypto.randomUUID()}`;
  // A payment of this course left unsettled by an earlier failure is settled first, so it cannot charge twice.
  await reconcileUnsettledPayments(deps, { olderThanSeconds: STALE_PAYMENT_SECONDS, studentId: viewer.id, courseId: course.id });
  const started = await deps.db.transaction(async (manager) => {
    await lockPurchase(manager, viewer.id, course.id);
    const payments = manager.getRepository(Payment);
    const replay = await payments.findOneBy({ idempotencyKey });
    if (replay) return { replay };
    if (await findActiveEnrollment(manager, viewer.id, course.id)) throw new AppError('CONFLICT', ALREADY_OWNED);
    const inFlight = await payments.findOneBy({ studentId: viewer.id, courseId: course.id, status: In([PaymentStatus.PENDING]) });
    if (inFlight) throw new AppError('CONFLICT', PAYMENT_IN_PROGRESS);
    const payment = await payments.save({
      studentId: viewer.id,
      courseId: course.id,
      provider: deps.provider.name,
      providerRef: null,
      amountCents,
      currency: 'usd',
      status: PaymentStatus.PENDING,
      idempotencyKey,
      billingDetails: request.billingDetails ?? null,
      failureMessage: null,
      transactionRef: null,
    });
    return { payment };
  });

  if (started.replay) {
    const payment = await waitUntilSettled(deps.db, started.replay.id);
    if (payment.status === PaymentStatus.REQUIRES_ACTION && payment.providerRef) {
      return outcomeOf(payment, null, await deps.provider.retrievePayment(payment.providerRef));
    }
    return outcomeOf(payment, payment.status === PaymentStatus.SUCCEEDED ? await findActiveEnrollment(deps.db, viewer.id, course.id) : null);
  }

  const payment = started.payment!;
  let intent: ProviderPayment;
  try {
    intent = await deps.provider.createPayment({
      amountCents,
      currency: 'usd',
      description: course.name,
      metadata: { paymentId: payment.id, studentId: viewer.id, courseId: course.id },
      idempotencyKey: `create-${payment.id}`,
    });
    await deps.db.getRepository(Payment).update(payment.id, { providerRef: intent.id });
  } catch (error) {
    deps.log.error({ err: error, paymentId: payment.id }, 'the payment provider refused to create a payment');
    await deps.db.getRepository(Payment).update(payment.id, { status: PaymentStatus.FAILED, failureMessage: PAYMENT_NOT_SUCCESSFUL });
    throw new AppError('PAYMENT_FAILED', PAYMENT_NOT_SUCCESSFUL);
  }
  let confirmed: ProviderPayment;
  try {
    confirmed = await deps.provider.confirmPayment(intent.id, {
      paymentMethod: request.paymentMethod!.trim(),
      billingDetails: request.billingDetails,
      returnUrl: new URL(`/enroll/${course.id}`, deps.publicUrl).toString(),
      idempotencyKey: `confirm-${payment.id}`,
    });
  } catch (error) {
    // The outcome is unknown (for example the network failed): ask the provider where it stands.
    deps.log.error({ err: error, paymentId: payment.id }, 'confirming the payment failed; asking the provider');
    confirmed = await deps.provider.retrievePayment(intent.id).catch(() => ({ ...intent, status: 'processing' as const }));
  }
  return recordProviderResult(deps, payment.id, confirmed);
}

/** After the browser finished a 3-D Secure check: reads the payment from the provider and records it. */
export async function confirmPurchase(deps: PurchaseDeps, viewer: Viewer, paymentId: string): Promise<PurchaseOutcome> {
  const payment = /^[0-9a-f-]{36}$/i.test(paymentId) ? await deps.db.getRepository(Payment).findOneBy({ id: paymentId }) : null;
  if (!payment || payment.studentId !== viewer.id) throw notFound('Payment not found');
  if (!payment.providerRef) return outcomeOf(payment, null);
  return recordProviderResult(deps, payment.id, await deps.provider.retrievePayment(payment.providerRef));
}

/** A provider event about a payment (webhook): the provider's own record decides, never the event body. */
export async function settleFromProvider(deps: PurchaseDeps, ref: { providerRef: string | null; paymentId?: string }): Promise<void> {
  const payments = deps.db.getRepository(Payment);
  const payment =
    (ref.providerRef ? await payments.findOneBy({ providerRef: ref.providerRef }) : null) ??
    (ref.paymentId && /^[0-9a-f-]{36}$/i.test(ref.paymentId) ? await payments.findOneBy({ id: ref.paymentId }) : null);
  const providerRef = ref.providerRef ?? payment?.providerRef;
  if (!payment || !providerRef) return;
  await recordProviderResult(deps, payment.id, await deps.provider.retrievePayment(providerRef));
}

/**
 * At start: payments left unsettled (a crash between the provider's answer and our write) are asked
 * about again, so no student who paid is left without the course; and paid payments no enrollment
 * refers to (for a course already owned, whose refund did not go through) are refunded again.
 */
export async function reconcileUnsettledPayments(
  deps: PurchaseDeps,
  scope: { olderThanSeconds?: number; studentId?: string; courseId?: string } = {},
): Promise<number> {
  const query = deps.db
    .getRepository(Payment)
    .createQueryBuilder('payment')
    .where(
      new Brackets((either) =>
        either
          .where('payment.status IN (:...statuses)', { statuses: [PaymentStatus.PENDING, PaymentStatus.REQUIRES_ACTION] })
          .orWhere('payment.status = :paid AND NOT EXISTS (SELECT 1 FROM "enrollment" e WHERE e."paymentId" = payment.id)', { paid: PaymentStatus.SUCCEEDED }),
      ),
    )
    .andWhere(`payment."createdAt" <= now() - make_interval(secs => :age)`, { age: scope.olderThanSeconds ?? 0 });
  if (scope.studentId) query.andWhere('payment."studentId" = :studentId', { studentId: scope.studentId });
  if (scope.courseId) query.andWhere('payment."courseId" = :courseId', { courseId: scope.courseId });
  const unsettled = await query.getMany();
  for (const payment of unsettled) {
    try {
      // Without a recorded reference, the same idempotency key finds the provider's payment again.
      const providerPayment = payment.providerRef
        ? await deps.provider.retrievePayment(payment.providerRef)
        : await deps.provider.createPayment({
            amountCents: payment.amountCents,
            currency: payment.currency,
            description: 'Course purchase',
            metadata: { paymentId: payment.id, studentId: payment.studentId, courseId: payment.courseId },
            idempotencyKey: `create-${payment.id}`,
          });
      await recordProviderResult(deps, payment.id, providerPayment);
    } catch (error) {
      deps.log.error({ err: error, paymentId: payment.id }, 'reconciling a payment failed');
    }
  }
  return unsettled.length;
}
