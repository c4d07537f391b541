import crypto from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { PAYMENT_PROVIDERS } from '../../payments/registry';
import { AppError, badInput, notFound } from '../../shared/errors';
import { coursePrice, formatMoney, isFreeCourse } from '../../shared/money';
import { nationalMobile, normalizeBangladeshMobile, phoneOnlyAddress } from '../../shared/phone';
import { hitRateLimit, type Limit } from '../../shared/rate-limit';
import { text } from '../../i18n/translate';
import { ONLY_STUDENTS_BUY, requireRole, roles } from '../auth/guards';
import type { Viewer } from '../../kernel/viewer';
import { Course } from '../course/course.entity';
import { COURSE_NOT_FOUND, findCourse } from '../course/course.service';
import { findActiveEnrollment } from '../enrollment/enrollment.service';
import { User } from '../user/user.entity';
import { ALREADY_OWNED, BANGLADESH_MOBILE, NO_TAKA_PRICE, payForCourse, requirePayments, type LocalBuyer } from './checkout.service';
import { GuardianPaymentRequest } from './guardian-payment.entity';
import type { PurchaseDeps } from './payment-deps';
import type { PurchaseOutcome } from './purchase-outcome';

/** How long a guardian's link works. */
export const GUARDIAN_LINK_HOURS = 48;
export const GUARDIAN_PAYMENT_NOT_FOUND = 'This payment link is not valid. Ask the student to send a new one.';
export const GUARDIAN_PAYMENT_EXPIRED = `This payment link has run out (it works for ${GUARDIAN_LINK_HOURS} hours). Ask the student to send a new one.`;
export const GUARDIAN_NAME = 'Enter your name as the payment page should show it';
export const NOT_FOR_FREE_COURSE = 'This course is free: the student can enroll without paying.';

/** Each sends an SMS that costs money: a student asks a few times a day, and a number gets a few a day. */
export const guardianLimits = {
  perStudent: { name: 'guardian-request-student', max: 5, windowSeconds: 24 * 60 * 60 },
  perNumber: { name: 'guardian-request-number', max: 3, windowSeconds: 24 * 60 * 60 },
  payPerAddress: { name: 'guardian-pay-ip', max: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

export type GuardianPaymentState = 'OPEN' | 'PAID' | 'EXPIRED' | 'ENROLLED';

/** What the guardian's page may know: the student's first name, the course and the price, nothing more. */
export interface GuardianPaymentView {
  studentFirstName: string;
  courseId: string;
  courseName: string;
  amountMinor: number;
  currency: string;
  expiresAt: Date;
  state: GuardianPaymentState;
  /** When PAID: the receipt's facts. */
  paidAt: Date | null;
  transactionId: string | null;
}

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';
export const guardianPagePath = (token: string) => `/guardian-pay/${token}`;

/** The way to pay on a hosted page in taka (bKash, Nagad, Rocket or a card through SSLCommerz). */
function localWay() {
  return PAYMENT_PROVIDERS.find((definition) => definition.currency === 'bdt' && definition.capabilities.includes('hostedPaymentPage'));
}

/**
 * A student asks a guardian to pay for a paid course: an SMS (in Bangla) takes the guardian to a page
 * that pays for that course at today's taka price, without an account, for GUARDIAN_LINK_HOURS.
 */
export async function requestGuardianPayment(deps: PurchaseDeps, viewer: Viewer, courseId: string, guardianPhone: string): Promise<boolean> {
  requireRole(viewer, roles.student, ONLY_STUDENTS_BUY);
  const phone = normalizeBangladeshMobile(guardianPhone);
  if (!phone) throw badInput(BANGLADESH_MOBILE, { field: 'guardianPhone' });
  const course = await findCourse(deps.db, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
  if (isFreeCourse(course)) throw badInput(NOT_FOR_FREE_COURSE, { field: 'courseId' });
  requirePayments(deps);
  const way = localWay();
  const { amount, currency } = coursePrice(course, 'bdt');
  if (!way || !deps.providers.ways.includes(way.way) || amount <= 0) throw badInput(NO_TAKA_PRICE, { field: 'courseId' });
  if (await findActiveEnrollment(deps.db, viewer.id, course.id)) throw new AppError('ALREADY_ENROLLED', ALREADY_OWNED);
  await hitRateLimit(deps.db, guardianLimits.perStudent, viewer.id);
  await hitRateLimit(deps.db, guardianLimits.perNumber, phone);

  const token = crypto.randomBytes(24).toString('base64url');
  await deps.db.getRepository(GuardianPaymentRequest).insert({
    tokenHash: hashOf(token),
    studentId: viewer.id,
    courseId: course.id,
    guardianPhone: phone,
    amountMinor: amount,
    currency,
    expiresAt: new Date(Date.now() + GUARDIAN_LINK_HOURS * 60 * 60 * 1000),
    paymentId: null,
    paidAt: null,
  });
  await deps.mailer.sendSms(
    phone,
    text('bn', 'sms.guardianPayment', {
      name: firstNameOf(viewer.name),
      course: course.name,
      amount: formatMoney(amount, currency, 'bn'),
      hours: GUARDIAN_LINK_HOURS,
      // The page opens in Bangla, as the SMS is written; its switch offers English.
      link: new URL(`${guardianPagePath(token)}?lang=bn`, deps.publicUrl).toString(),
    }),
  );
  return true;
}

async function requestOf(db: DataSource | EntityManager, token: string): Promise<GuardianPaymentRequest> {
  const request = token.length > 0 && token.length <= 100 ? await db.getRepository(GuardianPaymentRequest).findOneBy({ tokenHash: hashOf(token) }) : null;
  if (!request) throw notFound(GUARDIAN_PAYMENT_NOT_FOUND, 'GUARDIAN_PAYMENT_NOT_FOUND');
  return request;
}

async function stateOf(db: DataSource, request: GuardianPaymentRequest): Promise<GuardianPaymentState> {
  if (request.paidAt) return 'PAID';
  if (await findActiveEnrollment(db, request.studentId, request.courseId)) return 'ENROLLED';
  return request.expiresAt.getTime() <= Date.now() ? 'EXPIRED' : 'OPEN';
}

/** The guardian's page: who asked, for which course, at what price, and where it stands. */
export async function guardianPayment(deps: PurchaseDeps, token: string): Promise<GuardianPaymentView> {
  const request = await requestOf(deps.db, token);
  const student = await deps.db.getRepository(User).findOneOrFail({ where: { id: request.studentId }, select: { id: true, name: true } });
  const course = await deps.db.getRepository(Course).findOneOrFail({ where: { id: request.courseId }, select: { id: true, name: true } });
  const paid = request.paymentId
    ? await deps.db.query<Array<{ transactionRef: string | null }>>(`SELECT "transactionRef" FROM payment WHERE id = $1`, [request.paymentId])
    : [];
  return {
    studentFirstName: firstNameOf(student.name),
    courseId: course.id,
    courseName: course.name,
    amountMinor: request.amountMinor,
    currency: request.currency,
    expiresAt: request.expiresAt,
    state: await stateOf(deps.db, request),
    paidAt: request.paidAt,
    transactionId: request.paymentId ? (paid[0]?.transactionRef ?? request.paymentId) : null,
  };
}

/**
 * The guardian pays on the gateway's page: a payment of the student's course at the request's
 * price, by the purchase rules (one at a time, never for an owned course, idempotent), with the
 * guardian as the buyer the gateway sees. Answers where to pay.
 */
export async function payGuardianPayment(
  deps: PurchaseDeps,
  token: string,
  guardian: { name: string; idempotencyKey?: string | null },
  address: string,
): Promise<PurchaseOutcome> {
  await hitRateLimit(deps.db, guardianLimits.payPerAddress, address);
  const request = await requestOf(deps.db, token);
  const state = await stateOf(deps.db, request);
  if (state === 'PAID' || state === 'ENROLLED') throw new AppError('ALREADY_ENROLLED', ALREADY_OWNED);
  if (state === 'EXPIRED') throw new AppError('GUARDIAN_PAYMENT_EXPIRED', GUARDIAN_PAYMENT_EXPIRED);
  const name = guardian.name.trim();
  if (!name || name.length > 100) throw badInput(GUARDIAN_NAME, { field: 'name' });
  requirePayments(deps);
  const way = localWay();
  const course = await deps.db.getRepository(Course).findOneBy({ id: request.courseId });
  if (!way || !course) throw notFound(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
  // The gateway needs an email: the guardian's number's stand-in address (ours; it receives nothing).
  const customer: LocalBuyer = { name, email: phoneOnlyAddress(request.guardianPhone), phone: nationalMobile(request.guardianPhone) };
  return payForCourse(
    deps,
    { id: request.studentId },
    { courseId: course.id, provider: way.way, idempotencyKey: guardian.idempotencyKey ?? null, guardianRequestId: request.id },
    { course, amountMinor: request.amountMinor, currency: request.currency, customer, way },
  );
}
