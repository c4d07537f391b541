import type { ProviderDefinition } from '../provider-definition';
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
  capabilities: ['cardConfirmation', 'checkoutSession', 'notifications', 'refunds'],
  notificationAliases: [{ path: '/webhooks/stripe', summary: "Stripe's event notifications, as /hooks/payments/stripe" }],
  imitationName: 'test',
  create: ({ env }) =>
    env.stripeSecretKey ? { provider: new StripeProvider({ secretKey: env.stripeSecretKey, webhookSecret: env.stripeWebhookSecret! }) } : null,
};
