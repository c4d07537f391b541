import crypto from 'node:crypto';
import { In, IsNull, Not, type DataSource } from 'typeorm';
import { wayToPay } from '../../payments/registry';
import type { BillingDetailsInput, ProviderPayment } from '../../payments/provider';
import { AppError, badInput, notFound } from '../../shared/errors';
import { coursePrice, isFreeCourse, toMinorUnits } from '../../shared/money';
import { nationalMobile, normalizeBangladeshMobile } from '../../shared/phone';
import { countFailure, limits, refuseWhenLimited } from '../../shared/rate-limit';
import { validationMessages } from '../../shared/validation-messages';
import { ONLY_STUDENTS_BUY, requireRole, roles } from '../auth/guards';
import { checkEmail } from '../auth/sign-up-rules';
import type { Viewer } from '../../kernel/viewer';
import { type Course } from '../course/course.entity';
import { COURSE_NOT_FOUND, findCourse } from '../course/course.service';
import { findActiveEnrollment, grantEnrollment } from '../enrollment/enrollment.service';
import { priceWithCoupon, redeemCoupon, type CouponPrice } from './coupon.service';
import { PAYMENTS_OFF, type PurchaseDeps } from './payment-deps';
import type { ProviderDefinition } from '../../payments/provider-definition';
import { Payment, PaymentStatus, type PaymentBundle } from './payment.entity';
import { bundlePaymentInFlight, lockPurchases } from './payment-courses';
import { lockPurchase, openPayment, recordPaymentPage, recordProviderResult, recordStartFailure } from './settlement.service';
import { ALREADY_OWNED, outcomeOf, PAYMENT_HELD, PAYMENT_NOT_FOUND, PAYMENT_NOT_SUCCESSFUL, type PurchaseOutcome } from './purchase-outcome';

/** Checkout: starting a purchase (GraphQL, /payment, a Checkout Session) and confirming it after a 3-D Secure check. */

export { ALREADY_OWNED, ONLY_STUDENTS_BUY };

export const CHECKOUT_SESSIONS_UNAVAILABLE = 'This site takes no payments on a hosted checkout page';
export const PAYMENT_IN_PROGRESS = 'A payment for this course is already in progress. Please wait a moment.';
export const BUNDLE_PRICE_CHANGED = 'You got one of these courses meanwhile, so the price of the bundle changed. Look at the new price and try again.';

/** A way to pay (GraphQL's PaymentProvider: a provider definition's `way`). */
export type PaymentProviderChoice = string;

export interface PurchaseRequest {
  courseId: string;
  /** Who takes the money; the provider with card confirmation unless told otherwise. */
  provider?: PaymentProviderChoice | null;
  paymentMethod?: string | null;
  billingDetails?: BillingDetailsInput | null;
  idempotencyKey?: string | null;
  /** The buyer's network address, for the limit on failed purchases per address. */
  address?: string | null;
  /** A guardian pays through the student's request (guardian-payment.service.ts). */
  guardianRequestId?: string | null;
  /** A coupon's code (coupon.service.ts): the price is lowered by it, or the purchase refused with its reason. */
  couponCode?: string | null;
}

/** The server's price: dollars from the database, charged in cents. */
export const usdPriceMinor = (course: Course) => toMinorUnits(course.price);

export const NO_TAKA_PRICE =
  'This course has no price in taka yet, so it cannot be paid with bKash, Nagad, Rocket or a local card. Pay by international card, or try again later.';
export const NO_DOLLAR_PRICE = 'This course is sold in taka only: pay with bKash, Nagad, Rocket or a local card.';

/**
 * A paid course is never sold for nothing: a currency it has no price in does not sell it. Its
 * instructor and admins are warned in the log (the database refuses a dollar price without a taka one).
 */
export function requirePrice(deps: PurchaseDeps, course: Course, amountMinor: number, currency: 'usd' | 'bdt'): void {
  if (amountMinor > 0) return;
  deps.log.warn({ courseId: course.id, instructorId: course.instructorId, currency }, 'a paid course has no price in the currency a buyer chose');
  throw badInput(currency === 'bdt' ? NO_TAKA_PRICE : NO_DOLLAR_PRICE, { field: 'provider' });
}

/** With PAYMENTS=off a paid purchase is refused before anything is written. */
export function requirePayments(deps: PurchaseDeps): void {
  if (deps.providers.none) throw new AppError('PAYMENTS_OFF', PAYMENTS_OFF);
}

export const BANGLADESH_MOBILE = 'Enter a Bangladeshi mobile number, like 01712-345678';
export const LOCAL_BUYER_NAME = 'Enter your name as the payment page should show it';

/** A hosted payment page (SSLCommerz) asks for the buyer's name, email and mobile number, and nothing more. */
export type LocalBuyer = { name: string; email: string; phone: string };

export function checkLocalBuyer(billing: BillingDetailsInput | null | undefined, viewer: Viewer): LocalBuyer {
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
  const way = wayToPay(request.provider);
  if (!way) throw badInput(PAYMENT_NOT_SUCCESSFUL, { field: 'provider' });
  const card = way.capabilities.includes('cardConfirmation');
  // Each way to pay charges in its own currency: always the database's price, never the client's.
  const { amount: listMinor, currency } = coursePrice(course, way.currency);
  if (!isFreeCourse(course)) requirePrice(deps, course, listMinor, way.currency);
  const coupon =
    request.couponCode?.trim() && !isFreeCourse(course)
      ? await priceWithCoupon(deps.db, { code: request.couponCode, course, studentId: viewer.id, currency: way.currency })
      : null;
  const amountMinor = coupon?.amountMinor ?? listMinor;
  // A coupon that takes the whole price gives the course as a free course is given, with its use recorded.
  const free = isFreeCourse(course) || (coupon !== null && amountMinor === 0);
  const customer = way.capabilities.includes('hostedPaymentPage') && !free ? checkLocalBuyer(request.billingDetails, viewer) : null;
  if (card) checkRequest(request, free);
  const student = { id: viewer.id, email: viewer.email };

  if (free) {
    const { enrollment } = await deps.db.transaction(async (manager) => {
      await lockPurchase(manager, viewer.id, course.id);
      if (await findActiveEnrollment(manager, viewer.id, course.id)) throw new AppError('ALREADY_ENROLLED', ALREADY_OWNED);
      if (coupon) await redeemCoupon(manager, coupon, { studentId: viewer.id, courseId: course.id, paymentId: null, currency });
      return grantEnrollment(manager, student, course, null);
    });
    return { status: 'SUCCEEDED', enrollment, payment: null, clientSecret: null, message: null };
  }

  requirePayments(deps);
  return withFailureLimits(deps, viewer, request.address, () => payForCourse(deps, viewer, request, { course, amountMinor, currency, customer, way, coupon }));
}

/**
 * A paid purchase under the limits on failed purchases (per account and per network address):
 * refused while limited, and a failed outcome or a payment error counted.
 */
export async function withFailureLimits(
  deps: PurchaseDeps,
  viewer: Pick<Viewer, 'id'>,
  address: string | null | undefined,
  pay: () => Promise<PurchaseOutcome>,
): Promise<PurchaseOutcome> {
  await refuseWhenLimited(deps.db, limits.purchaseFailuresPerAccount, viewer.id);
  if (address) await refuseWhenLimited(deps.db, limits.purchaseFailuresPerAddress, address);
  const counted = async <T>(outcome: T, failed: boolean): Promise<T> => {
    if (failed) {
      await countFailure(deps.db, limits.purchaseFailuresPerAccount, viewer.id);
      if (address) await countFailure(deps.db, limits.purchaseFailuresPerAddress, address);
    }
    return outcome;
  };
  try {
    const outcome = await pay();
    return await counted(outcome, outcome.status === 'FAILED');
  } catch (error) {
    throw await counted(error, error instanceof AppError && error.category === 'PAYMENT_FAILED');
  }
}

/**
 * A paid purchase, from the payment row to the provider's answer (see purchaseCourse); `viewer`: the
 * student it is for. With `bundle`, one payment buys every course it lists (`course` is its first):
 * every course's purchase lock is taken, none may be owned, and settlement gives them all.
 */
export async function payForCourse(
  deps: PurchaseDeps,
  viewer: Pick<Viewer, 'id'>,
  request: PurchaseRequest,
  {
    course,
    amountMinor,
    currency,
    customer,
    way,
    coupon = null,
    bundle = null,
  }: {
    course: Course;
    amountMinor: number;
    currency: string;
    customer: LocalBuyer | null;
    way: ProviderDefinition;
    coupon?: CouponPrice | null;
    bundle?: PaymentBundle | null;
  },
): Promise<PurchaseOutcome> {
  const courseIds = bundle ? bundle.courses.map((line) => line.courseId) : [course.id];
  const provider = deps.providers.forWay(way);
  const idempotencyKey = `${viewer.id}:${request.idempotencyKey?.trim() || crypto.randomUUID()}`;
  // A payment of this course left unsettled by an earlier failure stays in flight (PAYMENT_IN_PROGRESS below) until
  // the scheduled reconciliation settles it, so it cannot charge twice; a buyer's request never reconciles.
  const started = await deps.db.transaction(async (manager) => {
    await lockPurchases(manager, viewer.id, courseIds);
    const payments = manager.getRepository(Payment);
    const replay = await payments.findOneBy({ idempotencyKey });
    if (replay) return { replay };
    for (const courseId of courseIds) {
      // A bundle's price was worked out from the courses not owned: one bought meanwhile makes it stale.
      if (await findActiveEnrollment(manager, viewer.id, courseId))
        throw bundle ? new AppError('BUNDLE_PRICE_CHANGED', BUNDLE_PRICE_CHANGED) : new AppError('ALREADY_ENROLLED', ALREADY_OWNED);
    }
    if (!bundle && (await bundlePaymentInFlight(manager, viewer.id, course.id))) throw new AppError('PAYMENT_IN_PROGRESS', PAYMENT_IN_PROGRESS);
    // One payment on a gateway's page per student and course: asking again with the same way to pay
    // (a second tap, another tab) returns it, once it has its page; another way waits until it is settled.
    // A card waiting for its 3-D Secure check does not hold back another card (the later one is refunded).
    const sameWay = (p: Payment) =>
      p.provider === provider.name &&
      p.amountMinor === amountMinor &&
      p.currency === currency &&
      p.guardianRequestId === (request.guardianRequestId ?? null) &&
      p.bundle?.id === bundle?.id;
    const hosted = way.capabilities.includes('hostedPaymentPage');
    const inFlight = await payments.findOneBy({ studentId: viewer.id, courseId: In(courseIds), status: In([PaymentStatus.PENDING, PaymentStatus.HELD]) });
    if (inFlight?.status === PaymentStatus.PENDING && hosted && sameWay(inFlight)) return { replay: inFlight };
    if (inFlight)
      throw inFlight.status === PaymentStatus.HELD ? new AppError('PAYMENT_HELD', PAYMENT_HELD) : new AppError('PAYMENT_IN_PROGRESS', PAYMENT_IN_PROGRESS);
    const onPage = await payments.findOneBy({ studentId: viewer.id, courseId: In(courseIds), status: PaymentStatus.REQUIRES_ACTION, actionUrl: Not(IsNull()) });
    if (onPage) {
      if (sameWay(onPage)) return { replay: onPage };
      throw new AppError('PAYMENT_IN_PROGRESS', PAYMENT_IN_PROGRESS);
    }
    const payment = await openPayment(manager, {
      studentId: viewer.id,
      courseId: course.id,
      provider: provider.name,
      amountMinor,
      currency,
      idempotencyKey,
      billingDetails: request.billingDetails ?? null,
      guardianRequestId: request.guardianRequestId ?? null,
      bundle,
    });
    if (coupon) await redeemCoupon(manager, coupon, { studentId: viewer.id, courseId: course.id, paymentId: payment.id, currency });
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
      amountMinor,
      currency,
      description: bundle?.name ?? course.name,
      metadata: { paymentId: payment.id, studentId: viewer.id, courseId: course.id },
      idempotencyKey: `create-${payment.id}`,
      customer,
    });
    await deps.db.getRepository(Payment).update(payment.id, { providerRef: intent.id });
  } catch (error) {
    deps.log.error({ err: error, paymentId: payment.id }, 'the payment provider refused to create a payment');
    await recordStartFailure(deps, payment.id);
    throw new AppError('PAYMENT_DECLINED', PAYMENT_NOT_SUCCESSFUL);
  }
  if (intent.redirectUrl) {
    // The buyer pays on the gateway's page; its return, its notification or reconciliation settles the payment.
    return outcomeOf(await recordPaymentPage(deps, payment.id, { providerRef: intent.id, actionUrl: intent.redirectUrl }), null);
  }
  // No page to send the buyer to: the provider confirms the card here.
  const cards = deps.providers.capable(provider.name, 'cardConfirmation');
  let confirmed: ProviderPayment;
  try {
    confirmed = await cards.confirmPayment(intent.id, {
      paymentMethod: request.paymentMethod!.trim(),
      billingDetails: request.billingDetails,
      returnUrl: new URL(bundle ? `/bundles/${bundle.id}` : `/enroll/${course.id}`, deps.publicUrl).toString(),
      idempotencyKey: `confirm-${payment.id}`,
    });
  } catch (error) {
    // The outcome is unknown (for example the network failed): ask the provider where it stands.
    deps.log.error({ err: error, paymentId: payment.id }, 'confirming the payment failed; asking the provider');
    confirmed = await cards.retrievePayment(intent.id).catch(() => ({ ...intent, status: 'processing' as const }));
  }
  return recordProviderResult(deps, payment.id, confirmed);
}

/** After the browser finished a 3-D Secure check: reads the payment from the provider and records it. */
export async function confirmPurchase(deps: PurchaseDeps, viewer: Viewer, paymentId: string): Promise<PurchaseOutcome> {
  const payment = await deps.db.getRepository(Payment).findOneBy({ id: paymentId });
  if (!payment || payment.studentId !== viewer.id) throw notFound(PAYMENT_NOT_FOUND, 'PAYMENT_NOT_FOUND');
  if (!payment.providerRef) return outcomeOf(payment, null);
  return recordProviderResult(deps, payment.id, await deps.providers.get(payment.provider).retrievePayment(payment.providerRef));
}

/**
 * The old client's Checkout Session: the same rules as any purchase (the database's price, one at a
 * time per student and course, refused for an owned course or while another payment is in flight).
 * The session's payment is the provider's to create; its webhook (with our payment id) settles the row.
 */
export async function startCheckoutSession(deps: PurchaseDeps, viewer: Viewer, courseId: string): Promise<{ id: string; url: string }> {
  const course = await purchasableCourse(deps.db, viewer, courseId);
  requirePayments(deps);
  const provider = deps.providers.with('checkoutSession');
  if (!provider) throw new AppError('PAYMENT_FAILED', CHECKOUT_SESSIONS_UNAVAILABLE);
  if (!isFreeCourse(course)) requirePrice(deps, course, usdPriceMinor(course), 'usd');
  const back = (flag: string) => new URL(`/course/${course.id}?${flag}=true`, deps.publicUrl).toString();
  const payment = await deps.db.transaction(async (manager) => {
    await lockPurchase(manager, viewer.id, course.id);
    if (await findActiveEnrollment(manager, viewer.id, course.id)) throw new AppError('ALREADY_ENROLLED', ALREADY_OWNED);
    const payments = manager.getRepository(Payment);
    const inFlight = await payments.findOneBy({ studentId: viewer.id, courseId: course.id, status: In([PaymentStatus.PENDING, PaymentStatus.HELD]) });
    if (inFlight && !inFlight.actionUrl) throw new AppError('PAYMENT_IN_PROGRESS', PAYMENT_IN_PROGRESS);
    return openPayment(manager, {
      studentId: viewer.id,
      courseId: course.id,
      provider: provider.name,
      amountMinor: usdPriceMinor(course),
      currency: 'usd',
      idempotencyKey: `${viewer.id}:checkout:${crypto.randomUUID()}`,
      billingDetails: null,
    });
  });
  try {
    const session = await provider.createCheckoutSession({
      name: course.name,
      amountMinor: payment.amountMinor,
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
    await recordStartFailure(deps, payment.id);
    throw new AppError('PAYMENT_DECLINED', PAYMENT_NOT_SUCCESSFUL);
  }
}
