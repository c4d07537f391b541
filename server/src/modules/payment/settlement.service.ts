import { markGuardianRequestPaid, sendGuardianReceipt } from './guardian-settlement';
import { In, IsNull, type EntityManager } from 'typeorm';
import { PAYMENT_GATEWAY_ERROR, type ProviderPayment } from '../../payments/provider';
import {
  ALREADY_OWNED,
  AMOUNT_MISMATCH,
  GATEWAY_PAYMENT_EXPIRED,
  outcomeOf,
  PAYMENT_NOT_FOUND,
  PAYMENT_NOT_SUCCESSFUL,
  SECOND_PAYMENT_REFUNDED,
  type PurchaseOutcome,
} from './purchase-outcome';
import { AppError, notFound } from '../../shared/errors';
import type { Viewer } from '../../kernel/viewer';
import { AuditAction, AuditTarget } from '../audit/audit.entity';
import { recordAudit } from '../audit/audit.service';
import { requireRole, roles } from '../auth/guards';
import { isUuid } from '../../shared/validation';
import { money } from '../../shared/money';
import { Enrollment } from '../enrollment/enrollment.entity';
import { findActiveEnrollment } from '../enrollment/enrollment.service';
import { coursesOfPayment, grantPaidCourses, lockPurchases } from './payment-courses';
import { emitWebhookEvent } from '../integration/webhook-events';
import { WebhookEventType } from '../integration/webhook.entity';
import { User } from '../user/user.entity';
import type { PurchaseDeps } from './payment-deps';
import { Payment, PaymentStatus } from './payment.entity';
import { sendReceipt, sendRefundNotice, sendSecondPaymentRefunded } from './receipts';
import { announceRefund, providerActor, type RefundDecision, type Refunded } from './refund-decision';

/**
 * Settlement, the one writer of a payment's status (one-status-writer.test.ts): opening a payment,
 * its gateway page, every answer a provider gives (the purchase's own call, a 3-D Secure return, a
 * webhook, an IPN, a buyer's return, reconciliation), a held approval and a refund are written here,
 * under the same locks, once, whatever the order or the number of calls.
 */

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
const lockPayment = (manager: EntityManager, payment: Payment) => {
  const courseIds = coursesOfPayment(payment).map((line) => line.courseId);
  return lockPurchases(manager, payment.studentId, courseIds);
};

/** A payment's purchase locks and its row, taken in the caller's transaction: what every change of its status holds. */
async function lockedPayment(manager: EntityManager, paymentId: string): Promise<Payment> {
  const payments = manager.getRepository(Payment);
  const head = await payments.findOneBy({ id: paymentId });
  if (!head) throw notFound(PAYMENT_NOT_FOUND, 'PAYMENT_NOT_FOUND');
  await lockPayment(manager, head);
  return payments.findOneOrFail({ where: { id: paymentId }, lock: { mode: 'pessimistic_write' } });
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
    const current = await lockedPayment(manager, paymentId);
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
  let refunded: Refunded | null;
  try {
    refunded = await refundPayment(deps, payment.id, async (current) => {
      if (current.status !== PaymentStatus.SUCCEEDED) return null;
      await deps.providers.capable(current.provider, 'refunds').refund({
        paymentRef: current.providerRef!,
        amountMinor: current.amountMinor,
        idempotencyKey: `second-payment-${current.id}`,
      });
      // Nobody acted (no audit entry); the student gets the mail about a second payment below.
      return { refundedMinor: current.amountMinor, percent: 100, refundCase: 'SECOND_PAYMENT', rule: SECOND_PAYMENT_REFUNDED, tellBuyer: false };
    });
  } catch (error) {
    deps.log.error({ err: error, paymentId: payment.id }, 'refunding a second payment for an owned course failed');
    return { ...outcome, payment, message: ALREADY_OWNED };
  }
  // Only the call that refunded it tells the student (webhooks and the browser may both get here).
  if (refunded) await sendSecondPaymentRefunded(deps, refunded.payment, owned);
  const current = refunded?.payment ?? (await deps.db.getRepository(Payment).findOneByOrFail({ id: payment.id }));
  return { ...outcome, payment: current, message: current.status === PaymentStatus.REFUNDED ? SECOND_PAYMENT_REFUNDED : ALREADY_OWNED };
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

/** A gateway payment the gateway never gave a page: nothing can have been paid (reconciliation). */
export async function failPaymentWithoutPage(deps: PurchaseDeps, paymentId: string): Promise<void> {
  await deps.db
    .getRepository(Payment)
    .update({ id: paymentId, status: PaymentStatus.PENDING }, { status: PaymentStatus.FAILED, failureMessage: PAYMENT_GATEWAY_ERROR });
}

/** A payment left on the gateway's page past GATEWAY_PAYMENT_MINUTES: the course can be bought again (reconciliation). */
export async function expireAbandonedPayment(deps: PurchaseDeps, paymentId: string): Promise<void> {
  await deps.db
    .getRepository(Payment)
    .update({ id: paymentId, status: PaymentStatus.REQUIRES_ACTION }, { status: PaymentStatus.FAILED, failureMessage: GATEWAY_PAYMENT_EXPIRED });
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
 * The one path of a refund, whoever starts it (an admin's, or the provider reporting one or a
 * dispute): under the payment's locks `decide` says what it is (or null: nothing to do, e.g. it is
 * refunded already), and then, in that transaction, the payment is marked refunded, every
 * enrollment it gave ends, `enrollment.refunded` for each and `payment.refunded` are queued and the
 * audit entry written; after commit, the buyer is told. So each happens exactly once per refund.
 */
export async function refundPayment(
  deps: PurchaseDeps,
  paymentId: string,
  decide: (current: Payment, manager: EntityManager) => Promise<RefundDecision | null>,
): Promise<Refunded | null> {
  const done = await deps.db.transaction(async (manager) => {
    const current = await lockedPayment(manager, paymentId);
    const decision = await decide(current, manager);
    if (!decision) return null;
    Object.assign(current, {
      status: PaymentStatus.REFUNDED,
      refundedMinor: decision.refundedMinor,
      failureMessage: decision.showOnPayment ? decision.rule : current.failureMessage,
    });
    await manager.getRepository(Payment).save(current);
    const endedAt = new Date();
    const ended = (await endPaymentAccess(manager, current.id, endedAt)).map((row) => Object.assign(row, { revokedAt: endedAt }));
    if (ended.length) deps.log.warn({ paymentId: current.id, reason: decision.rule }, 'a refund ended access');
    const enrollmentId = decision.enrollmentId ?? ended[0]?.id ?? null;
    const refundId = decision.keep && enrollmentId ? await decision.keep(manager, current, enrollmentId) : null;
    const percent = decision.percent ?? Math.min(100, Math.max(1, Math.round((decision.refundedMinor * 100) / current.amountMinor)));
    const courseName = await announceRefund(manager, { payment: current, ended, enrollmentId, refundId, percent, decision });
    return { payment: current, refundId, ended, decision, percent, courseName };
  });
  if (!done) return null;
  const { payment, refundId, ended, decision, percent, courseName } = done;
  if (decision.tellBuyer && ended.length)
    await sendRefundNotice(deps, payment, ended[0].email, {
      course: courseName ?? ended[0].courseName,
      refundedMinor: decision.refundedMinor,
      percent,
      rule: decision.rule,
    });
  return { payment, refundId, ended };
}

/**
 * The money went back outside the product (a refund or a dispute in the provider's dashboard): a
 * paid payment is refunded and the access it gave ends; a held one is refunded before anyone
 * approves it. A payment refunded already (by an admin, whose refund the provider reports too) is
 * left as it is. One result whichever comes first of this and an approval.
 */
export async function endAccessOutside(
  deps: PurchaseDeps,
  providerName: string,
  providerRef: string,
  outside: { reason: string; refundCase: 'PROVIDER_REFUND' | 'DISPUTE'; refundedMinor: number | null; address: string },
): Promise<void> {
  const payment = await deps.db.getRepository(Payment).findOneBy({ provider: providerName, providerRef });
  if (!payment) return;
  await refundPayment(deps, payment.id, (current) =>
    Promise.resolve(
      [PaymentStatus.SUCCEEDED, PaymentStatus.HELD].includes(current.status)
        ? {
            refundedMinor: Math.max(current.refundedMinor, outside.refundedMinor ?? current.amountMinor),
            refundCase: outside.refundCase,
            rule: outside.reason,
            showOnPayment: true,
            tellBuyer: outside.refundCase === 'PROVIDER_REFUND',
            actor: providerActor(providerName),
            address: outside.address,
          }
        : null,
    ),
  );
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
