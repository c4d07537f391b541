import type { DataSource } from 'typeorm';
import type { Viewer } from '../../kernel/viewer';
import type { Language } from '../../i18n/languages';
import { text } from '../../i18n/translate';
import { notFound } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { isUuid } from '../../shared/validation';
import { isAdmin } from '../auth/guards';
import { Course } from '../course/course.entity';
import { mailDate } from '../mail/mail-text';
import { User } from '../user/user.entity';
import { Payment, PaymentStatus } from './payment.entity';
import { methodLabel } from './payment-method';
import { PAYMENT_NOT_FOUND } from './purchase-outcome';
import { receiptPath } from './receipt-paths';

/** A payment has a receipt once it was paid: paid, or paid and then refunded (a held or failed one has none). */
export const hasReceipt = (status: PaymentStatus): boolean => status === PaymentStatus.SUCCEEDED || status === PaymentStatus.REFUNDED;

/** The receipt's address, or null for a payment without one. */
export function receiptUrlOf(payment: { id: string; status: PaymentStatus }, publicUrl: string): string | null {
  return hasReceipt(payment.status) ? new URL(receiptPath(payment.id), publicUrl).toString() : null;
}

/** Everything a receipt shows, already written in its language (Bangla digits in Bangla). */
export interface ReceiptFacts {
  paymentId: string;
  language: Language;
  /** The bundle's name, for a bundle's payment. */
  bundle: string | null;
  /** The course, or every course a bundle's payment bought. */
  courses: string[];
  student: string;
  amount: string;
  /** The coupon that lowered the price and what it took off, when one did. */
  coupon: string | null;
  method: string;
  transaction: string;
  date: string;
  status: string;
}

/**
 * A payment's receipt, for its buyer and admins only: anyone else (and any payment without a receipt)
 * gets "not found", the same answer as for an id that does not exist, so nothing is learnt of others'
 * payments. Written in the buyer's language unless `language` asks for the other.
 */
export async function findReceipt(db: DataSource, viewer: Viewer | null, paymentId: string, language?: Language): Promise<ReceiptFacts> {
  const missing = () => notFound(PAYMENT_NOT_FOUND, 'PAYMENT_NOT_FOUND');
  if (!viewer || !isUuid(paymentId)) throw missing();
  const payment = await db.getRepository(Payment).findOneBy({ id: paymentId });
  if (!payment || (payment.studentId !== viewer.id && !isAdmin(viewer)) || !hasReceipt(payment.status)) throw missing();
  const [buyer, course] = await Promise.all([
    db.getRepository(User).findOne({ where: { id: payment.studentId }, select: { id: true, name: true, language: true }, withDeleted: true }),
    db.getRepository(Course).findOne({ where: { id: payment.courseId }, select: { id: true, name: true } }),
  ]);
  const lang = language ?? buyer?.language ?? 'en';
  const [coupon] = await db.query<Array<{ code: string; discountMinor: number; currency: string }>>(
    `SELECT c.code, r."discountCents" AS "discountMinor", r.currency FROM coupon_redemption r JOIN coupon c ON c.id = r."couponId" WHERE r."paymentId" = $1`,
    [payment.id],
  );
  const refunded = payment.status === PaymentStatus.REFUNDED;
  return {
    paymentId: payment.id,
    language: lang,
    bundle: payment.bundle?.name ?? null,
    courses: payment.bundle ? payment.bundle.courses.map((line) => line.name) : [course?.name ?? ''],
    student: buyer?.name ?? '',
    amount: formatMoney(payment.amountMinor, payment.currency, lang),
    coupon: coupon ? text(lang, 'receipt.couponSaving', { code: coupon.code, amount: formatMoney(coupon.discountMinor, coupon.currency, lang) }) : null,
    method: methodLabel(payment.method, payment.methodLast4) ?? text(lang, 'payment.methodUnknown'),
    transaction: payment.transactionRef ?? payment.id,
    date: mailDate(lang, payment.createdAt),
    status: refunded
      ? text(lang, 'receipt.statusRefunded', { amount: formatMoney(payment.refundedMinor, payment.currency, lang) })
      : text(lang, 'receipt.statusPaid'),
  };
}
