import express, { Router, type Request } from 'express';
import { PaymentStatus } from '../../modules/payment/payment.entity';
import type { PurchaseDeps } from '../../modules/payment/payment-deps';
import { settleGatewayNotification } from '../../modules/payment/settlement.service';
import { badInput } from '../../shared/errors';
import { documented, error, type RouteDocs } from '../../shared/route-docs';
import { hasValidSignature } from './sslcommerz-signature';
import { sslcommerzPaths } from './sslcommerz.provider';

const signedForm = {
  description: "SSLCommerz's form fields (`tran_id`, `val_id`, `verify_sign`, `verify_key`, …), signed with the store password",
  required: true,
  content: {
    'application/x-www-form-urlencoded': { type: 'object', required: ['tran_id'], properties: { tran_id: { type: 'string' }, val_id: { type: 'string' } } },
  },
};
const back = (outcome: string): RouteDocs[string] => ({
  tag: 'Payment providers',
  access: 'provider',
  summary: `The buyer's return from SSLCommerz's page (${outcome}), a form POST from the gateway`,
  body: signedForm,
  responses: {
    303: { description: "To the course page (a bundle's page for a bundle), which tells the buyer how it went" },
    400: error('Not signed by SSLCommerz, or an unknown transaction'),
  },
});

/** The description of the paths below, for GET /openapi.json (http/openapi.ts). */
const SSLCOMMERZ_NOTIFICATIONS_API: RouteDocs = {
  [`POST ${sslcommerzPaths.ipn}`]: {
    tag: 'Payment providers',
    access: 'provider',
    summary: "SSLCommerz's instant payment notification (server to server)",
    description: 'It only says which payment to look at; the Order Validation API decides.',
    body: signedForm,
    responses: { 200: { description: 'Received', content: { 'text/plain': { type: 'string' } } }, 400: error('Not signed by SSLCommerz') },
  },
  ...Object.fromEntries((['success', 'fail', 'cancel'] as const).map((outcome) => [`POST ${sslcommerzPaths.back(outcome)}`, back(outcome)])),
};

/**
 * SSLCommerz's calls to us: the IPN (server to server) and the buyer's return from its page (a
 * form POST from the gateway). Both must carry a valid signature; both only say which payment to
 * look at, and the Order Validation API decides.
 */
export function sslcommerzNotificationsRouter(deps: PurchaseDeps, providerName: string, storePassword: string, publicUrl: string): Router {
  const router = documented(Router(), SSLCOMMERZ_NOTIFICATIONS_API);
  const form = express.urlencoded({ extended: false, limit: '20kb' });

  const notification = (req: Request) => {
    const fields = Object.fromEntries(Object.entries((req.body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    if (!fields.tran_id || !hasValidSignature(fields, storePassword)) throw badInput('This notification is not signed by SSLCommerz');
    return fields;
  };

  router.post(sslcommerzPaths.ipn, form, async (req, res) => {
    const fields = notification(req);
    await settleGatewayNotification(deps, providerName, fields.tran_id, fields.val_id);
    res.type('text/plain').send('IPN received');
  });

  for (const outcome of ['success', 'fail', 'cancel'] as const) {
    router.post(sslcommerzPaths.back(outcome), form, async (req, res) => {
      const fields = notification(req);
      const payment = await settleGatewayNotification(deps, providerName, fields.tran_id, fields.val_id);
      if (!payment) throw badInput('Unknown transaction');
      // Back to the course page, which tells the buyer how it went (the spec's payment messages); a
      // guardian, who has no account, to the guardian's page.
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
      const page = payment.guardianRequestId ? '/guardian-pay/done' : payment.bundle ? `/bundles/${payment.bundle.id}` : `/course/${payment.courseId}`;
      res.redirect(303, new URL(`${page}?${flag}`, publicUrl).toString());
    });
  }

  return router;
}
