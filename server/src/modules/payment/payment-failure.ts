import { PAYMENT_CANCELLED_BY_BUYER, PAYMENT_GATEWAY_ERROR, PAYMENT_PAGE_EXPIRED } from '../../payments/provider';
import { PaymentStatus } from './payment.entity';
import { CHECKOUT_EXPIRED } from './provider-events.service';
import { AMOUNT_MISMATCH } from './purchase-outcome';

/** Why a payment failed, in a word a list can show in any language. */
export enum PaymentFailureReason {
  /** The bank, the wallet or the card network said no (or the buyer failed on the payment page). */
  DECLINED = 'DECLINED',
  /** The buyer cancelled on the payment page. */
  CANCELLED = 'CANCELLED',
  /** The payment page or checkout ran out of time before anything was paid. */
  EXPIRED = 'EXPIRED',
  /** The payment service could not be reached or answered something we could not take; nothing was granted. */
  GATEWAY_ERROR = 'GATEWAY_ERROR',
}

const EXPIRED = new Set([PAYMENT_PAGE_EXPIRED, CHECKOUT_EXPIRED]);
const GATEWAY = new Set([PAYMENT_GATEWAY_ERROR, AMOUNT_MISMATCH]);

/** The reason of a failed payment, from the message stored with it; null unless it failed. */
export function failureReasonOf(status: PaymentStatus, failureMessage: string | null): PaymentFailureReason | null {
  if (status !== PaymentStatus.FAILED) return null;
  if (failureMessage && EXPIRED.has(failureMessage)) return PaymentFailureReason.EXPIRED;
  if (failureMessage === PAYMENT_CANCELLED_BY_BUYER) return PaymentFailureReason.CANCELLED;
  if (failureMessage && GATEWAY.has(failureMessage)) return PaymentFailureReason.GATEWAY_ERROR;
  return PaymentFailureReason.DECLINED;
}
