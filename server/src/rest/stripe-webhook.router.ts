import express, { Router } from 'express';
import { handleProviderEvent } from '../modules/payment/provider-events.service';
import type { PurchaseDeps } from '../modules/payment/payment-deps';
import { InvalidWebhookSignature } from '../payments/provider';

/**
 * POST /webhooks/stripe: signature-verified provider events. An event only says which payment to
 * look at; what the provider's own record says is what gets written, once, however often it arrives.
 */
export function stripeWebhookRouter(deps: PurchaseDeps): Router {
  const router = Router();
  router.post('/webhooks/stripe', express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {
    let event;
    try {
      event = deps.provider.verifyWebhook(req.body as Buffer, req.get('stripe-signature'));
    } catch (error) {
      if (error instanceof InvalidWebhookSignature) {
        res.status(400).json({ message: 'Invalid webhook signature' });
        return;
      }
      throw error;
    }
    await handleProviderEvent(deps, event);
    res.json({ received: true });
  });
  return router;
}
