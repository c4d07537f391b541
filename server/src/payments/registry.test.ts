import type { DataSource } from 'typeorm';
import { loadEnv } from '../config/env';
import { AppError } from '../shared/errors';
import type { PaymentCapability, PaymentProvider, ProviderPayment } from './provider';
import { PAYMENT_PROVIDERS, wayToPay } from './registry';
import { PaymentProviders } from './payment-providers';
import type { ProviderDefinition } from './provider-definition';

const answer: ProviderPayment = {
  id: 'p1',
  status: 'requires_action',
  amountMinor: 100,
  currency: 'bdt',
  clientSecret: null,
  failureMessage: null,
  transactionRef: null,
  metadata: {},
};

/** A third way to pay, as a direct bKash integration would be: a hosted page, refunds. */
const bkash: ProviderDefinition = {
  name: 'bkash',
  label: 'bKash',
  way: 'BKASH',
  wayDescription: 'bKash: the wallet, charged in taka on its own page',
  currency: 'bdt',
  labels: { en: 'bKash', bn: 'বিকাশ' },
  methods: ['bKash'],
  capabilities: ['hostedPaymentPage', 'refunds'],
  create: () => ({ provider: bkashProvider() }),
};

function bkashProvider(methods: Partial<PaymentProvider> = {}): PaymentProvider {
  return {
    name: 'bkash',
    testMode: true,
    createPayment: () => Promise.resolve({ ...answer, redirectUrl: 'https://pay.example/checkout' }),
    retrievePayment: () => Promise.resolve(answer),
    refund: (input) => Promise.resolve({ id: 'r1', amountMinor: input.amountMinor }),
    ...methods,
  };
}

const registryWith = (provider: PaymentProvider, definition = bkash) => new PaymentProviders([{ provider, definition }]);

describe('the payment provider registry', () => {
  it('finds a provider by the capability it declares, and only by that', () => {
    const providers = registryWith(bkashProvider());
    expect(providers.with('hostedPaymentPage')?.name).toBe('bkash');
    expect(providers.with('refunds')?.name).toBe('bkash');
    expect(providers.with('cardConfirmation')).toBeNull();
    expect(providers.with('notifications')).toBeNull();
    expect(providers.can('bkash', 'refunds')).toBe(true);
    expect(providers.can('bkash', 'refundStatus')).toBe(false);
    expect(providers.ways).toEqual(['BKASH']);
  });

  it('does not hand out a capability a provider has the method for but does not declare', () => {
    const refundStatus = () => Promise.resolve('refunded' as const);
    const providers = registryWith(bkashProvider({ refundStatus }));
    expect(providers.with('refundStatus')).toBeNull();
    expect(() => providers.capable('bkash', 'refundStatus')).toThrow(AppError);
  });

  it('refuses a provider that declares a capability it cannot do', () => {
    const declared: PaymentCapability[] = ['hostedPaymentPage', 'refunds', 'notifications'];
    expect(() => registryWith(bkashProvider(), { ...bkash, capabilities: declared })).toThrow(
      'The payment provider "bkash" declares notifications but has no readNotification()',
    );
    expect(() => registryWith(bkashProvider({ refund: undefined }))).toThrow('declares refunds but has no refund()');
  });

  it('refuses a name it does not know, and two providers with one name', () => {
    const providers = registryWith(bkashProvider());
    expect(providers.has('paypal')).toBe(false);
    expect(() => providers.get('paypal')).toThrow(new AppError('PAYMENT_FAILED', 'The payment provider "paypal" is not configured on this server'));
    expect(() => providers.capable('paypal', 'refunds')).toThrow(AppError);
    expect(
      () =>
        new PaymentProviders([
          { provider: bkashProvider(), definition: bkash },
          { provider: bkashProvider(), definition: bkash },
        ]),
    ).toThrow('Two payment providers are called "bkash"');
  });

  it('has no provider at all with payments off', () => {
    const providers = new PaymentProviders([]);
    expect(providers.none).toBe(true);
    expect(providers.with('cardConfirmation')).toBeNull();
    expect(() => providers.forWay(PAYMENT_PROVIDERS[0])).toThrow(AppError);
  });

  it('builds each real provider with its credentials, and each honours what its definition declares', () => {
    const env = loadEnv({
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: 'sk_live_-not-a-real-key',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_-not-a-real-key',
      STRIPE_WEBHOOK_SECRET: 'whsec_not_real',
      SSLCOMMERZ_STORE_ID: 'store',
      SSLCOMMERZ_STORE_PASSWORD: 'password',
      SSLCOMMERZ_LIVE: 'true',
    });
    const context = { env, db: {} as DataSource, jwtSecret: 'x'.repeat(32), selfUrl: () => 'http://127.0.0.1' };
    const entries = PAYMENT_PROVIDERS.map((definition) => ({ ...definition.create(context)!, definition }));
    const providers = new PaymentProviders(entries);
    expect(providers.entries.map(({ provider }) => provider.name)).toEqual(['sslcommerz', 'stripe']);
    expect(providers.with('cardConfirmation')?.name).toBe('stripe');
    expect(providers.with('hostedPaymentPage')?.name).toBe('sslcommerz');
    expect(providers.with('refundStatus')?.name).toBe('sslcommerz');
    expect(providers.ways).toEqual(['SSLCOMMERZ', 'STRIPE']);
    // Without credentials a real provider is not there (an offline imitation may stand in, outside production).
    expect(PAYMENT_PROVIDERS.map((definition) => definition.create({ ...context, env: loadEnv({ NODE_ENV: 'test' }) }))).toEqual([null, null]);
  });

  it('takes the way to pay a buyer picks, cards when none is picked', () => {
    expect(wayToPay('SSLCOMMERZ')?.name).toBe('sslcommerz');
    expect(wayToPay(null)?.name).toBe('stripe');
    expect(wayToPay('PAYPAL')).toBeUndefined();
  });
});
