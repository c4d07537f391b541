import { fromMinorUnits, toMinorUnits } from '../../shared/money';
import {
  cardBrandName,
  PAYMENT_CANCELLED_BY_BUYER,
  PAYMENT_PAGE_EXPIRED,
  paymentHookPath,
  paymentReturnPath,
  InvalidWebhookSignature,
  type CreatePaymentInput,
  type GatewayNotification,
  type GatewayRequest,
  type PaymentMethodUsed,
  type PaymentProvider,
  type ProviderPayment,
} from '../provider';
import { type SslcommerzApi, SslcommerzApiError, type SslcommerzTransaction } from './sslcommerz-api';
import { hasValidSignature } from './sslcommerz-signature';

export const SSLCOMMERZ_NOT_COMPLETED = 'The payment was not completed on the payment page';

/** Where SSLCommerz sent the buyer back and its notifications before /hooks/payments/sslcommerz (still answered). */
export const sslcommerzPaths = {
  ipn: '/payments/sslcommerz/ipn',
  back: (outcome: 'success' | 'fail' | 'cancel') => `/payments/sslcommerz/${outcome}`,
};

/** SSLCommerz's tran_id holds at most 30 characters: ours is made from our payment id, so a retry finds it again. */
export const sslcommerzTranId = (paymentId: string) => `SK${paymentId.replace(/-/g, '').slice(0, 28)}`;

const PAID = new Set(['VALID', 'VALIDATED']);
const ENDED = new Set(['FAILED', 'CANCELLED', 'EXPIRED', 'UNATTEMPTED']);

/** Amounts travel as decimal text ("1200.00"); we keep poisha. */
const toPoisha = (amount: string | undefined) => toMinorUnits(Number(amount ?? 'NaN'));

function paid(transaction: SslcommerzTransaction, tranId: string): ProviderPayment {
  return {
    id: tranId,
    status: transaction.risk_level === '1' ? 'held' : 'succeeded',
    amountMinor: toPoisha(transaction.amount),
    currency: (transaction.currency_type ?? transaction.currency ?? '').toLowerCase(),
    clientSecret: null,
    failureMessage: null,
    transactionRef: transaction.bank_tran_id ?? transaction.val_id ?? null,
    metadata: { valId: transaction.val_id ?? '', cardType: transaction.card_type ?? '', riskTitle: transaction.risk_title ?? '' },
    method: sslcommerzMethod(transaction.card_type),
  };
}

const WALLETS: Record<string, string> = { BKASH: 'bKash', NAGAD: 'Nagad', DBBLMOBILEB: 'Rocket', UPAY: 'Upay', TAP: 'Tap', OKWALLET: 'OK Wallet' };

/**
 * How the buyer paid, from the validation answer's card_type ("BKASH-BKash", "NAGAD-Nagad",
 * "DBBLMOBILEB-Dbbl Mobile Banking" for Rocket, "VISA-Dutch Bangla", "MASTER-City Bank"): the
 * wallet's name, or the card network's; another channel (internet banking) by the name it gives.
 */
export function sslcommerzMethod(cardType: string | undefined): PaymentMethodUsed | null {
  const [code, ...rest] = (cardType ?? '').trim().split('-');
  if (!code) return null;
  const key = code.toUpperCase();
  if (WALLETS[key]) return { name: WALLETS[key] };
  if (['VISA', 'MASTER', 'MASTERCARD', 'AMEX', 'UNIONPAY'].includes(key)) return { name: cardBrandName(key === 'MASTERCARD' ? 'master' : key) };
  return { name: rest.join('-').trim() || code };
}

/**
 * SSLCommerz (bKash, Nagad, Rocket, local cards): a session sends the buyer to the gateway page;
 * the payment counts only when the Order Validation API says VALID or VALIDATED for our tran_id.
 * Our payment id is the tran_id. The same class talks to the live gateway, SSLCommerz's sandbox,
 * or the offline imitation served by this product (testMode).
 */
export class SslcommerzProvider implements PaymentProvider {
  readonly name = 'sslcommerz' as const;

  constructor(
    private readonly api: SslcommerzApi,
    private readonly publicUrl: string,
    readonly testMode: boolean,
  ) {}

  async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
    const customer = input.customer;
    if (!input.metadata.paymentId || !customer) throw new SslcommerzApiError('SSLCommerz needs our payment id and the buyer');
    const tranId = sslcommerzTranId(input.metadata.paymentId);
    const url = (path: string) => new URL(path, this.publicUrl).toString();
    const answer = await this.api.createSession({
      total_amount: fromMinorUnits(input.amountMinor).toFixed(2),
      currency: input.currency.toUpperCase(),
      tran_id: tranId,
      success_url: url(paymentReturnPath(this.name, 'success')),
      fail_url: url(paymentReturnPath(this.name, 'fail')),
      cancel_url: url(paymentReturnPath(this.name, 'cancel')),
      ipn_url: url(paymentHookPath(this.name)),
      product_name: input.description.slice(0, 255),
      product_category: 'Online course',
      product_profile: 'non-physical-goods',
      shipping_method: 'NO',
      num_of_item: '1',
      cus_name: customer.name,
      cus_email: customer.email,
      cus_phone: customer.phone,
      cus_add1: 'Bangladesh',
      cus_city: 'Dhaka',
      cus_country: 'Bangladesh',
      value_a: input.metadata.courseId ?? '',
      value_b: input.metadata.studentId ?? '',
    });
    if (answer.status !== 'SUCCESS' || !answer.GatewayPageURL) {
      throw new SslcommerzApiError(`SSLCommerz refused the session: ${answer.failedreason ?? 'no reason given'}`);
    }
    return {
      id: tranId,
      status: 'requires_action',
      amountMinor: input.amountMinor,
      currency: input.currency,
      clientSecret: null,
      redirectUrl: answer.GatewayPageURL,
      failureMessage: null,
      transactionRef: null,
      metadata: input.metadata,
    };
  }

  /**
   * What SSLCommerz says about our tran_id. A notification's val_id is checked with the Order
   * Validation API (a forged one comes back INVALID_TRANSACTION and is ignored); otherwise the
   * transaction query finds the attempts, and a paid one is validated before it counts.
   */
  async retrievePayment(tranId: string, hint?: { notificationId?: string }): Promise<ProviderPayment> {
    if (hint?.notificationId) {
      const validated = await this.api.validate(hint.notificationId);
      if (PAID.has(validated.status) && validated.tran_id === tranId) return paid(validated, tranId);
    }
    const attempts = await this.api.queryTransaction(tranId);
    const paidAttempt = attempts.find((a) => PAID.has(a.status) && a.val_id);
    if (paidAttempt) {
      const validated = await this.api.validate(paidAttempt.val_id!);
      if (PAID.has(validated.status) && validated.tran_id === tranId) return paid(validated, tranId);
    }
    const ended = attempts.length > 0 && attempts.every((a) => ENDED.has(a.status));
    const expired = ended && attempts.every((a) => a.status === 'EXPIRED' || a.status === 'UNATTEMPTED');
    // Every attempt the buyer made was cancelled on the page (none declined): the buyer's own choice.
    const cancelled = ended && !expired && attempts.every((a) => a.status === 'CANCELLED' || a.status === 'EXPIRED' || a.status === 'UNATTEMPTED');
    return {
      id: tranId,
      status: ended ? 'failed' : 'requires_action',
      amountMinor: 0,
      currency: 'bdt',
      clientSecret: null,
      failureMessage: expired ? PAYMENT_PAGE_EXPIRED : cancelled ? PAYMENT_CANCELLED_BY_BUYER : ended ? SSLCOMMERZ_NOT_COMPLETED : null,
      transactionRef: null,
      metadata: {},
    };
  }

  /** Refunds through SSLCommerz's refund API; `idempotencyKey` is our refe_id, so a retry is the same refund. */
  async refund(input: { paymentRef: string; amountMinor: number; idempotencyKey: string }) {
    const attempts = await this.api.queryTransaction(input.paymentRef);
    const paidAttempt = attempts.find((a) => PAID.has(a.status) && a.bank_tran_id);
    if (!paidAttempt) throw new SslcommerzApiError('SSLCommerz has no paid transaction to refund');
    const answer = await this.api.refund({
      bankTranId: paidAttempt.bank_tran_id!,
      amount: fromMinorUnits(input.amountMinor).toFixed(2),
      refeId: input.idempotencyKey.slice(0, 50),
      remarks: 'Course refund',
    });
    if (answer.APIConnect !== 'DONE' || !answer.refund_ref_id || answer.status === 'failed') {
      throw new SslcommerzApiError(`SSLCommerz refused the refund: ${answer.errorReason ?? answer.status ?? answer.APIConnect}`);
    }
    return { id: answer.refund_ref_id, amountMinor: input.amountMinor };
  }

  /** Where a refund stands: processing until SSLCommerz says refunded (or cancelled). */
  async refundStatus(refundRef: string): Promise<'processing' | 'refunded' | 'cancelled'> {
    const answer = await this.api.refundStatus(refundRef);
    if (answer.status === 'refunded') return 'refunded';
    if (answer.status === 'cancelled') return 'cancelled';
    return 'processing';
  }

  /**
   * The IPN (server to server) and the buyer's return from the page (a form POST from the gateway):
   * both signed with the store password, both only saying which payment to look at; the Order
   * Validation API decides (retrievePayment).
   */
  readNotification(request: GatewayRequest): GatewayNotification {
    const fields = Object.fromEntries(new URLSearchParams(request.rawBody.toString('utf8')));
    if (!fields.tran_id || !hasValidSignature(fields, this.api.credentials.storePassword)) {
      throw new InvalidWebhookSignature('This notification is not signed by SSLCommerz');
    }
    return { eventId: null, notice: { kind: 'payment', providerRef: fields.tran_id, notificationId: fields.val_id || null } };
  }
}
