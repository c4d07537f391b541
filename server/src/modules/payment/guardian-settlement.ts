import type { EntityManager } from 'typeorm';
import { formatMoney } from '../../shared/money';
import { phoneOfAddress } from '../../shared/phone';
import { text } from '../../i18n/translate';
import type { Enrollment } from '../enrollment/enrollment.entity';
import { mailDate } from '../mail/mail-text';
import { GuardianPaymentRequest } from './guardian-payment.entity';
import type { PurchaseDeps } from './payment-deps';
import type { Payment } from './payment.entity';

// What settlement does for a payment a guardian made (guardian-payment.service.ts starts them).

/** In the transaction that gives the student the course: the request is paid, its link done. */
export async function markGuardianRequestPaid(manager: EntityManager, payment: Payment): Promise<void> {
  if (!payment.guardianRequestId) return;
  await manager.getRepository(GuardianPaymentRequest).update({ id: payment.guardianRequestId }, { paymentId: payment.id, paidAt: new Date() });
}

/** The guardian's receipt, by SMS in Bangla: the course, the amount, the transaction and the day. */
export async function sendGuardianReceipt(deps: PurchaseDeps, payment: Payment, enrollment: Enrollment): Promise<void> {
  if (!payment.guardianRequestId) return;
  const request = await deps.db.getRepository(GuardianPaymentRequest).findOneBy({ id: payment.guardianRequestId });
  if (!request || phoneOfAddress(enrollment.email) === request.guardianPhone) return;
  await deps.mailer.sendSms(
    request.guardianPhone,
    text('bn', 'sms.guardianReceipt', {
      course: enrollment.courseName,
      amount: formatMoney(payment.amountMinor, payment.currency, 'bn'),
      transaction: payment.transactionRef ?? payment.id,
      date: mailDate('bn', enrollment.createdAt),
    }),
  );
}
