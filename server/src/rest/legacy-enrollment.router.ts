import { Router, type Request } from 'express';
import { requireRole, requireViewer, roles } from '../modules/auth/guards';
import type { Enrollment } from '../modules/enrollment/enrollment.entity';
import { listEnrollmentsOf } from '../modules/enrollment/enrollment.service';
import type { LegacyChargeRequest } from '../modules/payment/legacy-charge-request.entity';
import { chargeLegacyPayment, PENDING_PREFIX, recordLegacyEnrollment, requestLegacyCharge } from '../modules/payment/legacy-purchase.service';
import type { Payment } from '../modules/payment/payment.entity';
import { PurchaseInput } from '../modules/payment/purchase.input';
import { ONLY_STUDENTS_BUY, startCheckoutSession } from '../modules/payment/checkout.service';
import type { PurchaseDeps } from '../modules/payment/payment-deps';
import { badInput } from '../shared/errors';
import { inputOf, validateInput } from '../shared/validation';

export function toLegacyEnrollment(enrollment: Enrollment) {
  return {
    _id: enrollment.id,
    courseID: enrollment.courseId,
    courseName: enrollment.courseName,
    courseDescription: enrollment.courseDescription,
    courseImage: enrollment.courseImage,
    email: enrollment.email,
    transactionID: enrollment.transactionID,
    // In major units of `currency` ('bdt' or 'usd'): a taka amount is never given as dollars.
    transactionAmount: enrollment.transactionAmount,
    currency: enrollment.amountPaidCurrency,
    billingDetails: enrollment.billingDetails,
  };
}

const MAX_AMOUNT_CENTS = 100_000_000;

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
    requireRole(viewer, roles.student, ONLY_STUDENTS_BUY);
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
        billingDetails: body.billingDetails ?? body.billing_details ?? null,
        idempotencyKey: typeof body.idempotencyKey === 'string' ? body.idempotencyKey : null,
      }),
      { skipMissingProperties: !named },
    );

    if (!named) {
      const request = await requestLegacyCharge(deps, viewer, { amountCents: amount, paymentMethod: body.token, billingDetails: input.billingDetails ?? null });
      res.json(toPendingLegacyCharge(request));
      return;
    }
    const outcome = await chargeLegacyPayment(deps, viewer, input, amount);
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
    const enrollment = await recordLegacyEnrollment(deps, viewer, courseId, body.transactionID);
    if ('failure' in enrollment) {
      res.status(402).json({ status: 'Failure', error: enrollment.failure });
      return;
    }
    res.status(201).json({ acknowledged: true, insertedId: enrollment.id });
  });

  router.get('/api/enroll/:email', async (req, res) => {
    const enrollments = await listEnrollmentsOf(deps.db, requireViewer(req), String(req.params.email));
    res.json(enrollments.map(toLegacyEnrollment));
  });

  // The old Checkout Session path: the same purchase rules, returning to the course page.
  router.post('/create-checkout-session', async (req, res) => {
    const viewer = requireViewer(req);
    // Who may buy is answered before what was sent: others are refused whatever the body.
    requireRole(viewer, roles.student, ONLY_STUDENTS_BUY);
    const session = await startCheckoutSession(deps, viewer, courseIdOf(bodyOf(req)));
    res.json({ id: session.id, url: session.url });
  });

  return router;
}
