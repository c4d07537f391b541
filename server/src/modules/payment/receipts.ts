import { formatMoney } from '../../shared/money';
import { text } from '../../i18n/translate';
import type { Enrollment } from '../enrollment/enrollment.entity';
import { accountLanguage, mailDate, mailText } from '../mail/mail-text';
import type { PurchaseDeps } from './payment-deps';
import type { Payment } from './payment.entity';
import { methodLabel } from './payment-method';

/** The receipt mailed once, when a payment gives a student a course. */
export async function sendReceipt(deps: PurchaseDeps, payment: Payment, enrollment: Enrollment): Promise<void> {
  const language = await accountLanguage(deps.db, enrollment.studentId);
  await deps.mailer.send({
    to: enrollment.email,
    ...mailText(language, 'receipt', {
      course: enrollment.courseName,
      amount: formatMoney(payment.amountCents, payment.currency, language),
      transaction: payment.transactionRef ?? payment.id,
      method: methodLabel(payment.method, payment.methodLast4) ?? text(language, 'payment.methodUnknown'),
      date: mailDate(language, enrollment.createdAt),
      link: new URL(`/myCourseplay/${enrollment.courseId}`, deps.publicUrl).toString(),
    }),
  });
}

/** Tells the student that a second payment for a course they own was given back. */
export async function sendSecondPaymentRefunded(deps: PurchaseDeps, payment: Payment, owned: Enrollment): Promise<void> {
  const language = await accountLanguage(deps.db, owned.studentId);
  await deps.mailer.send({
    to: owned.email,
    ...mailText(language, 'secondPaymentRefunded', { course: owned.courseName, amount: formatMoney(payment.amountCents, payment.currency, language) }),
  });
}
