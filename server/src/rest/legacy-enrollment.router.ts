import { Router, type Request } from 'express';
import { requireRole, requireViewer, roles } from '../modules/auth/guards';
import type { Enrollment } from '../modules/enrollment/enrollment.entity';
import { listEnrollmentsOf } from '../modules/enrollment/enrollment.service';
import type { LegacyChargeRequest } from '../modules/payment/legacy-charge-request.entity';
import { chargeLegacyPayment, PENDING_PREFIX, recordLegacyEnrollment, requestLegacyCharge } from '../modules/payment/legacy-purchase.service';
import type { Payment } from '../modules/payment/payment.entity';
import { MAX_IDEMPOTENCY_KEY_LENGTH, MAX_PAYMENT_METHOD_LENGTH, PurchaseInput } from '../modules/payment/purchase.input';
import { ONLY_STUDENTS_BUY, startCheckoutSession } from '../modules/payment/checkout.service';
import type { PurchaseDeps } from '../modules/payment/payment-deps';
import { badInput } from '../shared/errors';
import { inputOf, validateInput } from '../shared/validation';
import { arrayOf, documented, error, json, orNull, text, type JsonSchema, type RouteDocs } from '../shared/route-docs';

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
    amount: request.amountMinor,
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
    amount: payment.amountMinor,
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

const TAG = 'Purchases and enrollments (old API)';
const COURSE_ID = { type: 'string', description: 'The course (`courseId` is read too)' } as const;
const billingDetails: JsonSchema = {
  type: 'object',
  description: 'Who pays: name, email, phone, address; at most 2000 characters as JSON',
  properties: { name: { type: 'string' }, email: { type: 'string' }, phone: { type: 'string' }, address: { type: 'object' } },
};
const chargeSchema: JsonSchema = {
  type: 'object',
  description: "Stripe's legacy Charge object, the fields the old client read",
  required: ['id', 'object', 'status', 'paid', 'amount', 'currency', 'balance_transaction', 'billing_details'],
  properties: {
    id: orNull(text("The provider's payment id; ch_pending_… for a charge not made yet")),
    object: { const: 'charge' },
    status: { enum: ['succeeded', 'pending'] },
    paid: { type: 'boolean' },
    amount: { type: 'integer', description: 'In minor units (cents, poisha) of `currency`' },
    currency: { enum: ['usd', 'bdt'] },
    balance_transaction: orNull(text('The transaction reference to send to POST /api/enroll as `transactionID`')),
    billing_details: { type: 'object' },
  },
};
const failure = (description: string, extra: Record<string, JsonSchema> = {}) =>
  json(description, { type: 'object', required: ['status', 'error'], properties: { status: { const: 'Failure' }, error: text('Why, for people'), ...extra } });
const legacyEnrollmentSchema: JsonSchema = {
  type: 'object',
  required: ['_id', 'courseID', 'courseName', 'courseDescription', 'courseImage', 'email', 'transactionID', 'transactionAmount', 'currency', 'billingDetails'],
  properties: {
    _id: { type: 'string', format: 'uuid', description: "The enrollment's id" },
    courseID: { type: 'string', format: 'uuid' },
    courseName: text("The course's name when the student enrolled"),
    courseDescription: text('Its description then'),
    courseImage: orNull(text('Its picture then')),
    email: text("The student's sign-in email"),
    transactionID: orNull(text("The payment's transaction reference")),
    transactionAmount: { type: ['number', 'null'], description: 'What was paid, in major units (taka, dollars) of `currency`' },
    currency: { enum: ['usd', 'bdt', null] },
    billingDetails: orNull({ type: 'object' }),
  },
};

/** The description of each path below, for GET /openapi.json (http/openapi.ts); a route without one fails openapi.test.ts. */
const LEGACY_ENROLLMENT_API: RouteDocs = {
  'POST /payment': {
    tag: TAG,
    access: 'signed-in',
    summary: 'Pay for a course by card, the old way (students)',
    description:
      'Priced from the database, never from `amount`: with `courseID` the charge is made at once (after checking `amount` against the price); without it nothing is charged until POST /api/enroll names the course. GraphQL `purchaseCourse` is the current way.',
    body: {
      description: 'The old charge request',
      required: true,
      content: {
        'application/json': {
          type: 'object',
          required: ['amount', 'token'],
          properties: {
            amount: { type: 'integer', minimum: 0, maximum: MAX_AMOUNT_CENTS, description: 'In cents, as the old client sent it' },
            token: { type: 'string', maxLength: MAX_PAYMENT_METHOD_LENGTH, description: 'A Stripe PaymentMethod or token id' },
            courseID: COURSE_ID,
            billingDetails,
            idempotencyKey: { type: 'string', maxLength: MAX_IDEMPOTENCY_KEY_LENGTH, description: 'The same key for a retried request gives the first answer' },
          },
        },
      },
    },
    responses: {
      200: json('The charge: made (status succeeded), or pending until POST /api/enroll names the course', chargeSchema),
      400: error('A field is missing or wrong'),
      402: failure('The payment did not go through', { clientSecret: orNull(text('For a card that needs the buyer to confirm it')) }),
    },
  },
  'POST /api/enroll': {
    tag: TAG,
    access: 'signed-in',
    summary: 'Enroll after a payment this server saw succeed (students)',
    description: 'Accepted once, only for a payment of this student and course that succeeded; a pending charge from POST /payment is made now, at the price.',
    body: {
      description: 'The course and the charge',
      required: true,
      content: {
        'application/json': {
          type: 'object',
          required: ['courseID', 'transactionID'],
          properties: { courseID: COURSE_ID, transactionID: text('`balance_transaction` of the charge POST /payment answered') },
        },
      },
    },
    responses: {
      201: json('Enrolled', {
        type: 'object',
        required: ['acknowledged', 'insertedId'],
        properties: { acknowledged: { const: true }, insertedId: { type: 'string', format: 'uuid' } },
      }),
      400: error('A field is missing'),
      402: failure('No payment of this student for this course succeeded with this transaction'),
    },
  },
  'GET /api/enroll/:email': {
    tag: TAG,
    access: 'signed-in',
    summary: "A student's enrollments (the student themself, admins)",
    path: { email: { description: "The student's sign-in email", schema: { type: 'string' } } },
    responses: { 200: json('The enrollments, in the old shape', arrayOf(legacyEnrollmentSchema)) },
  },
  'POST /create-checkout-session': {
    tag: TAG,
    access: 'signed-in',
    summary: "Start a card payment on the provider's page (students)",
    body: {
      description: 'The course',
      required: true,
      content: { 'application/json': { type: 'object', required: ['courseID'], properties: { courseID: COURSE_ID } } },
    },
    responses: {
      200: json('Where the buyer pays', {
        type: 'object',
        required: ['id', 'url'],
        properties: { id: text("The provider's session id"), url: text('The payment page') },
      }),
      400: error('No course named'),
    },
  },
};

/** The old payment and enrollment paths, on the same purchase service as GraphQL. */
export function legacyEnrollmentRouter(deps: PurchaseDeps): Router {
  const router = documented(Router(), LEGACY_ENROLLMENT_API);

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
      const request = await requestLegacyCharge(deps, viewer, { amountMinor: amount, paymentMethod: body.token, billingDetails: input.billingDetails ?? null });
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
