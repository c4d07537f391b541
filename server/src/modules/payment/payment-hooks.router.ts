import express, { Router, type Request, type Response } from 'express';
import { InvalidWebhookSignature, type BuyerReturn, type GatewayNotification } from '../../payments/provider';
import type { ProviderDefinition, RegisteredProvider } from '../../payments/provider-definition';
import { PAYMENT_PROVIDERS } from '../../payments/registry';
import { AppError, badInput, notFound } from '../../shared/errors';
import { documented, error, json, type RouteDoc, type RouteDocs } from '../../shared/route-docs';
import { PAYMENTS_OFF, type PurchaseDeps } from './payment-deps';
import { PaymentStatus, type Payment } from './payment.entity';
import { handleNotification } from './provider-events.service';

const OUTCOMES: readonly BuyerReturn[] = ['success', 'fail', 'cancel'];
const providerParam = { provider: { description: 'The payment provider’s name (`stripe`, `sslcommerz`)', schema: { type: 'string' } } };
const signedBody = {
  description: 'The provider’s notification as it sent it (JSON, or a form): its signature covers the exact bytes',
  required: true,
  content: { 'application/json': { type: 'object' }, 'application/x-www-form-urlencoded': { type: 'object' } },
};

const notificationDoc = (summary: string): RouteDoc => ({
  tag: 'Payment providers',
  access: 'provider',
  summary,
  description:
    "Read and checked by the provider's own code (its signature); it only says which payment to look at, and the provider's own record is what is written, once, however often it arrives.",
  body: signedBody,
  responses: {
    200: json('Received', { type: 'object', required: ['received'], properties: { received: { const: true } } }),
    400: error('The signature does not verify'),
    404: error('No payment provider of that name here takes notifications'),
  },
});

const returnDoc = (summary: string): RouteDoc => ({
  tag: 'Payment providers',
  access: 'provider',
  summary,
  body: signedBody,
  responses: {
    303: { description: "To the course page (a bundle's page for a bundle, a guardian's page for a guardian), which tells the buyer how it went" },
    400: error('Not signed by the provider, or an unknown transaction'),
    404: error('No payment provider of that name here takes notifications'),
  },
});

/** The description of the paths below, for GET /openapi.json (http/openapi.ts); older paths as each provider lists them. */
function hookDocs(definitions: readonly ProviderDefinition[]): RouteDocs {
  const docs: Record<string, RouteDoc> = {
    'POST /hooks/payments/:provider': { ...notificationDoc('A payment provider’s notifications (webhooks, IPNs)'), path: providerParam },
    'POST /hooks/payments/:provider/return/:outcome': {
      ...returnDoc("The buyer's return from a provider's payment page, a form POST from the provider"),
      path: { ...providerParam, outcome: { description: 'How the page ended', schema: { enum: [...OUTCOMES] } } },
    },
  };
  for (const definition of definitions)
    for (const alias of definition.notificationAliases ?? [])
      docs[`POST ${alias.path}`] = alias.buyerReturn ? returnDoc(alias.summary) : notificationDoc(alias.summary);
  return docs;
}

/** Where the buyer goes after a hosted page: the page that tells them how it went. */
function buyerPage(payment: Payment, outcome: BuyerReturn): string {
  const flag =
    payment.status === PaymentStatus.SUCCEEDED
      ? 'success=true'
      : payment.status === PaymentStatus.HELD
        ? 'held=true'
        : payment.status === PaymentStatus.REQUIRES_ACTION
          ? 'pending=true'
          : outcome === 'cancel'
            ? 'canceled=true'
            : 'failed=true';
  // A guardian, who has no account, goes to the guardian's page.
  const page = payment.guardianRequestId ? '/guardian-pay/done' : payment.bundle ? `/bundles/${payment.bundle.id}` : `/course/${payment.courseId}`;
  return `${page}?${flag}`;
}

/**
 * POST /hooks/payments/{provider}: every provider's notifications, read and checked by the provider
 * (payments/), handed to settlement here; POST /hooks/payments/{provider}/return/{outcome}: a
 * buyer's return from a provider's page, settled the same way, then sent to the page that tells
 * them how it went. The older paths providers list (`notificationAliases`) answer the same.
 */
export function paymentHooksRouter(deps: PurchaseDeps): Router {
  const router = documented(Router(), hookDocs(PAYMENT_PROVIDERS));
  const raw = express.raw({ type: '*/*', limit: '1mb' });

  const read = (name: string, req: Request, res: Response): { entry: RegisteredProvider; notification: GatewayNotification } | null => {
    const entry = deps.providers.forNotifications(name);
    if (!entry || !deps.providers.can(entry.provider.name, 'notifications') || !entry.provider.readNotification) {
      throw deps.providers.none
        ? new AppError('PAYMENTS_OFF', PAYMENTS_OFF)
        : notFound('No payment provider of that name here takes notifications', 'PAYMENT_PROVIDER_NOT_FOUND');
    }
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    try {
      return { entry, notification: entry.provider.readNotification({ rawBody, header: (header) => req.get(header) }) };
    } catch (failure) {
      if (failure instanceof InvalidWebhookSignature) {
        res.status(400).json({ message: 'Invalid webhook signature' });
        return null;
      }
      throw failure;
    }
  };

  const notification = (name: () => string) => async (req: Request, res: Response) => {
    const checked = read(name(), req, res);
    if (!checked) return;
    await handleNotification(deps, checked.entry.provider.name, checked.notification, req.ip);
    res.json({ received: true });
  };

  const buyerReturn = (name: () => string, outcome: () => string) => async (req: Request, res: Response) => {
    const ended = outcome() as BuyerReturn;
    // A path that is not one of the returns: as any unknown path answers.
    if (!OUTCOMES.includes(ended)) throw notFound('No such return from a payment page', 'NOT_FOUND');
    const checked = read(name(), req, res);
    if (!checked) return;
    const payment = checked.notification.notice.kind === 'payment' ? await handleNotification(deps, checked.entry.provider.name, checked.notification) : null;
    if (!payment) throw badInput('Unknown transaction');
    res.redirect(303, new URL(buyerPage(payment, ended), deps.publicUrl).toString());
  };

  router.post('/hooks/payments/:provider', raw, (req, res) => notification(() => String(req.params.provider))(req, res));
  router.post('/hooks/payments/:provider/return/:outcome', raw, (req, res) =>
    buyerReturn(
      () => String(req.params.provider),
      () => String(req.params.outcome),
    )(req, res),
  );
  for (const definition of PAYMENT_PROVIDERS) {
    for (const alias of definition.notificationAliases ?? []) {
      const { buyerReturn: outcome } = alias;
      router.post(
        alias.path,
        raw,
        outcome
          ? buyerReturn(
              () => definition.name,
              () => outcome,
            )
          : notification(() => definition.name),
      );
    }
  }
  return router;
}
