import type { ProviderDefinition } from '../../modules/payment/payment-deps';
import { sslcommerzNotificationsRouter } from './notifications.router';
import { SslcommerzApi } from './sslcommerz-api';
import { SslcommerzProvider } from './sslcommerz.provider';

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
  capabilities: ['hostedPaymentPage', 'refunds', 'refundStatus'],
  create: ({ env }) => {
    if (!env.sslcommerzStoreId || !env.sslcommerzStorePassword) return null;
    const credentials = { storeId: env.sslcommerzStoreId, storePassword: env.sslcommerzStorePassword };
    const host = env.sslcommerzLive ? 'https://securepay.sslcommerz.com' : 'https://sandbox.sslcommerz.com';
    const provider = new SslcommerzProvider(new SslcommerzApi(() => host, credentials), env.publicUrl, !env.sslcommerzLive);
    return { provider, routes: (deps) => sslcommerzNotificationsRouter(deps, provider.name, credentials.storePassword, env.publicUrl) };
  },
};
