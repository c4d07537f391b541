import { IsNull, LessThan, MoreThan } from 'typeorm';
import { AppError, badInput, notFound } from '../../shared/errors';
import { hitRateLimit, type Limit } from '../../shared/rate-limit';
import { isUuid } from '../../shared/validation';
import type { BillingDetailsInput } from '../../payments/provider';
import type { Viewer } from '../../kernel/viewer';
import { COURSE_NOT_FOUND, findCourse } from '../course/course.service';
import { Enrollment } from '../enrollment/enrollment.entity';
import { LegacyChargeRequest } from './legacy-charge-request.entity';
import { Payment, PaymentStatus } from './payment.entity';
import type { PurchaseInput } from './purchase.input';
import { usdPriceMinor, purchaseCourse } from './checkout.service';
import type { PurchaseDeps } from './payment-deps';
import { PAYMENT_NOT_SUCCESSFUL, type PurchaseOutcome } from './purchase-outcome';

/**
 * The old client's two-step purchase (POST /payment, then POST /api/enroll) on the purchase rules:
 * priced from the database, one charge and one enrollment however often it is called.
 */

export const AMOUNT_MISMATCH = 'The amount does not match the price of the course';
export const NO_MATCHING_PAYMENT = 'No successful payment for this course matches this transaction';
export const ENROLLMENT_RECORDED = 'This enrollment is already recorded';
const CHARGE_REQUEST_TTL_MINUTES = 30;
const CHARGE_REQUESTS_PER_STUDENT: Limit = { name: 'legacy-charge-request', max: 20, windowSeconds: 60 * 60 };
/** The transaction reference of a charge the old client asked for, made when it enrolls. */
export const PENDING_PREFIX = 'pending_';

/** The old client's first call, without the course: remembered, nothing charged until it enrolls. */
export async function requestLegacyCharge(
  deps: PurchaseDeps,
  viewer: Viewer,
  charge: { amountMinor: number; paymentMethod: string; billingDetails: BillingDetailsInput | null },
): Promise<LegacyChargeRequest> {
  await hitRateLimit(deps.db, CHARGE_REQUESTS_PER_STUDENT, viewer.id);
  const requests = deps.db.getRepository(LegacyChargeRequest);
  // Requests never followed by an enrollment are forgotten once expired (their tokens with them).
  await requests.delete({ expiresAt: LessThan(new Date()), usedAt: IsNull() });
  return requests.save({
    studentId: viewer.id,
    ...charge,
    expiresAt: new Date(Date.now() + CHARGE_REQUEST_TTL_MINUTES * 60_000),
    usedAt: null,
  });
}

/** Old charge requests never followed by an enrollment, once expired: gone with their card tokens (the scheduled payment job). */
export async function forgetExpiredLegacyChargeRequests(deps: Pick<PurchaseDeps, 'db'>): Promise<number> {
  const { affected } = await deps.db.getRepository(LegacyChargeRequest).delete({ expiresAt: LessThan(new Date()), usedAt: IsNull() });
  return affected ?? 0;
}

/** A charge for a named course at once, refused unless `amountMinor` is its price. */
export async function chargeLegacyPayment(deps: PurchaseDeps, viewer: Viewer, input: PurchaseInput, amountMinor: number): Promise<PurchaseOutcome> {
  const course = await findCourse(deps.db, input.courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
  if (amountMinor !== usdPriceMinor(course)) throw badInput(AMOUNT_MISMATCH);
  return purchaseCourse(deps, viewer, input);
}

/** Charges a waiting request for `courseId` at the course's price, once; refuses a different amount. */
async function chargePendingRequest(deps: PurchaseDeps, viewer: Viewer, courseId: string, requestId: string): Promise<Enrollment | { failure: string }> {
  const requests = deps.db.getRepository(LegacyChargeRequest);
  const request = isUuid(requestId) ? await requests.findOneBy({ id: requestId, studentId: viewer.id, expiresAt: MoreThan(new Date()) }) : null;
  if (!request) throw new AppError('FORBIDDEN', NO_MATCHING_PAYMENT);
  if (request.usedAt) throw new AppError('CONFLICT', ENROLLMENT_RECORDED);
  const course = await findCourse(deps.db, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
  if (request.amountMinor !== usdPriceMinor(course)) throw badInput(AMOUNT_MISMATCH);
  // Claimed before charging, so two calls with one request cannot both charge its token; the token
  // is wiped in the same write: it is used once, here, from memory, and never kept after.
  const { affected } = await requests.update({ id: request.id, usedAt: IsNull() }, { usedAt: new Date(), paymentMethod: null });
  if (!affected || !request.paymentMethod) throw new AppError('CONFLICT', ENROLLMENT_RECORDED);
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

/**
 * The old client's enrollment call: accepted once, and only for a payment this server saw succeed for
 * this student and course; for a charge asked for without the course, the charge is made now.
 */
export async function recordLegacyEnrollment(
  deps: PurchaseDeps,
  viewer: Viewer,
  courseId: string,
  transactionRef: string,
): Promise<Enrollment | { failure: string }> {
  if (transactionRef.startsWith(PENDING_PREFIX)) return chargePendingRequest(deps, viewer, courseId, transactionRef.slice(PENDING_PREFIX.length));
  return deps.db.transaction(async (manager) => {
    const payment = await manager.getRepository(Payment).findOne({
      where: { studentId: viewer.id, courseId, transactionRef, status: PaymentStatus.SUCCEEDED },
      lock: { mode: 'pessimistic_write' },
    });
    if (!payment) throw new AppError('FORBIDDEN', NO_MATCHING_PAYMENT);
    if (payment.legacyEnrollRecordedAt) throw new AppError('CONFLICT', ENROLLMENT_RECORDED);
    await manager.getRepository(Payment).update(payment.id, { legacyEnrollRecordedAt: new Date() });
    return manager.getRepository(Enrollment).findOneByOrFail({ paymentId: payment.id, revokedAt: IsNull() });
  });
}
