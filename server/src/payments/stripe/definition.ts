import type { ProviderDefinition } from '../../modules/payment/payment-deps';
import { StripeProvider } from './stripe.provider';

/** International cards, charged in dollars, with STRIPE_SECRET_KEY (outside production, without it, the offline test mode stands in). */
export const stripe: ProviderDefinition = {
  name: 'stripe',
  label: 'Stripe',
  way: 'STRIPE',
  wayDescription: 'Stripe: international cards, charged in US dollars',
  currency: 'usd',
  labels: { en: 'International card (Stripe)', bn: 'আন্তর্জাতিক কার্ড (Stripe)' },
  methods: ['Visa', 'Mastercard', 'American Express'],
  capabilities: ['cardConfirmation', 'checkoutSession', 'webhooks', 'refunds'],
  imitationName: 'test',
  create: ({ env }) =>
    env.stripeSecretKey ? { provider: new StripeProvider({ secretKey: env.stripeSecretKey, webhookSecret: env.stripeWebhookSecret! }) } : null,
};
