import { emitWebhookEvent } from '../integration/webhook-events';
import { WebhookEventType } from '../integration/webhook.entity';
import { nationalMobile, normalizeBangladeshMobile } from '../../shared/phone';
import crypto from 'node:crypto';
import { Brackets, In, type DataSource, type EntityManager } from 'typeorm';
import type { AppLogger } from '../../logger';
import { PAYMENTS_OFF } from '../../payments/payments-off.provider';
import { PAYMENT_PAGE_EXPIRED } from '../../payments/sslcommerz/sslcommerz.provider';
import type { BillingDetailsInput, PaymentProvider, ProviderPayment } from '../../payments/provider';
import { AppError, badInput, notFound } from '../../shared/errors';
import { coursePrice, formatMoney, isFreeCourse, toMinorUnits } from '../../shared/money';
import { countFailure, limits, refuseWhenLimited } from '../../shared/rate-limit';
import { isUuid } from '../../shared/validation';
import { validationMessages } from '../../shared/validation-messages';
import { checkEmail } from '../auth/sign-up-rules';
import type { Viewer } from '../auth/viewer';
import { Course } from '../course/course.entity';
import { COURSE_NOT_FOUND, findCourse } from '../course/course.service';

export { COURSE_NOT_FOUND };
import { type Enrollment } from '../enrollment/enrollment.entity';
import { findActiveEnrollment, grantEnrollment } from '../enrollment/enrollment.service';
import type { Mailer } from '../mail/mailer';
import { User } from '../user/user.entity';
import { Payment, PaymentStatus } from './payment.entity';
import { Refund } from './refund.entity';
import { accountLanguage, mailDate, mailText } from '../mail/mail-text';
import { ONLY_STUDENTS_BUY, requireRole, roles } from '../auth/guards';
import { methodLabel } from './payment-method';
import { text } from '../../i18n/translate';

export { ONLY_STUDENTS_BUY };

export const ALREADY_OWNED = 'You already own this course';
export const PAYMENT_IN_PROGRESS = 'A payment for this course is already in progress. Please wait a moment.';
export const PAYMENT_NOT_FOUND = 'Payment not found';
export const PAYMENT_NOT_SUCCESSFUL = 'Payment was not successful';
export const SECOND_PAYMENT_REFUNDED = 'You already own this course, so this payment was refunded to your card.';
/** A payment left on the gateway's page this long without being paid has expired: the course can be bought again. */
export const GATEWAY_PAYMENT_MINUTES = 30;
export const GATEWAY_PAYMENT_EXPIRED = PAYMENT_PAGE_EXPIRED;
/** A payment still unsettled after this long was interrupted, not in progress. */
const STALE_PAYMENT_SECONDS = 120;

export interface PurchaseDeps {
  db: DataSource;
  /** Cards: Stripe, or its offline test mode. */
  provider: PaymentProvider;
  /** bKash, Nagad, Rocket and local cards, when configured (or its offline sandbox outside production). */
  sslcommerz: PaymentProvider | null;
  /** Taka for one dollar, for proposing taka prices. */
  usdToBdt: number;
  publishableKey: string | null;
  mailer: Mailer;
  publicUrl: string;
  log: AppLogger;
}

export type PaymentProviderChoice = 'STRIPE' | 'SSLCOMMERZ';

export interface PurchaseRequest {
  courseId: string;
  /** Who takes the money; cards through Stripe unless told otherwise. */
  provider?: PaymentProviderChoice | null;
  paymentMethod?: string | null;
  billingDetails?: BillingDetailsInput | null;
  idempotencyKey?: string | null;
  /** The buyer's network address, for the limit on failed purchases per address. */
  address?: string | null;
}

export type PurchaseStatus = 'SUCCEEDED' | 'REQUIRES_ACTION' | 'FAILED';

export interface PurchaseOutcome {
  status: PurchaseStatus;
  enrollment: Enrollment | null;
  payment: Payment | null;
  clientSecret: string | null;
  /** Where the buyer goes to pay (SSLCommerz's page). */
  redirectUrl?: string | null;
  message: string | null;
}

/** What a payment event tells integrators: ids, the amount as Money, how it was paid; never card data. */
const paymentEventData = (payment: Payment) => ({
  paymentId: payment.id,
  studentId: payment.studentId,
  courseId: payment.courseId,
  amount: { amount: payment.amountCents, currency: payment.currency },
  provider: payment.provider,
  method: payment.method,
});

/** The server's price: dollars from the database, charged in cents. */
export const priceInCents = (course: Course) => toMinorUnits(course.price);

export const AMOUNT_MISMATCH = 'The amount paid does not match the price of the course. Nothing was granted; contact us.';
export const PAYMENT_HELD = 'Your payment is received and is being checked. You get the course as soon as it is approved.';
export const PAY_ON_GATEWAY = 'Pay on the payment page to finish';

/** The provider that took a payment, whatever provider new card purchases use now. */
export function providerFor(deps: PurchaseDeps, name: string): PaymentProvider {
  if (name === 'sslcommerz') {
    if (!deps.sslcommerz) throw new AppError('PAYMENT_FAILED', 'SSLCommerz is not configured on this server');
    return deps.sslcommerz;
  }
  return deps.provider;
}

export const NO_TAKA_PRICE =
  'This course has no price in taka yet, so it cannot be paid with bKash, Nagad, Rocket or a local card. Pay by international card, or try again later.';
export const NO_DOLLAR_PRICE = 'This course is sold in taka only: pay with bKash, Nagad, Rocket or a local card.';

/**
 * A paid course is never sold for nothing: a currency it has no price in does not sell it. Its
 * instructor and admins are warned in the log (the database refuses a dollar price without a taka one).
 */
function requirePrice(deps: PurchaseDeps, course: Course, amountCents: number, local: boolean): void {
  if (amountCents > 0) return;
  deps.log.warn(
    { courseId: course.id, instructorId: course.instructorId, currency: local ? 'bdt' : 'usd' },
    'a paid course has no price in the currency a buyer chose',
  );
  throw badInput(local ? NO_TAKA_PRICE : NO_DOLLAR_PRICE, { field: 'provider' });
}

/** With PAYMENTS=off a paid purchase is refused before anything is written. */
export function requirePayments(deps: PurchaseDeps): void {
  if (deps.provider.name === 'off') throw new AppError('PAYMENTS_OFF', PAYMENTS_OFF);
}

/** Purchases of one course by one student happen one at a time, across every server copy. */
async function lockPurchase(manager: EntityManager, studentId: string, courseId: string): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`purchase:${studentId}:${courseId}`]);
}

export const BANGLADESH_MOBILE = 'Enter a Bangladeshi mobile number, like 01712-345678';
export const LOCAL_BUYER_NAME = 'Enter your name as the payment page should show it';

/** SSLCommerz asks for the buyer's name, email and mobile number, and nothing more. */
type LocalBuyer = { name: string; email: string; phone: string };

function checkLocalBuyer(billing: BillingDetailsInput | null | undefined, viewer: Viewer): LocalBuyer {
  const name = billing?.name?.trim() || viewer.name;
  const email = billing?.email?.trim() || viewer.email;
  const phone = normalizeBangladeshMobile(billing?.phone);
  const fields: Record<string, string> = {};
  if (!name || name.length > 100) fields.name = LOCAL_BUYER_NAME;
  const emailProblem = checkEmail(email);
  if (emailProblem) fields.email = emailProblem;
  if (!phone) fields.phone = BANGLADESH_MOBILE;
  const first = Object.values(fields)[0];
  if (first || !phone) throw badInput(first ?? BANGLADESH_MOBILE, { fields });
  return { name, email, phone: nationalMobile(phone) };
}

/** A paid course needs a card; the input's own rules are on PurchaseInput. */
function checkRequest(request: PurchaseRequest, free: boolean): void {
  if (!free && !request.paymentMethod?.trim()) throw badInput(validationMessages.chooseCard, { field: 'paymentMethod' });
}

async function purchasableCourse(db: DataSource, viewer: Viewer, courseId: string): Promise<Course> {
  requireRole(viewer, roles.student, ONLY_STUDENTS_BUY);
  const course = await findCourse(db, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
  return course;
}

function outcomeOf(payment: Payment, enrollment: Enrollment | null, providerPayment?: ProviderPayment): PurchaseOutcome {
  switch (payment.status) {
    case PaymentStatus.SUCCEEDED:
      return { status: 'SUCCEEDED', enrollment, payment, clientSecret: null, message: null };
    case PaymentStatus.REQUIRES_ACTION:
      if (payment.actionUrl)
        return { status: 'REQUIRES_ACTION', enrollment: null, payment, clientSecret: null, redirectUrl: payment.actionUrl, message: PAY_ON_GATEWAY };
      return {
        status: 'REQUIRES_ACTION',
        enrollment: null,
        payment,
        clientSecret: providerPayment?.clientSecret ?? null,
        message: 'Your bank asks you to confirm this payment',
      };
    case PaymentStatus.HELD:
      return { status: 'REQUIRES_ACTION', enrollment: null, payment, clientSecret: null, message: PAYMENT_HELD };
    default:
      return { status: 'FAILED', enrollment: null, payment, clientSecret: null, message: payment.failureMessage ?? PAYMENT_NOT_SUCCESSFUL };
  }
}

async function sendReceipt(deps: PurchaseDeps, payment: Payment, enrollment: Enrollment): Promise<void> {
  const language = await accountLanguage(deps.db, enrollment.studentId);
  await deps.mailer.send({
    to: enrollment.email,
    ...mailText(language, 'receipt', {
      course: enrollment.courseName,
      amount: formatMoney(payment.amountCents, payment.currency, language),
      transaction: payment.transactionRef ?? payment.id,
      method: methodLabel(payment.method, payment.methodLast4) ?? text(language, 'payment.methodUnknown'),
      date: mailDate(language, enrollment.createdAt),
      link: new URL(`/myCourseplay/${enrollment.courseId}`, deps.publicUrl).toString(),
    }),
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
    if (!head) throw notFound('Payment not found', 'PAYMENT_NOT_FOUND');
    await lockPurchase(manager, head.studentId, head.courseId);
    const current = await payments.findOneOrFail({ where: { id: paymentId }, lock: { mode: 'pessimistic_write' } });
    const settled = [PaymentStatus.SUCCEEDED, PaymentStatus.REFUNDED, PaymentStatus.HELD].includes(current.status);
    if (!settled) {
      // Money counts only when it is the order's: same amount, same currency.
      // An intent made for another order (its metadata names another payment) never pays for this one.
      const forThisOrder = !result.metadata.paymentId || result.metadata.paymentId === current.id;
      const paidInFull = forThisOrder && result.amountCents === current.amountCents && result.currency.toLowerCase() === current.currency;
      const paidSomething = result.status === 'succeeded' || result.status === 'held';
      if (paidSomething && !paidInFull) {
        deps.log.error(
          { paymentId: current.id, expected: [current.amountCents, current.currency], got: [result.amountCents, result.currency] },
          'a payment does not match its order',
        );
      }
      const status =
        paidSomething && !paidInFull
          ? PaymentStatus.FAILED
          : result.status === 'succeeded'
            ? PaymentStatus.SUCCEEDED
            : result.status === 'held'
              ? PaymentStatus.HELD
              : result.status === 'requires_action'
                ? PaymentStatus.REQUIRES_ACTION
                : result.status === 'failed' || result.status === 'unconfirmed'
                  ? PaymentStatus.FAILED
                  : PaymentStatus.PENDING;
      Object.assign(current, {
        status,
        providerRef: current.providerRef ?? result.id,
        failureMessage: status === PaymentStatus.FAILED ? (paidSomething ? AMOUNT_MISMATCH : (result.failureMessage ?? PAYMENT_NOT_SUCCESSFUL)) : null,
        transactionRef: result.transactionRef ?? current.transactionRef,
        method: result.method?.name ?? current.method,
        methodLast4: result.method?.last4 ?? current.methodLast4,
      });
      await payments.save(current);
      if (status === PaymentStatus.SUCCEEDED) await emitWebhookEvent(manager, WebhookEventType.PAYMENT_SUCCEEDED, paymentEventData(current));
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
    await providerFor(deps, payment.provider).refund({
      paymentRef: payment.providerRef!,
      amountCents: payment.amountCents,
      idempotencyKey: `second-payment-${payment.id}`,
    });
  } catch (error) {
    deps.log.error({ err: error, paymentId: payment.id }, 'refunding a second payment for an owned course failed');
    return { ...outcome, payment, message: ALREADY_OWNED };
  }
  const refunded = { status: PaymentStatus.REFUNDED, refundedCents: payment.amountCents };
  // Only the call that marks it refunded tells the student (webhooks and the browser may both get here).
  const { affected } = await deps.db.getRepository(Payment).update({ id: payment.id, status: PaymentStatus.SUCCEEDED }, refunded);
  if (affected) {
    const language = await accountLanguage(deps.db, owned.studentId);
    await deps.mailer.send({
      to: owned.email,
      ...mailText(language, 'secondPaymentRefunded', { course: owned.courseName, amount: formatMoney(payment.amountCents, payment.currency, language) }),
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
  const local = request.provider === 'SSLCOMMERZ';
  const free = isFreeCourse(course);
  // Taka through SSLCommerz, dollars through Stripe: always the database's price, never the client's.
  const { amount: amountCents, currency } = coursePrice(course, local ? 'bdt' : 'usd');
  if (!free) requirePrice(deps, course, amountCents, local);
  const customer = local && !free ? checkLocalBuyer(request.billingDetails, viewer) : null;
  if (!local) checkRequest(request, free);
  const student = { id: viewer.id, email: viewer.email };

  if (free) {
    const { enrollment } = await deps.db.transaction(async (manager) => {
      await lockPurchase(manager, viewer.id, course.id);
      if (await findActiveEnrollment(manager, viewer.id, course.id)) throw new AppError('ALREADY_ENROLLED', ALREADY_OWNED);
      return grantEnrollment(manager, student, course, null);
    });
    return { status: 'SUCCEEDED', enrollment, payment: null, clientSecret: null, message: null };
  }

  requirePayments(deps);
  await refuseWhenLimited(deps.db, limits.purchaseFailuresPerAccount, viewer.id);
  if (request.address) await refuseWhenLimited(deps.db, limits.purchaseFailuresPerAddress, request.address);
  const counted = async <T>(outcome: T, failed: boolean): Promise<T> => {
    if (failed) {
      await countFailure(deps.db, limits.purchaseFailuresPerAccount, viewer.id);
      if (request.address) await countFailure(deps.db, limits.purchaseFailuresPerAddress, request.address);
    }
    return outcome;
  };
  try {
    const outcome = await payForCourse(deps, viewer, request, { course, amountCents, currency, customer, local });
    return await counted(outcome, outcome.status === 'FAILED');
  } catch (error) {
    throw await counted(error, error instanceof AppError && error.category === 'PAYMENT_FAILED');
  }
}

/** A paid purchase, from the payment row to the provider's answer (see purchaseCourse). */
async function payForCourse(
  deps: PurchaseDeps,
  viewer: Viewer,
  request: PurchaseRequest,
  { course, amountCents, currency, customer, local }: { course: Course; amountCents: number; currency: string; customer: LocalBuyer | null; local: boolean },
): Promise<PurchaseOutcome> {
  const provider = local ? providerFor(deps, 'sslcommerz') : deps.provider;
  const idempotencyKey = `${viewer.id}:${request.idempotencyKey?.trim() || crypto.randomUUID()}`;
  // A payment of this course left unsettled by an earlier failure is settled first, so it cannot charge twice.
  await reconcileUnsettledPayments(deps, { olderThanSeconds: STALE_PAYMENT_SECONDS, studentId: viewer.id, courseId: course.id });
  const started = await deps.db.transaction(async (manager) => {
    await lockPurchase(manager, viewer.id, course.id);
    const payments = manager.getRepository(Payment);
    const replay = await payments.findOneBy({ idempotencyKey });
    if (replay) return { replay };
    if (await findActiveEnrollment(manager, viewer.id, course.id)) throw new AppError('ALREADY_ENROLLED', ALREADY_OWNED);
    const inFlight = await payments.findOneBy({ studentId: viewer.id, courseId: course.id, status: In([PaymentStatus.PENDING, PaymentStatus.HELD]) });
    if (inFlight)
      throw inFlight.status === PaymentStatus.HELD ? new AppError('PAYMENT_HELD', PAYMENT_HELD) : new AppError('PAYMENT_IN_PROGRESS', PAYMENT_IN_PROGRESS);
    const payment = await payments.save({
      studentId: viewer.id,
      courseId: course.id,
      provider: provider.name,
      providerRef: null,
      amountCents,
      currency,
      status: PaymentStatus.PENDING,
      idempotencyKey,
      billingDetails: request.billingDetails ?? null,
      failureMessage: null,
      transactionRef: null,
      actionUrl: null,
    });
    return { payment };
  });

  if (started.replay) {
    const payment = await waitUntilSettled(deps.db, started.replay.id);
    if (payment.status === PaymentStatus.REQUIRES_ACTION && payment.providerRef && !payment.actionUrl) {
      return outcomeOf(payment, null, await provider.retrievePayment(payment.providerRef));
    }
    return outcomeOf(payment, payment.status === PaymentStatus.SUCCEEDED ? await findActiveEnrollment(deps.db, viewer.id, course.id) : null);
  }

  const payment = started.payment;
  let intent: ProviderPayment;
  try {
    intent = await provider.createPayment({
      amountCents,
      currency,
      description: course.name,
      metadata: { paymentId: payment.id, studentId: viewer.id, courseId: course.id },
      idempotencyKey: `create-${payment.id}`,
      customer,
    });
    await deps.db.getRepository(Payment).update(payment.id, { providerRef: intent.id });
  } catch (error) {
    deps.log.error({ err: error, paymentId: payment.id }, 'the payment provider refused to create a payment');
    await deps.db.getRepository(Payment).update(payment.id, { status: PaymentStatus.FAILED, failureMessage: PAYMENT_NOT_SUCCESSFUL });
    throw new AppError('PAYMENT_DECLINED', PAYMENT_NOT_SUCCESSFUL);
  }
  if (intent.redirectUrl) {
    // The buyer pays on the gateway's page; its return, its IPN or reconciliation settles the payment.
    const waiting = { status: PaymentStatus.REQUIRES_ACTION, actionUrl: intent.redirectUrl, providerRef: intent.id };
    await deps.db.getRepository(Payment).update({ id: payment.id, status: PaymentStatus.PENDING }, waiting);
    return outcomeOf(Object.assign(payment, waiting), null);
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
  const payment = await deps.db.getRepository(Payment).findOneBy({ id: paymentId });
  if (!payment || payment.studentId !== viewer.id) throw notFound(PAYMENT_NOT_FOUND, 'PAYMENT_NOT_FOUND');
  if (!payment.providerRef) return outcomeOf(payment, null);
  return recordProviderResult(deps, payment.id, await providerFor(deps, payment.provider).retrievePayment(payment.providerRef));
}

/**
 * The old client's Checkout Session: the same rules as any purchase (the database's price, one at a
 * time per student and course, refused for an owned course or while another payment is in flight).
 * The session's PaymentIntent is Stripe's to create; its webhook (with our payment id) settles the row.
 */
export async function startCheckoutSession(deps: PurchaseDeps, viewer: Viewer, courseId: string): Promise<{ id: string; url: string }> {
  const course = await purchasableCourse(deps.db, viewer, courseId);
  requirePayments(deps);
  if (!isFreeCourse(course)) requirePrice(deps, course, priceInCents(course), false);
  const back = (flag: string) => new URL(`/course/${course.id}?${flag}=true`, deps.publicUrl).toString();
  const payment = await deps.db.transaction(async (manager) => {
    await lockPurchase(manager, viewer.id, course.id);
    if (await findActiveEnrollment(manager, viewer.id, course.id)) throw new AppError('ALREADY_ENROLLED', ALREADY_OWNED);
    const payments = manager.getRepository(Payment);
    const inFlight = await payments.findOneBy({ studentId: viewer.id, courseId: course.id, status: In([PaymentStatus.PENDING, PaymentStatus.HELD]) });
    if (inFlight && !inFlight.actionUrl) throw new AppError('PAYMENT_IN_PROGRESS', PAYMENT_IN_PROGRESS);
    return payments.save({
      studentId: viewer.id,
      courseId: course.id,
      provider: deps.provider.name,
      providerRef: null,
      amountCents: priceInCents(course),
      currency: 'usd',
      status: PaymentStatus.PENDING,
      idempotencyKey: `${viewer.id}:checkout:${crypto.randomUUID()}`,
      billingDetails: null,
      failureMessage: null,
      transactionRef: null,
      actionUrl: null,
    });
  });
  try {
    const session = await deps.provider.createCheckoutSession({
      name: course.name,
      amountCents: payment.amountCents,
      currency: 'usd',
      successUrl: back('success'),
      cancelUrl: back('canceled'),
      customerEmail: viewer.email,
      metadata: { paymentId: payment.id, studentId: viewer.id, courseId: course.id },
    });
    await deps.db.getRepository(Payment).update(payment.id, { actionUrl: session.url });
    return session;
  } catch (error) {
    deps.log.error({ err: error, paymentId: payment.id }, 'the payment provider refused to create a Checkout Session');
    await deps.db.getRepository(Payment).update(payment.id, { status: PaymentStatus.FAILED, failureMessage: PAYMENT_NOT_SUCCESSFUL });
    throw new AppError('PAYMENT_DECLINED', PAYMENT_NOT_SUCCESSFUL);
  }
}

/** A provider event about a payment (webhook): the provider's own record decides, never the event body. */
export async function settleFromProvider(deps: PurchaseDeps, ref: { providerRef: string | null; paymentId?: string }): Promise<void> {
  const payments = deps.db.getRepository(Payment);
  const payment =
    (ref.providerRef ? await payments.findOneBy({ providerRef: ref.providerRef }) : null) ??
    (ref.paymentId && isUuid(ref.paymentId) ? await payments.findOneBy({ id: ref.paymentId }) : null);
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
      if (payment.provider === 'off') continue;
      // A Checkout Session's PaymentIntent is Stripe's to create: its events settle it (or expire it).
      if (!payment.providerRef && payment.actionUrl && payment.provider !== 'sslcommerz') continue;
      const provider = providerFor(deps, payment.provider);
      if (!payment.providerRef && payment.provider === 'sslcommerz') {
        // The gateway never gave this payment a session: nothing can have been paid.
        await deps.db
          .getRepository(Payment)
          .update({ id: payment.id, status: PaymentStatus.PENDING }, { status: PaymentStatus.FAILED, failureMessage: PAYMENT_NOT_SUCCESSFUL });
        continue;
      }
      // Without a recorded reference, the same idempotency key finds the provider's payment again,
      // so the request must be the very one first sent (Stripe refuses a key reused with other parameters).
      const course = payment.providerRef ? null : await deps.db.getRepository(Course).findOneBy({ id: payment.courseId });
      const providerPayment = payment.providerRef
        ? await provider.retrievePayment(payment.providerRef)
        : await provider.createPayment({
            amountCents: payment.amountCents,
            currency: payment.currency,
            description: course?.name ?? 'Course purchase',
            metadata: { paymentId: payment.id, studentId: payment.studentId, courseId: payment.courseId },
            idempotencyKey: `create-${payment.id}`,
          });
      const abandoned =
        providerPayment.status === 'requires_action' &&
        payment.actionUrl !== null &&
        Date.now() - payment.createdAt.getTime() > GATEWAY_PAYMENT_MINUTES * 60_000;
      if (abandoned) {
        await deps.db
          .getRepository(Payment)
          .update({ id: payment.id, status: PaymentStatus.REQUIRES_ACTION }, { status: PaymentStatus.FAILED, failureMessage: GATEWAY_PAYMENT_EXPIRED });
        continue;
      }
      await recordProviderResult(deps, payment.id, providerPayment);
    } catch (error) {
      deps.log.error({ err: error, paymentId: payment.id }, 'reconciling a payment failed');
    }
  }
  // Refunds are everyone's: only the scheduled run asks about them, never a buyer's request.
  if (!scope.studentId) await settleProcessingRefunds(deps);
  return unsettled.length;
}

/** Refunds that pay back later (SSLCommerz) are asked about until they are refunded or cancelled. */
async function settleProcessingRefunds(deps: PurchaseDeps): Promise<void> {
  const refunds = await deps.db.getRepository(Refund).find({ where: { status: 'processing' } });
  for (const refund of refunds) {
    try {
      const payment = await deps.db.getRepository(Payment).findOneByOrFail({ id: refund.paymentId });
      const provider = providerFor(deps, payment.provider);
      const state = provider.refundStatus ? await provider.refundStatus(refund.providerRef) : 'refunded';
      if (state === 'refunded') await deps.db.getRepository(Refund).update(refund.id, { status: 'succeeded' });
      if (state === 'cancelled') {
        await deps.db.getRepository(Refund).update(refund.id, { status: 'failed' });
        deps.log.error({ refundId: refund.id }, 'the payment provider cancelled a refund: an admin must pay it back another way');
      }
    } catch (error) {
      deps.log.error({ err: error, refundId: refund.id }, 'asking about a refund failed');
    }
  }
}

/**
 * A notification from SSLCommerz (its IPN, or the buyer's return from its page), signature
 * already checked: the gateway's own validation decides, never the notification's fields. Any
 * order and any number of times give one payment outcome and one enrollment.
 */
export async function settleGatewayNotification(deps: PurchaseDeps, tranId: string, valId: string | undefined): Promise<Payment | null> {
  const payment = await deps.db.getRepository(Payment).findOneBy({ provider: 'sslcommerz', providerRef: tranId });
  if (!payment) return null;
  const result = await providerFor(deps, 'sslcommerz').retrievePayment(tranId, { notificationId: valId || undefined });
  const outcome = await recordProviderResult(deps, payment.id, result);
  return outcome.payment;
}
