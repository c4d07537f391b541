import { formatMoney } from '../../shared/money';
import { text, translateMessage } from '../../i18n/translate';
import type { Enrollment } from '../enrollment/enrollment.entity';
import { accountLanguage, mailDate, mailText } from '../mail/mail-text';
import type { PurchaseDeps } from './payment-deps';
import type { Payment } from './payment.entity';
import { methodLabel } from './payment-method';
import { receiptPath } from './receipt-paths';
import { phoneOfAddress } from '../../shared/phone';
import { checkEmail } from '../auth/sign-up-rules';

/** The address typed for the receipt at checkout, when it is a real one other than the account's. */
function checkoutEmail(payment: Payment, accountEmail: string): string | null {
  const typed = payment.billingDetails?.email?.trim();
  if (!typed || phoneOfAddress(typed) || checkEmail(typed)) return null;
  return typed.toLowerCase() === accountEmail.trim().toLowerCase() ? null : typed;
}

/**
 * The receipt sent once, when a payment gives a student a course: to the account (as an SMS linking
 * to the receipt's page for an account without email), and to the email typed for it at checkout.
 * Both go through the outbox, delivered by its job.
 */
export async function sendReceipt(deps: PurchaseDeps, payment: Payment, enrollment: Enrollment): Promise<void> {
  const language = await accountLanguage(deps.db, enrollment.studentId);
  const page = receiptPath(payment.id);
  const message = mailText(language, 'receipt', {
    course: payment.bundle ? `${payment.bundle.name} (${payment.bundle.courses.map((line) => line.name).join(', ')})` : enrollment.courseName,
    amount: formatMoney(payment.amountMinor, payment.currency, language),
    transaction: payment.transactionRef ?? payment.id,
    method: methodLabel(payment.method, payment.methodLast4) ?? text(language, 'payment.methodUnknown'),
    date: mailDate(language, enrollment.createdAt),
    receipt: new URL(page, deps.publicUrl).toString(),
    link: new URL(`/myCourseplay/${enrollment.courseId}`, deps.publicUrl).toString(),
  });
  await deps.mailer.send({ to: enrollment.email, ...message, page });
  const typed = checkoutEmail(payment, enrollment.email);
  if (typed) await deps.mailer.send({ to: typed, ...message });
}

/** Tells the student that a second payment for a course they own was given back. */
export async function sendSecondPaymentRefunded(deps: PurchaseDeps, payment: Payment, owned: Enrollment): Promise<void> {
  const language = await accountLanguage(deps.db, owned.studentId);
  await deps.mailer.send({
    to: owned.email,
    ...mailText(language, 'secondPaymentRefunded', { course: owned.courseName, amount: formatMoney(payment.amountMinor, payment.currency, language) }),
  });
}

/** Tells the buyer a payment was refunded and its access ended (by SMS for an account without email): an admin's refund, or one reported by the provider. */
export async function sendRefundNotice(
  deps: PurchaseDeps,
  payment: Payment,
  to: string,
  refund: { course: string; refundedMinor: number; percent: number; rule: string },
): Promise<void> {
  const language = await accountLanguage(deps.db, payment.studentId);
  await deps.mailer.send({
    to,
    ...mailText(language, 'refund', {
      course: refund.course,
      amount: formatMoney(refund.refundedMinor, payment.currency, language),
      percent: refund.percent,
      rule: translateMessage(language, refund.rule),
      // Money paid by card goes back to the card; by a wallet or a gateway's page, to the account it came from.
      destination: deps.providers.can(payment.provider, 'cardConfirmation') ? 'card' : 'account',
    }),
  });
}
