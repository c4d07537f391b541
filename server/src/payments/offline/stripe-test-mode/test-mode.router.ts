import { Router } from 'express';
import type { ProviderRouteContext } from '../../provider-definition';
import { badInput } from '../../../shared/errors';
import { CardError, tokenizeTestCard } from './test-cards';
import type { TestModeProvider } from './test-mode.provider';

/** A typed card field as text: digits may arrive as a string or a number; anything else is no answer. */
const cardText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * What Stripe.js and Stripe's hosted 3-D Secure page do, for the offline test mode:
 * turning a typed test card into a payment method, and answering an authentication challenge.
 */
export function testModeRouter(provider: TestModeProvider, context: ProviderRouteContext): Router {
  const router = Router();

  router.post('/test-mode/payment-methods', (req, res) => {
    const body = (req.body ?? {}) as { number?: unknown; expMonth?: unknown; expYear?: unknown; cvc?: unknown };
    try {
      res.json(
        tokenizeTestCard({
          number: cardText(body.number),
          expMonth: Number(body.expMonth),
          expYear: Number(body.expYear),
          cvc: cardText(body.cvc),
        }),
      );
    } catch (error) {
      if (error instanceof CardError) {
        res.status(402).json({ error: { code: error.code, message: error.message } });
        return;
      }
      throw error;
    }
  });

  router.post('/test-mode/payments/:id/authenticate', async (req, res) => {
    const body = (req.body ?? {}) as { clientSecret?: unknown; approve?: unknown };
    if (typeof body.clientSecret !== 'string' || typeof body.approve !== 'boolean') {
      throw badInput('clientSecret and approve are required');
    }
    let result;
    try {
      result = await provider.authenticate(String(req.params.id), body.clientSecret, body.approve);
    } catch {
      throw badInput('This payment does not wait for authentication');
    }
    // Stripe would now send a webhook; the offline provider tells the product straight away.
    await context.notify({ kind: 'payment', providerRef: result.id });
    res.json({ status: result.status });
  });

  return router;
}
