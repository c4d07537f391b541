import Stripe from 'stripe';
import {
  cardBrandName,
  type CheckoutSessionInput,
  type ConfirmPaymentInput,
  type CreatePaymentInput,
  type GatewayRequest,
  type PaymentProvider,
  type ProviderPayment,
} from '../provider';
import { readStripeNotification } from './stripe-notifications';
import { verifyStripeSignature } from './webhook-signature';

export interface StripeConnection {
  secretKey: string;
  webhookSecret: string;
  /** Only for tests against a local endpoint; Stripe's own API otherwise. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

function toProviderPayment(intent: Stripe.PaymentIntent): ProviderPayment {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const balance = charge?.balance_transaction;
  const status: ProviderPayment['status'] =
    intent.status === 'succeeded'
      ? 'succeeded'
      : intent.status === 'requires_action'
        ? 'requires_action'
        : intent.status === 'canceled' || intent.last_payment_error
          ? 'failed'
          : intent.status === 'requires_payment_method' || intent.status === 'requires_confirmation'
            ? 'unconfirmed'
            : 'processing';
  return {
    id: intent.id,
    status,
    amountMinor: intent.amount,
    currency: intent.currency,
    clientSecret: intent.status === 'requires_action' ? intent.client_secret : null,
    failureMessage: intent.last_payment_error?.message ?? null,
    transactionRef: (typeof balance === 'string' ? balance : balance?.id) ?? charge?.id ?? null,
    metadata: intent.metadata,
    method: charge?.payment_method_details?.card
      ? { name: cardBrandName(charge.payment_method_details.card.brand ?? 'card'), last4: charge.payment_method_details.card.last4 }
      : null,
  };
}

/** Card payments through Stripe: PaymentIntents confirmed on the server, Checkout Sessions, refunds, webhooks. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly testMode: boolean;
  private readonly stripe: Stripe;

  constructor(private readonly connection: StripeConnection) {
    this.testMode = connection.secretKey.startsWith('sk_test_');
    this.stripe = new Stripe(connection.secretKey, {
      host: connection.host,
      port: connection.port,
      protocol: connection.protocol,
      telemetry: false,
      maxNetworkRetries: 2,
    });
  }

  async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountMinor,
        currency: input.currency,
        description: input.description,
        metadata: input.metadata,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toProviderPayment(intent);
  }

  async confirmPayment(id: string, input: ConfirmPaymentInput): Promise<ProviderPayment> {
    // A token (tok_...) from the old card widget becomes a card payment method on the way in.
    const method: Stripe.PaymentIntentConfirmParams = input.paymentMethod.startsWith('tok_')
      ? { payment_method_data: { type: 'card', card: { token: input.paymentMethod } } as Stripe.PaymentIntentConfirmParams.PaymentMethodData }
      : { payment_method: input.paymentMethod };
    try {
      const intent = await this.stripe.paymentIntents.confirm(
        id,
        { ...method, return_url: input.returnUrl, expand: ['latest_charge'] },
        { idempotencyKey: input.idempotencyKey },
      );
      return toProviderPayment(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        const intent = error.payment_intent;
        const failed = intent ? toProviderPayment(intent) : await this.retrievePayment(id);
        return { ...failed, status: 'failed', failureMessage: error.message };
      }
      throw error;
    }
  }

  async retrievePayment(id: string): Promise<ProviderPayment> {
    return toProviderPayment(await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
  }

  async refund(input: { paymentRef: string; amountMinor: number; idempotencyKey: string }) {
    const refund = await this.stripe.refunds.create({ payment_intent: input.paymentRef, amount: input.amountMinor }, { idempotencyKey: input.idempotencyKey });
    return { id: refund.id, amountMinor: refund.amount };
  }

  async createCheckoutSession(input: CheckoutSessionInput) {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: input.currency, unit_amount: input.amountMinor, product_data: { name: input.name } } }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      customer_email: input.customerEmail,
      metadata: input.metadata,
      payment_intent_data: { metadata: input.metadata },
    });
    return { id: session.id, url: session.url ?? input.cancelUrl };
  }

  /** Checks a webhook call's signature and reads its event (readNotification answers what it means). */
  verifyWebhook(rawBody: Buffer, signature: string | undefined) {
    return verifyStripeSignature(rawBody, signature, this.connection.webhookSecret);
  }

  readNotification(request: GatewayRequest) {
    return readStripeNotification(request, this.connection.webhookSecret);
  }
}
