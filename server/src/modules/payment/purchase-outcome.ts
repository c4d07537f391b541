import type { ProviderPayment } from '../../payments/provider';
import { PAYMENT_PAGE_EXPIRED } from '../../payments/provider';
import type { Enrollment } from '../enrollment/enrollment.entity';
import { type Payment, PaymentStatus } from './payment.entity';

/** What a purchase answers the buyer, whatever settled it: the status, the messages, and the one rule that maps a payment to them. */

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
