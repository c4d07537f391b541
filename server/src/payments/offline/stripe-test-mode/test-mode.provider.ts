import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { CheckoutSessionInput, ConfirmPaymentInput, CreatePaymentInput, GatewayRequest, PaymentProvider, ProviderPayment } from '../../provider';
import { AUTHENTICATION_FAILED, testCardUsed, testPaymentMethods } from './test-cards';
import { TestModePayment } from './test-mode-payment.entity';
import { readStripeNotification } from '../../stripe/stripe-notifications';

const randomId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(12).toString('hex')}`;

function toProviderPayment(row: TestModePayment): ProviderPayment {
  return {
    id: row.id,
    status: row.status === 'requires_payment_method' ? 'unconfirmed' : (row.status as ProviderPayment['status']),
    amountMinor: row.amountMinor,
    currency: row.currency,
    clientSecret: row.status === 'requires_action' ? row.clientSecret : null,
    failureMessage: row.failureMessage,
    transactionRef: row.transactionRef,
    metadata: row.metadata,
    method: row.status === 'succeeded' ? testCardUsed(row.paymentMethod) : null,
  };
}

const sameMetadata = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key] === value);

export const IDEMPOTENCY_ERROR = 'idempotency_error: Keys for idempotent requests can only be used with the same parameters they were first used with.';

export const UNKNOWN_PAYMENT_METHOD = 'No such PaymentMethod. Use a test card, token or payment method in test mode.';

/**
 * The offline provider used when no Stripe key is set: it behaves like Stripe in test mode for
 * Stripe's documented test cards (success, declines, 3-D Secure), keeps its payments in its own
 * table, honours idempotency keys, refunds, and signs webhooks like Stripe.
 */
export class TestModeProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly testMode = true;

  constructor(
    private readonly db: DataSource,
    private readonly webhookSecret: string,
    private readonly publicUrl: string,
  ) {}

  private get payments() {
    return this.db.getRepository(TestModePayment);
  }

  async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
    const existing = await this.payments.findOneBy({ createKey: input.idempotencyKey });
    if (existing) {
      // As Stripe: a key stands for one request; the same key with other parameters is refused.
      const same = existing.amountMinor === input.amountMinor && existing.currency === input.currency && sameMetadata(existing.metadata, input.metadata);
      if (!same) throw new Error(IDEMPOTENCY_ERROR);
      return toProviderPayment(existing);
    }
    const id = randomId('pi');
    await this.payments
      .createQueryBuilder()
      .insert()
      .values({
        id,
        amountMinor: input.amountMinor,
        currency: input.currency,
        status: 'requires_payment_method',
        clientSecret: `${id}_secret_${crypto.randomBytes(8).toString('hex')}`,
        metadata: input.metadata,
        createKey: input.idempotencyKey,
      })
      .orIgnore()
      .execute();
    return toProviderPayment(await this.payments.findOneByOrFail({ createKey: input.idempotencyKey }));
  }

  async confirmPayment(id: string, input: ConfirmPaymentInput): Promise<ProviderPayment> {
    return this.db.transaction(async (manager) => {
      const payments = manager.getRepository(TestModePayment);
      const row = await payments.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new Error(`No such payment_intent: '${id}'`);
      if (row.confirmKey === input.idempotencyKey || row.status === 'succeeded') return toProviderPayment(row);
      const outcome = testPaymentMethods[input.paymentMethod];
      const changes: Partial<TestModePayment> = { confirmKey: input.idempotencyKey, paymentMethod: input.paymentMethod };
      if (!outcome) Object.assign(changes, { status: 'failed', failureMessage: UNKNOWN_PAYMENT_METHOD });
      else if (outcome.kind === 'succeed') Object.assign(changes, { status: 'succeeded', failureMessage: null, transactionRef: randomId('txn') });
      else if (outcome.kind === 'decline') Object.assign(changes, { status: 'failed', failureMessage: outcome.message });
      else Object.assign(changes, { status: 'requires_action', failureMessage: null });
      await payments.update(id, changes);
      return toProviderPayment({ ...row, ...changes });
    });
  }

  /** The browser's answer to the 3-D Secure challenge of the test mode. */
  async authenticate(id: string, clientSecret: string, approve: boolean): Promise<ProviderPayment> {
    const row = await this.payments.findOneBy({ id });
    if (!row || row.clientSecret !== clientSecret || row.status !== 'requires_action') {
      throw new Error('This payment does not wait for authentication');
    }
    const changes = approve
      ? { status: 'succeeded', transactionRef: randomId('txn'), failureMessage: null }
      : { status: 'failed', failureMessage: AUTHENTICATION_FAILED };
    await this.payments.update(id, changes);
    return toProviderPayment({ ...row, ...changes });
  }

  async retrievePayment(id: string): Promise<ProviderPayment> {
    const row = await this.payments.findOneBy({ id });
    if (!row) throw new Error(`No such payment_intent: '${id}'`);
    return toProviderPayment(row);
  }

  async refund(input: { paymentRef: string; amountMinor: number; idempotencyKey: string }) {
    return this.db.transaction(async (manager) => {
      const row = await manager.getRepository(TestModePayment).findOne({ where: { id: input.paymentRef }, lock: { mode: 'pessimistic_write' } });
      if (!row || row.status !== 'succeeded') throw new Error('This payment cannot be refunded');
      const earlier = row.refundsByKey[input.idempotencyKey];
      if (earlier) return { id: earlier.id, amountMinor: earlier.amountCents };
      if (row.refundedMinor + input.amountMinor > row.amountMinor) throw new Error('Refund is greater than the unrefunded amount');
      const refund = { id: randomId('re'), amountMinor: input.amountMinor };
      const refundsByKey = { ...row.refundsByKey, [input.idempotencyKey]: { id: refund.id, amountCents: refund.amountMinor } };
      await manager.getRepository(TestModePayment).update(row.id, { refundedMinor: row.refundedMinor + input.amountMinor, refundsByKey });
      return refund;
    });
  }

  createCheckoutSession(input: CheckoutSessionInput) {
    const id = randomId('cs');
    // Offline there is no hosted page: the visitor goes to the product's own checkout for the course.
    const courseId = input.metadata.courseId;
    return Promise.resolve({ id, url: new URL(`/enroll/${courseId}`, this.publicUrl).toString() });
  }

  readNotification(request: GatewayRequest) {
    return readStripeNotification(request, this.webhookSecret);
  }
}
