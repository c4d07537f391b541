import { markGuardianRequestPaid, sendGuardianReceipt } from './guardian-settlement';
import { Brackets, In, IsNull, type EntityManager } from 'typeorm';
import { PAYMENT_GATEWAY_ERROR, PAYMENT_PAGE_EXPIRED, type ProviderPayment } from '../../payments/provider';
import { AppError, notFound } from '../../shared/errors';
import type { Viewer } from '../../kernel/viewer';
import { AuditAction, AuditTarget } from '../audit/audit.entity';
import { recordAudit } from '../audit/audit.service';
import { requireRole, roles } from '../auth/guards';
import { isUuid } from '../../shared/validation';
import { money } from '../../shared/money';
import { Course } from '../course/course.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { findActiveEnrollment } from '../enrollment/enrollment.service';
import { coursesOfPayment, grantPaidCourses, lockPurchases } from './payment-courses';
import { emitWebhookEvent } from '../integration/webhook-events';
import { WebhookEventType } from '../integration/webhook.entity';
import { User } from '../user/user.entity';
import type { PurchaseDeps } from './payment-deps';
import { Payment, PaymentStatus } from './payment.entity';
import { sendReceipt, sendSecondPaymentRefunded } from './receipts';

/**
 * Settlement: every answer a provider gives about a payment (the purchase's own call, the return
 * from a 3-D Secure check, a webhook, an IPN, the buyer's return from a gateway page, a scheduled
 * run) is written through recordProviderResult, once, whatever the order or the number of calls.
 */

export const ALREADY_OWNED = 'You already own this course';
export const PAYMENT_NOT_FOUND = 'Payment not found';
export const PAYMENT_NOT_SUCCESSFUL = 'Payment was not successful';
export const SECOND_PAYMENT_REFUNDED = 'You already own this course, so this payment was refunded to your card.';
export const AMOUNT_MISMATCH = 'The amount paid does not match the price of the course. Nothing was granted; contact us.';
export const PAYMENT_HELD = 'Your payment is received and is being checked. You get the course as soon as it is approved.';
export const PAY_ON_GATEWAY = 'Pay on the payment page to finish';
/** A payment left on the gateway's page this long without being paid has expired: the course can be bought again. */
export const GATEWAY_PAYMENT_MINUTES = 30;
export const GATEWAY_PAYMENT_EXPIRED = PAYMENT_PAGE_EXPIRED;

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
  amount: money(payment.amountMinor, payment.currency),
  provider: payment.provider,
  method: payment.method,
});

/** Purchases of one course by one student happen one at a time, across every server copy. */
export async function lockPurchase(manager: EntityManager, studentId: string, courseId: string): Promise<void> {
  await lockPurchases(manager, studentId, [courseId]);
}

/** The locks of every course a payment buys (one, or a bundle's). */
const lockPayment = (manager: EntityManager, payment: Payment) =>
  lockPurchases(
    manager,
    payment.studentId,
    coursesOfPayment(payment).map((line) => line.courseId),
  );

export function outcomeOf(payment: Payment, enrollment: Enrollment | null, providerPayment?: ProviderPayment): PurchaseOutcome {
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

/** The change one settlement path makes to a locked payment, or null when it changes nothing. */
type Decide = (current: Payment, manager: EntityManager) => Promise<Partial<Payment> | null>;

interface Settled {
  payment: Payment;
  enrollment: Enrollment | null;
  created: boolean;
  alreadyOwned: boolean;
}

/**
 * The one path every status change of a paid or paying payment takes: the purchase locks of its
 * courses and its row are taken once; `decide` says what changes; a payment that becomes
 * SUCCEEDED sends `payment.succeeded` (queued in this transaction, so once with it); a paid one
 * gets its courses (a bundle's, a guardian's request marked paid) in the same transaction; `audit`
 * records who did it there too. After commit: the receipts (the student's, a guardian's), or a
 * second payment for an owned course paid back.
 */
async function settle(
  deps: PurchaseDeps,
  paymentId: string,
  decide: Decide,
  audit?: (manager: EntityManager, payment: Payment, enrollment: Enrollment | null) => Promise<void>,
): Promise<Settled & { outcome?: PurchaseOutcome }> {
  const settled = await deps.db.transaction(async (manager): Promise<Settled> => {
    const payments = manager.getRepository(Payment);
    const head = await payments.findOneBy({ id: paymentId });
    if (!head) throw notFound(PAYMENT_NOT_FOUND, 'PAYMENT_NOT_FOUND');
    await lockPayment(manager, head);
    const current = await payments.findOneOrFail({ where: { id: paymentId }, lock: { mode: 'pessimistic_write' } });
    const changes = await decide(current, manager);
    if (changes) {
      const before = current.status;
      Object.assign(current, changes);
      await payments.save(current);
      if (current.status === PaymentStatus.SUCCEEDED && before !== PaymentStatus.SUCCEEDED)
        await emitWebhookEvent(manager, WebhookEventType.PAYMENT_SUCCEEDED, paymentEventData(current));
    }
    const result = await grantIfPaid(manager, current);
    if (changes) await audit?.(manager, current, result.enrollment);
    return result;
  });
  const { payment, enrollment, created, alreadyOwned } = settled;
  if (alreadyOwned && enrollment) return { ...settled, outcome: await refundSecondPayment(deps, payment, enrollment) };
  if (created && enrollment) {
    await sendReceipt(deps, payment, enrollment);
    await sendGuardianReceipt(deps, payment, enrollment);
  }
  return settled;
}

/** Under the locks: a paid payment's courses (a bundle's every one), unless the student owns them by another payment. */
async function grantIfPaid(manager: EntityManager, current: Payment): Promise<Settled> {
  const paid = current.status === PaymentStatus.SUCCEEDED || current.status === PaymentStatus.REFUNDED;
  if (!paid) return { payment: current, enrollment: null, created: false, alreadyOwned: false };
  // Paid for a course the student owns by another payment (a 3-D Secure check finished after
  // paying with another card): this payment is given back after commit, if it is not already.
  if (current.status === PaymentStatus.REFUNDED) {
    const owned = await findActiveEnrollment(manager, current.studentId, current.courseId);
    const elsewhere = Boolean(owned && owned.paymentId !== current.id);
    return { payment: current, enrollment: elsewhere ? owned : null, created: false, alreadyOwned: elsewhere };
  }
  const granted = await grantPaidCourses(manager, current);
  if (granted.alreadyOwned) return { payment: current, enrollment: granted.alreadyOwned, created: false, alreadyOwned: true };
  if (granted.created) await markGuardianRequestPaid(manager, current);
  return { payment: current, enrollment: granted.enrollment, created: granted.created, alreadyOwned: false };
}

/** What a provider's answer makes of a payment not settled yet (money counts only when it is the order's). */
function providerAnswer(deps: PurchaseDeps, current: Payment, result: ProviderPayment): Partial<Payment> | null {
  const settled = [PaymentStatus.SUCCEEDED, PaymentStatus.REFUNDED, PaymentStatus.HELD].includes(current.status);
  if (settled) return null;
  // Same amount, same currency; an intent made for another order (its metadata names another payment) never pays for this one.
  const forThisOrder = !result.metadata.paymentId || result.metadata.paymentId === current.id;
  const paidInFull = forThisOrder && result.amountMinor === current.amountMinor && result.currency.toLowerCase() === current.currency;
  const paidSomething = result.status === 'succeeded' || result.status === 'held';
  if (paidSomething && !paidInFull) {
    deps.log.error(
      { paymentId: current.id, expected: [current.amountMinor, current.currency], got: [result.amountMinor, result.currency] },
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
  return {
    status,
    providerRef: current.providerRef ?? result.id,
    failureMessage: status === PaymentStatus.FAILED ? (paidSomething ? AMOUNT_MISMATCH : (result.failureMessage ?? PAYMENT_NOT_SUCCESSFUL)) : null,
    transactionRef: result.transactionRef ?? current.transactionRef,
    method: result.method?.name ?? current.method,
    methodLast4: result.method?.last4 ?? current.methodLast4,
  };
}

/**
 * Writes what the provider says about a payment, and on success the enrollment, in one
 * transaction. Safe to call any number of times for the same payment (retries, webhooks, reconciliation).
 */
export async function recordProviderResult(deps: PurchaseDeps, paymentId: string, result: ProviderPayment): Promise<PurchaseOutcome> {
  const settled = await settle(deps, paymentId, (current) => Promise.resolve(providerAnswer(deps, current, result)));
  return settled.outcome ?? outcomeOf(settled.payment, settled.enrollment, result);
}

/**
 * Pays back in full a payment for a course the student already owns. When the provider cannot be
 * reached, the payment stays as it is and reconciliation tries again (no enrollment refers to it).
 */
async function refundSecondPayment(deps: PurchaseDeps, payment: Payment, owned: Enrollment): Promise<PurchaseOutcome> {
  const outcome = { status: 'SUCCEEDED' as const, enrollment: owned, clientSecret: null };
  if (payment.status === PaymentStatus.REFUNDED) return { ...outcome, payment, message: SECOND_PAYMENT_REFUNDED };
  try {
    await deps.providers.capable(payment.provider, 'refunds').refund({
      paymentRef: payment.providerRef!,
      amountMinor: payment.amountMinor,
      idempotencyKey: `second-payment-${payment.id}`,
    });
  } catch (error) {
    deps.log.error({ err: error, paymentId: payment.id }, 'refunding a second payment for an owned course failed');
    return { ...outcome, payment, message: ALREADY_OWNED };
  }
  const refunded = { status: PaymentStatus.REFUNDED, refundedMinor: payment.amountMinor };
  // Only the call that marks it refunded tells the student (webhooks and the browser may both get here).
  const { affected } = await deps.db.getRepository(Payment).update({ id: payment.id, status: PaymentStatus.SUCCEEDED }, refunded);
  if (affected) await sendSecondPaymentRefunded(deps, payment, owned);
  return { ...outcome, payment: Object.assign(payment, refunded), message: SECOND_PAYMENT_REFUNDED };
}

/**
 * A provider's notification about a payment (a webhook, an IPN, a buyer's return from a hosted page),
 * its signature already checked by the provider: the provider's own record decides, never the
 * notification's fields (`notificationId` is only a hint, checked by the provider). Any order and any
 * number of times give one payment outcome and one enrollment. Answers the payment, when it is ours.
 */
export async function settleFromProvider(
  deps: PurchaseDeps,
  providerName: string,
  ref: { providerRef: string | null; paymentId?: string | null; notificationId?: string | null },
): Promise<Payment | null> {
  const payments = deps.db.getRepository(Payment);
  const payment =
    (ref.providerRef ? await payments.findOneBy({ provider: providerName, providerRef: ref.providerRef }) : null) ??
    (ref.paymentId && isUuid(ref.paymentId) ? await payments.findOneBy({ id: ref.paymentId, provider: providerName }) : null);
  const providerRef = ref.providerRef ?? payment?.providerRef;
  if (!payment || !providerRef) return null;
  const result = await deps.providers.get(providerName).retrievePayment(providerRef, { notificationId: ref.notificationId || undefined });
  return (await recordProviderResult(deps, payment.id, result)).payment;
}

/**
 * Payments left unsettled (a crash between the provider's answer and our write) are asked about
 * again, so no student who paid is left without the course; and paid payments no enrollment refers
 * to (for a course already owned, whose refund did not go through) are refunded again. Scheduled
 * runs ask about all of them; a purchase about the buyer's own earlier payment of the course.
 */
export async function settleUnsettledPayments(
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
      // A payment of a provider this server no longer has stays as it is.
      if (!deps.providers.has(payment.provider)) continue;
      const hostedPage = deps.providers.can(payment.provider, 'hostedPaymentPage');
      // A Checkout Session's payment is the provider's to create: its events settle it (or expire it).
      if (!payment.providerRef && payment.actionUrl && !hostedPage) continue;
      const provider = deps.providers.get(payment.provider);
      if (!payment.providerRef && hostedPage) {
        // The gateway never gave this payment a page: nothing can have been paid.
        await deps.db
          .getRepository(Payment)
          .update({ id: payment.id, status: PaymentStatus.PENDING }, { status: PaymentStatus.FAILED, failureMessage: PAYMENT_GATEWAY_ERROR });
        continue;
      }
      // Without a recorded reference, the same idempotency key finds the provider's payment again,
      // so the request must be the very one first sent (Stripe refuses a key reused with other parameters).
      const course = payment.providerRef ? null : await deps.db.getRepository(Course).findOneBy({ id: payment.courseId });
      const providerPayment = payment.providerRef
        ? await provider.retrievePayment(payment.providerRef)
        : await provider.createPayment({
            amountMinor: payment.amountMinor,
            currency: payment.currency,
            description: payment.bundle?.name ?? course?.name ?? 'Course purchase',
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
  return unsettled.length;
}

/** What a new payment records (its status is settlement's: PENDING until its provider answers). */
export type NewPayment = Pick<Payment, 'studentId' | 'courseId' | 'provider' | 'amountMinor' | 'currency' | 'idempotencyKey' | 'billingDetails'> &
  Partial<Pick<Payment, 'guardianRequestId' | 'bundle'>>;

/** A payment about to be asked of its provider, made in the purchase's transaction (which holds its purchase locks). */
export function openPayment(manager: EntityManager, row: NewPayment): Promise<Payment> {
  return manager.getRepository(Payment).save({
    guardianRequestId: null,
    ...row,
    providerRef: null,
    status: PaymentStatus.PENDING,
    failureMessage: null,
    transactionRef: null,
    actionUrl: null,
  });
}

/** The gateway gave a new payment its page: the buyer pays there; its return, its notification or reconciliation settles it. */
export async function recordPaymentPage(deps: PurchaseDeps, paymentId: string, page: { providerRef: string; actionUrl: string }): Promise<Payment> {
  const { payment } = await settle(deps, paymentId, (current) =>
    Promise.resolve(current.status === PaymentStatus.PENDING ? { status: PaymentStatus.REQUIRES_ACTION, ...page } : null),
  );
  return payment;
}

/** The provider refused to start a new payment (or its checkout page), or could not be reached: nothing was charged. */
export async function recordStartFailure(deps: PurchaseDeps, paymentId: string): Promise<void> {
  await settle(deps, paymentId, (current) =>
    Promise.resolve(current.status === PaymentStatus.PENDING ? { status: PaymentStatus.FAILED, failureMessage: PAYMENT_GATEWAY_ERROR } : null),
  );
}

export const CHECKOUT_EXPIRED = 'The checkout page expired before payment';

/** The provider's own checkout page expired unpaid. */
export async function expireCheckout(deps: PurchaseDeps, paymentId: string): Promise<void> {
  if (!(await deps.db.getRepository(Payment).existsBy({ id: paymentId }))) return;
  await settle(deps, paymentId, (current) =>
    Promise.resolve(current.status === PaymentStatus.PENDING ? { status: PaymentStatus.FAILED, failureMessage: CHECKOUT_EXPIRED } : null),
  );
}

/**
 * The money went back outside the product (a refund or a dispute in the provider's dashboard): a
 * paid payment is refunded and the access it gave ends; a held one is refunded before anyone
 * approves it. Safe to repeat, and one result whichever comes first of this and an approval.
 */
export async function endAccessOutside(
  deps: PurchaseDeps,
  providerName: string,
  providerRef: string,
  reason: string,
  refundedMinor: number | null,
): Promise<void> {
  const payment = await deps.db.getRepository(Payment).findOneBy({ provider: providerName, providerRef });
  if (!payment) return;
  await settle(deps, payment.id, async (current, manager) => {
    if (![PaymentStatus.SUCCEEDED, PaymentStatus.REFUNDED, PaymentStatus.HELD].includes(current.status)) return null;
    const ended = await endPaymentAccess(manager, current.id);
    if (ended.length) deps.log.warn({ paymentId: current.id, reason }, 'access ended by an event from the payment provider');
    return { status: PaymentStatus.REFUNDED, refundedMinor: Math.max(current.refundedMinor, refundedMinor ?? current.amountMinor), failureMessage: reason };
  });
}

/**
 * An admin's refund, in its transaction (the payment's row locked by it): the payment is refunded
 * by `refundedMinor` and every enrollment it gave ends. Answers the enrollments ended, as they were.
 */
export async function recordRefund(manager: EntityManager, payment: Payment, refundedMinor: number): Promise<{ ended: Enrollment[]; endedAt: Date }> {
  await manager.getRepository(Payment).update(payment.id, { status: PaymentStatus.REFUNDED, refundedMinor: refundedMinor });
  Object.assign(payment, { status: PaymentStatus.REFUNDED, refundedMinor: refundedMinor });
  const endedAt = new Date();
  return { ended: await endPaymentAccess(manager, payment.id, endedAt), endedAt };
}

async function endPaymentAccess(manager: EntityManager, paymentId: string, endedAt = new Date()): Promise<Enrollment[]> {
  const ended = await manager.getRepository(Enrollment).findBy({ paymentId, revokedAt: IsNull() });
  if (ended.length) await manager.getRepository(Enrollment).update({ id: In(ended.map((row) => row.id)) }, { revokedAt: endedAt });
  return ended;
}

export const NOT_HELD = 'This payment is not held for review';

/**
 * An admin approves a payment a provider held as risky: settled as a provider's success is (the
 * `payment.succeeded` webhook, the enrollment, the receipts after commit), and audited. A second
 * approval is refused.
 */
export async function approveHeldPayment(deps: PurchaseDeps, viewer: Viewer, paymentId: string, address: string): Promise<void> {
  requireRole(viewer, roles.admin);
  await settle(
    deps,
    paymentId,
    async (current, manager) => {
      if (current.status !== PaymentStatus.HELD) throw new AppError('CONFLICT', NOT_HELD);
      if (await findActiveEnrollment(manager, current.studentId, current.courseId))
        throw new AppError('CONFLICT', 'The student already owns this course: refund this payment instead');
      return { status: PaymentStatus.SUCCEEDED };
    },
    async (manager, payment, enrollment) => {
      const student = await manager.getRepository(User).findOneByOrFail({ id: payment.studentId });
      await recordAudit(manager, {
        viewer,
        address,
        action: AuditAction.APPROVE_HELD_PAYMENT,
        targetType: AuditTarget.PAYMENT,
        targetId: payment.id,
        detail: {
          student: student.email,
          course: payment.bundle?.name ?? enrollment?.courseName ?? null,
          amountCents: payment.amountMinor,
          currency: payment.currency,
        },
      });
    },
  );
}
