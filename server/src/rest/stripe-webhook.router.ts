import express, { Router } from 'express';
import { handleProviderEvent } from '../modules/payment/provider-events.service';
import type { PurchaseDeps } from '../modules/payment/payment-deps';
import { InvalidWebhookSignature } from '../payments/provider';
import { PAYMENTS_OFF } from '../modules/payment/payment-deps';
import { AppError, notFound } from '../shared/errors';
import { documented, error, json, type RouteDocs } from '../shared/route-docs';

/** The description of the path below, for GET /openapi.json (http/openapi.ts). */
const STRIPE_WEBHOOK_API: RouteDocs = {
  'POST /webhooks/stripe': {
    tag: 'Payment providers',
    access: 'provider',
    summary: "Stripe's event notifications, checked by their Stripe-Signature header",
    description:
      "For Stripe alone (configure it as the webhook endpoint in Stripe's dashboard). An event only says which payment to look at; Stripe's own record is what is written.",
    body: {
      description: "Stripe's event, as it sent it (the signature covers the exact bytes)",
      required: true,
      content: { 'application/json': { type: 'object' } },
    },
    responses: {
      200: json('Received', { type: 'object', required: ['received'], properties: { received: { const: true } } }),
      400: error('The signature does not verify'),
      404: error('No payment provider here sends webhooks'),
    },
  },
};

/**
 * POST /webhooks/stripe: signature-verified provider events. An event only says which payment to
 * look at; what the provider's own record says is what gets written, once, however often it arrives.
 */
export function stripeWebhookRouter(deps: PurchaseDeps): Router {
  const router = documented(Router(), STRIPE_WEBHOOK_API);
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
