import { Router, type Request } from 'express';
import { IsNull, LessThan, MoreThan } from 'typeorm';
import { hitRateLimit, type Limit } from '../shared/rate-limit';
import { requireViewer } from '../graphql/auth-checker';
import { findCourse } from '../modules/course/course.service';
import { Enrollment } from '../modules/enrollment/enrollment.entity';
import { listEnrollmentsOf } from '../modules/enrollment/enrollment.service';
import { Payment, PaymentStatus } from '../modules/payment/payment.entity';
import { COURSE_NOT_FOUND, ONLY_STUDENTS_BUY, PAYMENT_NOT_SUCCESSFUL, priceInCents, purchaseCourse, startCheckoutSession, type PurchaseDeps } from '../modules/payment/purchase.service';
import { LegacyChargeRequest } from '../modules/payment/legacy-charge-request.entity';
import { isUuid } from '../shared/validation';
import type { Viewer } from '../modules/auth/viewer';
import { Role } from '../modules/user/role';
import type { BillingDetailsInput } from '../payments/provider';
import { PurchaseInput } from '../modules/payment/purchase.input';
import { inputOf, validateInput } from '../shared/validation';
import { AppError, badInput, notFound } from '../shared/errors';

export function toLegacyEnrollment(enrollment: Enrollment) {
  return {
    _id: enrollment.id,
    courseID: enrollment.courseId,
    courseName: enrollment.courseName,
    courseDescription: enrollment.courseDescription,
    courseImage: enrollment.courseImage,
    email: enrollment.email,
    transactionID: enrollment.transactionID,
    transactionAmount: enrollment.transactionAmount,
    billingDetails: enrollment.billingDetails,
  };
}

export const AMOUNT_MISMATCH = 'The amount does not match the price of the course';
const NO_MATCHING_PAYMENT = 'No successful payment for this course matches this transaction';
const ENROLLMENT_RECORDED = 'This enrollment is already recorded';
const MAX_AMOUNT_CENTS = 100_000_000;
const CHARGE_REQUEST_TTL_MINUTES = 30;
const CHARGE_REQUESTS_PER_STUDENT: Limit = { name: 'legacy-charge-request', max: 20, windowSeconds: 60 * 60 };
/** The transaction reference of a charge the old client asked for, made when it enrolls. */
const PENDING_PREFIX = 'pending_';

/** The old client's charge request, answered as a charge still pending: nothing is taken yet. */
function toPendingLegacyCharge(request: LegacyChargeRequest) {
  return {
    id: `ch_${PENDING_PREFIX}${request.id}`,
    object: 'charge',
    status: 'pending',
    paid: false,
    amount: request.amountCents,
    currency: 'usd',
    balance_transaction: `${PENDING_PREFIX}${request.id}`,
    billing_details: request.billingDetails ?? {},
  };
}

/** Charges a waiting request for `courseId` at the course's price, once; refuses a different amount. */
async function chargePendingRequest(deps: PurchaseDeps, viewer: Viewer, courseId: string, requestId: string): Promise<Enrollment | { failure: string }> {
  const requests = deps.db.getRepository(LegacyChargeRequest);
  const request = isUuid(requestId) ? await requests.findOneBy({ id: requestId, studentId: viewer.id, expiresAt: MoreThan(new Date()) }) : null;
  if (!request) throw new AppError('FORBIDDEN', NO_MATCHING_PAYMENT);
  if (request.usedAt) throw new AppError('CONFLICT', ENROLLMENT_RECORDED);
  const course = await findCourse(deps.db, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  if (request.amountCents !== priceInCents(course)) throw badInput(AMOUNT_MISMATCH);
  // Claimed before charging, so two calls with one request cannot both charge its token.
  const { affected } = await requests.update({ id: request.id, usedAt: IsNull() }, { usedAt: new Date() });
  if (!affected) throw new AppError('CONFLICT', ENROLLMENT_RECORDED);
  const outcome = await purchaseCourse(deps, viewer, {
    courseId: course.id,
    paymentMethod: request.paymentMethod,
    billingDetails: request.billingDetails,
    idempotencyKey: `legacy-charge-${request.id}`,
  });
  if (outcome.status !== 'SUCCEEDED' || !outcome.enrollment) return { failure: outcome.message ?? PAYMENT_NOT_SUCCESSFUL };
  if (outcome.payment) await deps.db.getRepository(Payment).update(outcome.payment.id, { legacyEnrollRecordedAt: new Date() });
  return outcome.enrollment;
}


/** The charge as the old API answered it (Stripe's legacy Charge object, the fields its client read). */
export function toLegacyCharge(payment: Payment) {
  return {
    id: payment.providerRef,
    object: 'charge',
    status: 'succeeded',
    paid: true,
    amount: payment.amountCents,
    currency: payment.currency,
    balance_transaction: payment.transactionRef,
    billing_details: payment.billingDetails ?? {},
  };
}

const bodyOf = (req: Request) => (req.body ?? {}) as Record<string, unknown>;
const courseIdOf = (body: Record<string, unknown>) => {
  const id = body.courseID ?? body.courseId;
  if (typeof id !== 'string' || !id) throw badInput('courseID is required');
  return id;
};

/** The old payment and enrollment paths, on the same purchase service as GraphQL. */
export function legacyEnrollmentRouter(deps: PurchaseDeps): Router {
  const router = Router();

  // The old client calls this with {amount, token} only, then POST /api/enroll with the course. Priced
  // from the database either way: given the course (courseID), the charge is made here at once, after
  // checking the amount; without it, nothing is charged until the enrollment call names the course.
  // The answer is the old one: the charge itself (the old client read `res.data.balance_transaction`).
  router.post('/payment', async (req, res) => {
    const viewer = requireViewer(req);
    if (viewer.role !== Role.STUDENT) throw new AppError('FORBIDDEN', ONLY_STUDENTS_BUY);
    const body = bodyOf(req);
    if (typeof body.token !== 'string' || !body.token) throw badInput('token is required');
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 0 || amount > MAX_AMOUNT_CENTS) throw badInput('amount must be a whole number of cents');
    const named = body.courseID !== undefined || body.courseId !== undefined;
    // The purchase's own rules; without a course (the old client's first call), those of the rest.
    const input = await validateInput(
      inputOf(PurchaseInput, {
        courseId: named ? courseIdOf(body) : undefined,
        paymentMethod: body.token,
        billingDetails: (body.billingDetails ?? body.billing_details ?? null) as BillingDetailsInput | null,
        idempotencyKey: typeof body.idempotencyKey === 'string' ? body.idempotencyKey : null,
      }),
      { skipMissingProperties: !named },
    );
    const billingDetails = input.billingDetails ?? null;

    if (!named) {
      await hitRateLimit(deps.db, CHARGE_REQUESTS_PER_STUDENT, viewer.id);
      // Requests never followed by an enrollment are forgotten once expired (their tokens with them).
      await deps.db.getRepository(LegacyChargeRequest).delete({ expiresAt: LessThan(new Date()), usedAt: IsNull() });
      const request = await deps.db.getRepository(LegacyChargeRequest).save({
        studentId: viewer.id,
        amountCents: amount,
        paymentMethod: body.token,
        billingDetails,
        expiresAt: new Date(Date.now() + CHARGE_REQUEST_TTL_MINUTES * 60_000),
        usedAt: null,
      });
      res.json(toPendingLegacyCharge(request));
      return;
    }
    const course = await findCourse(deps.db, input.courseId);
    if (!course) throw notFound(COURSE_NOT_FOUND);
    if (amount !== priceInCents(course)) throw badInput(AMOUNT_MISMATCH);
    const outcome = await purchaseCourse(deps, viewer, input);
    if (outcome.status !== 'SUCCEEDED' || !outcome.payment) {
      res.status(402).json({ status: 'Failure', error: outcome.message, clientSecret: outcome.clientSecret });
      return;
    }
    res.json(toLegacyCharge(outcome.payment));
  });

  // Accepted once, and only for a payment this server saw succeed for this student and course; for a
  // charge the old client asked for without naming the course, the charge is made now, at its price.
  router.post('/api/enroll', async (req, res) => {
    const viewer = requireViewer(req);
    const body = bodyOf(req);
    const courseId = courseIdOf(body);
    if (typeof body.transactionID !== 'string' || !body.transactionID) throw badInput('transactionID is required');
    if (body.transactionID.startsWith(PENDING_PREFIX)) {
      const enrollment = await chargePendingRequest(deps, viewer, courseId, body.transactionID.slice(PENDING_PREFIX.length));
      if ('failure' in enrollment) {
        res.status(402).json({ status: 'Failure', error: enrollment.failure });
        return;
      }
      res.status(201).json({ acknowledged: true, insertedId: enrollment.id });
      return;
    }
    const recorded = await deps.db.transaction(async (manager) => {
      const payment = await manager.getRepository(Payment).findOne({
        where: { studentId: viewer.id, courseId, transactionRef: body.transactionID as string, status: PaymentStatus.SUCCEEDED },
        lock: { mode: 'pessimistic_write' },
      });
      if (!payment) throw new AppError('FORBIDDEN', NO_MATCHING_PAYMENT);
      if (payment.legacyEnrollRecordedAt) throw new AppError('CONFLICT', ENROLLMENT_RECORDED);
      await manager.getRepository(Payment).update(payment.id, { legacyEnrollRecordedAt: new Date() });
      return manager.getRepository(Enrollment).findOneByOrFail({ paymentId: payment.id, revokedAt: IsNull() });
    });
    res.status(201).json({ acknowledged: true, insertedId: recorded.id });
  });

  router.get('/api/enroll/:email', async (req, res) => {
    const enrollments = await listEnrollmentsOf(deps.db, requireViewer(req), String(req.params.email));
    res.json(enrollments.map(toLegacyEnrollment));
  });

  // The old Checkout Session path: priced from the database, returning to the course page.
  // The old Checkout Session path: the same purchase rules, returning to the course page.
  router.post('/create-checkout-session', async (req, res) => {
    const viewer = requireViewer(req);
    // Who may buy is answered before what was sent: others are refused whatever the body.
    if (viewer.role !== Role.STUDENT) throw new AppError('FORBIDDEN', ONLY_STUDENTS_BUY);
    const session = await startCheckoutSession(deps, viewer, courseIdOf(bodyOf(req)));
    res.json({ id: session.id, url: session.url });
  });

  return router;
}
