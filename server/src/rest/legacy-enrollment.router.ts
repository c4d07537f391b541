import { Router, type Request } from 'express';
import { IsNull } from 'typeorm';
import { requireViewer } from '../graphql/auth-checker';
import { findCourse } from '../modules/course/course.service';
import { Enrollment } from '../modules/enrollment/enrollment.entity';
import { listEnrollmentsOf } from '../modules/enrollment/enrollment.service';
import { Payment, PaymentStatus } from '../modules/payment/payment.entity';
import { COURSE_NOT_FOUND, ONLY_STUDENTS_BUY, priceInCents, purchaseCourse, type PurchaseDeps } from '../modules/payment/purchase.service';
import { Role } from '../modules/user/role';
import type { BillingDetailsInput } from '../payments/provider';
import { AppError, badInput, notFound } from '../shared/errors';
import crypto from 'node:crypto';

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

export const PAYMENT_NEEDS_COURSE = 'courseID is required: the server charges the price of the course being bought';

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

  // The old client charged first ({amount, token}) and enrolled after. The amount is checked against
  // the course's price here, and the payment enrolls the student at once, in one transaction.
  // The answer is the old one: the charge itself (the old client read `res.data.balance_transaction`).
  router.post('/payment', async (req, res) => {
    const viewer = requireViewer(req);
    if (viewer.role !== Role.STUDENT) throw new AppError('FORBIDDEN', ONLY_STUDENTS_BUY);
    const body = bodyOf(req);
    if (typeof body.token !== 'string' || !body.token) throw badInput('token is required');
    if (body.courseID === undefined && body.courseId === undefined) throw badInput(PAYMENT_NEEDS_COURSE);
    const course = await findCourse(deps.db, courseIdOf(body));
    if (!course) throw notFound(COURSE_NOT_FOUND);
    if (Number(body.amount) !== priceInCents(course)) throw badInput('The amount does not match the price of the course');
    const outcome = await purchaseCourse(deps, viewer, {
      courseId: course.id,
      paymentMethod: body.token,
      billingDetails: (body.billingDetails ?? body.billing_details ?? null) as BillingDetailsInput | null,
      idempotencyKey: typeof body.idempotencyKey === 'string' ? body.idempotencyKey : null,
    });
    if (outcome.status !== 'SUCCEEDED' || !outcome.payment) {
      res.status(402).json({ status: 'Failure', error: outcome.message, clientSecret: outcome.clientSecret });
      return;
    }
    res.json(toLegacyCharge(outcome.payment));
  });

  // Accepted once, and only for a payment this server saw succeed for this student and course.
  router.post('/api/enroll', async (req, res) => {
    const viewer = requireViewer(req);
    const body = bodyOf(req);
    const courseId = courseIdOf(body);
    if (typeof body.transactionID !== 'string' || !body.transactionID) throw badInput('transactionID is required');
    const recorded = await deps.db.transaction(async (manager) => {
      const payment = await manager.getRepository(Payment).findOne({
        where: { studentId: viewer.id, courseId, transactionRef: body.transactionID as string, status: PaymentStatus.SUCCEEDED },
        lock: { mode: 'pessimistic_write' },
      });
      if (!payment) throw new AppError('FORBIDDEN', 'No successful payment for this course matches this transaction');
      if (payment.legacyEnrollRecordedAt) throw new AppError('CONFLICT', 'This enrollment is already recorded');
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
  router.post('/create-checkout-session', async (req, res) => {
    const viewer = requireViewer(req);
    if (viewer.role !== Role.STUDENT) throw new AppError('FORBIDDEN', ONLY_STUDENTS_BUY);
    const course = await findCourse(deps.db, courseIdOf(bodyOf(req)));
    if (!course) throw notFound(COURSE_NOT_FOUND);
    const back = (flag: string) => new URL(`/course/${course.id}?${flag}=true`, deps.publicUrl).toString();
    const payment = await deps.db.getRepository(Payment).save({
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
    });
    const session = await deps.provider.createCheckoutSession({
      name: course.name,
      amountCents: payment.amountCents,
      currency: 'usd',
      successUrl: back('success'),
      cancelUrl: back('canceled'),
      customerEmail: viewer.email,
      metadata: { paymentId: payment.id, studentId: viewer.id, courseId: course.id },
    });
    res.json({ id: session.id, url: session.url });
  });

  return router;
}
