import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvalidWebhookSignature } from '../provider';
import { StripeProvider } from './stripe.provider';
import { signWebhookPayload } from './webhook-signature';

interface Recorded {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

/** A local HTTP endpoint standing in for Stripe's API: records each request, answers as Stripe would. */
function fakeStripe(answer: (req: Recorded) => { status: number; body: unknown }) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const recorded: Recorded = {
        method: req.method!,
        path: req.url!,
        body: new URLSearchParams(raw),
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        authorization: req.headers.authorization,
      };
      requests.push(recorded);
      const { status, body } = answer(recorded);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      res.end(JSON.stringify(body));
    });
  });
  return {
    requests,
    start: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const intent = (overrides: Record<string, unknown> = {}) => ({
  id: 'pi_123',
  object: 'payment_intent',
  amount: 1550,
  currency: 'usd',
  status: 'requires_payment_method',
  client_secret: 'pi_123_secret_abc',
  metadata: { paymentId: 'p1' },
  last_payment_error: null,
  latest_charge: null,
  ...overrides,
});

describe('the Stripe provider', () => {
  let stripe: ReturnType<typeof fakeStripe>;
  let provider: StripeProvider;

  async function start(answer: (req: Recorded) => { status: number; body: unknown }) {
    stripe = fakeStripe(answer);
    const port = await stripe.start();
    provider = new StripeProvider({ secretKey: 'sk_test_local', webhookSecret: 'whsec_local', host: '127.0.0.1', port, protocol: 'http' });
  }
  afterEach(() => stripe.stop());

  it('creates a PaymentIntent for the amount in cents with our metadata and idempotency key', async () => {
    await start(() => ({ status: 200, body: intent() }));
    const created = await provider.createPayment({
      amountMinor: 1550,
      currency: 'usd',
      description: 'Class 9 Physics',
      metadata: { paymentId: 'p1' },
      idempotencyKey: 'create-p1',
    });
    expect(created).toMatchObject({ id: 'pi_123', status: 'unconfirmed', amountMinor: 1550 });
    const [request] = stripe.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/payment_intents');
    expect(request.authorization).toBe('Bearer sk_test_local');
    expect(request.idempotencyKey).toBe('create-p1');
    expect(request.body.get('amount')).toBe('1550');
    expect(request.body.get('currency')).toBe('usd');
    expect(request.body.get('metadata[paymentId]')).toBe('p1');
    expect(request.body.get('automatic_payment_methods[allow_redirects]')).toBe('never');
  });

  it('confirms with a payment method and reads the balance transaction of the charge', async () => {
    await start(() => ({
      status: 200,
      body: intent({ status: 'succeeded', latest_charge: { id: 'ch_1', object: 'charge', balance_transaction: 'txn_1' } }),
    }));
    const confirmed = await provider.confirmPayment('pi_123', {
      paymentMethod: 'pm_card_visa',
      returnUrl: 'http://shikhon.local/enroll/c1',
      idempotencyKey: 'confirm-p1',
    });
    expect(confirmed).toMatchObject({ status: 'succeeded', transactionRef: 'txn_1' });
    const [request] = stripe.requests;
    expect(request.path).toBe('/v1/payment_intents/pi_123/confirm');
    expect(request.body.get('payment_method')).toBe('pm_card_visa');
    expect(request.body.get('expand[0]')).toBe('latest_charge');
    expect(request.idempotencyKey).toBe('confirm-p1');
  });

  it('sends an old-style token as card payment method data', async () => {
    await start(() => ({ status: 200, body: intent({ status: 'succeeded' }) }));
    await provider.confirmPayment('pi_123', { paymentMethod: 'tok_visa', returnUrl: 'http://x', idempotencyKey: 'k' });
    expect(stripe.requests[0].body.get('payment_method_data[card][token]')).toBe('tok_visa');
    expect(stripe.requests[0].body.get('payment_method_data[type]')).toBe('card');
  });

  it("turns a card error into a failed payment with Stripe's message", async () => {
    await start(() => ({
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
          payment_intent: intent({ last_payment_error: { message: 'Your card has insufficient funds.' } }),
        },
      },
    }));
    const result = await provider.confirmPayment('pi_123', {
      paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds',
      returnUrl: 'http://x',
      idempotencyKey: 'k',
    });
    expect(result).toMatchObject({ status: 'failed', failureMessage: 'Your card has insufficient funds.' });
  });

  it('hands the client secret back when 3-D Secure is required', async () => {
    await start(() => ({ status: 200, body: intent({ status: 'requires_action' }) }));
    const result = await provider.confirmPayment('pi_123', { paymentMethod: 'pm_card_authenticationRequired', returnUrl: 'http://x', idempotencyKey: 'k' });
    expect(result).toMatchObject({ status: 'requires_action', clientSecret: 'pi_123_secret_abc' });
  });

  it('refunds part of a payment with an idempotency key', async () => {
    await start(() => ({ status: 200, body: { id: 're_1', object: 'refund', amount: 1240 } }));
    expect(await provider.refund({ paymentRef: 'pi_123', amountMinor: 1240, idempotencyKey: 'refund-e1' })).toEqual({ id: 're_1', amountMinor: 1240 });
    expect(stripe.requests[0].path).toBe('/v1/refunds');
    expect(stripe.requests[0].body.get('payment_intent')).toBe('pi_123');
    expect(stripe.requests[0].body.get('amount')).toBe('1240');
  });

  it('creates a Checkout Session priced in cents that returns to the course page', async () => {
    await start(() => ({ status: 200, body: { id: 'cs_1', object: 'checkout.session', url: 'https://checkout.example/cs_1' } }));
    const session = await provider.createCheckoutSession({
      name: 'Class 9 Physics',
      amountMinor: 1550,
      currency: 'usd',
      customerEmail: 'a@b.c',
      metadata: { paymentId: 'p1' },
      successUrl: 'http://shikhon.local/course/c1?success=true',
      cancelUrl: 'http://shikhon.local/course/c1?canceled=true',
    });
    expect(session).toEqual({ id: 'cs_1', url: 'https://checkout.example/cs_1' });
    const body = stripe.requests[0].body;
    expect(body.get('line_items[0][price_data][unit_amount]')).toBe('1550');
    expect(body.get('success_url')).toBe('http://shikhon.local/course/c1?success=true');
    expect(body.get('payment_intent_data[metadata][paymentId]')).toBe('p1');
  });

  it('accepts webhooks signed with the webhook secret and refuses others', async () => {
    await start(() => ({ status: 200, body: {} }));
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: intent({ status: 'succeeded' }) } });
    const event = provider.verifyWebhook(Buffer.from(payload), signWebhookPayload(payload, 'whsec_local'));
    expect(event).toMatchObject({ id: 'evt_1', type: 'payment_intent.succeeded', paymentRef: 'pi_123', objectId: 'pi_123', metadata: { paymentId: 'p1' } });
    expect(() => provider.verifyWebhook(Buffer.from(payload), signWebhookPayload(payload, 'whsec_other'))).toThrow(InvalidWebhookSignature);
    expect(() => provider.verifyWebhook(Buffer.from(payload), undefined)).toThrow(InvalidWebhookSignature);
  });
});
