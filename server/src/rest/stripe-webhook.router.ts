import express, { Router } from 'express';
import { handleProviderEvent } from '../modules/payment/provider-events.service';
import type { PurchaseDeps } from '../modules/payment/payment-deps';
import { InvalidWebhookSignature } from '../payments/provider';
import { PAYMENTS_OFF } from '../modules/payment/payment-deps';
import { AppError, notFound } from '../shared/errors';

/**
 * POST /webhooks/stripe: signature-verified provider events. An event only says which payment to
 * look at; what the provider's own record says is what gets written, once, however often it arrives.
 */
export function stripeWebhookRouter(deps: PurchaseDeps): Router {
  const router = Router();
  router.post('/webhooks/stripe', express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {
    // The provider that sends webhooks (Stripe, or its offline test mode) is the one that signed this.
    const provider = deps.providers.with('webhooks');
    if (!provider)
      throw deps.providers.none
        ? new AppError('PAYMENTS_OFF', PAYMENTS_OFF)
        : notFound('No payment provider here sends webhooks', 'PAYMENT_PROVIDER_NOT_FOUND');
    let event;
    try {
      event = provider.verifyWebhook(req.body as Buffer, req.get('stripe-signature'));
    } catch (error) {
      if (error instanceof InvalidWebhookSignature) {
        res.status(400).json({ message: 'Invalid webhook signature' });
        return;
      }
      throw error;
    }
    await handleProviderEvent(deps, provider, event);
    res.json({ received: true });
  });
  return router;
}
