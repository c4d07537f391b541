import type { ProviderDefinition } from '../provider-definition';
import { SslcommerzApi } from './sslcommerz-api';
import { sslcommerzPaths, SslcommerzProvider } from './sslcommerz.provider';

const outcomes = ['success', 'fail', 'cancel'] as const;

/**
 * bKash, Nagad, Rocket and local cards, charged in taka on SSLCommerz's page, with the store's
 * credentials (the live gateway, or SSLCommerz's sandbox host unless SSLCOMMERZ_LIVE=true).
 */
export const sslcommerz: ProviderDefinition = {
  name: 'sslcommerz',
  label: 'SSLCommerz',
  way: 'SSLCOMMERZ',
  wayDescription: 'SSLCommerz: bKash, Nagad, Rocket and local cards, charged in taka on its payment page',
  currency: 'bdt',
  labels: { en: 'bKash / Nagad / Rocket / card (SSLCommerz)', bn: 'বিকাশ / নগদ / রকেট / কার্ড (SSLCommerz)' },
  methods: ['bKash', 'Nagad', 'Rocket', 'Card'],
  capabilities: ['hostedPaymentPage', 'notifications', 'refunds', 'refundStatus'],
  notificationAliases: [
    { path: sslcommerzPaths.ipn, summary: "SSLCommerz's instant payment notification (server to server), as /hooks/payments/sslcommerz" },
    ...outcomes.map((outcome) => ({
      path: sslcommerzPaths.back(outcome),
      buyerReturn: outcome,
      summary: `The buyer's return from SSLCommerz's page (${outcome}), as /hooks/payments/sslcommerz/return/${outcome}`,
    })),
  ],
  create: ({ env }) => {
    if (!env.sslcommerzStoreId || !env.sslcommerzStorePassword) return null;
    const credentials = { storeId: env.sslcommerzStoreId, storePassword: env.sslcommerzStorePassword };
    const host = env.sslcommerzLive ? 'https://securepay.sslcommerz.com' : 'https://sandbox.sslcommerz.com';
    return { provider: new SslcommerzProvider(new SslcommerzApi(() => host, credentials), env.publicUrl, !env.sslcommerzLive) };
  },
};
