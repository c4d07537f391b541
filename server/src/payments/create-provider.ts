import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Env } from '../config/env';
import type { PaymentProvider } from './provider';
import { PaymentsOffProvider } from './payments-off.provider';
import { StripeProvider } from './stripe.provider';
import { TestModeProvider } from './test-mode.provider';

/** PAYMENTS=off: none; Stripe when STRIPE_SECRET_KEY is set; otherwise the offline test mode (never in production: env.ts refuses). */
export function createPaymentProvider(env: Env, db: DataSource, jwtSecret: string): PaymentProvider {
  if (env.paymentsOff) return new PaymentsOffProvider();
  if (env.stripeSecretKey) {
    return new StripeProvider({ secretKey: env.stripeSecretKey, webhookSecret: env.stripeWebhookSecret! });
  }
  // Offline webhooks are signed with a secret of this installation's own.
  const webhookSecret = env.stripeWebhookSecret ?? `whsec_${crypto.createHash('sha256').update(`test-mode:${jwtSecret}`).digest('hex')}`;
  return new TestModeProvider(db, webhookSecret, env.publicUrl);
}
