import express, { Router, type Request } from 'express';
import { PaymentStatus } from '../../modules/payment/payment.entity';
import type { PurchaseDeps } from '../../modules/payment/payment-deps';
import { settleGatewayNotification } from '../../modules/payment/settlement.service';
import { badInput } from '../../shared/errors';
import { hasValidSignature } from './sslcommerz-signature';
import { sslcommerzPaths } from './sslcommerz.provider';

/**
 * SSLCommerz's calls to us: the IPN (server to server) and the buyer's return from its page (a
 * form POST from the gateway). Both must carry a valid signature; both only say which payment to
 * look at, and the Order Validation API decides.
 */
export function sslcommerzNotificationsRouter(deps: PurchaseDeps, providerName: string, storePassword: string, publicUrl: string): Router {
  const router = Router();
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
      const page = payment.guardianRequestId ? '/guardian-pay/done' : `/course/${payment.courseId}`;
      res.redirect(303, new URL(`${page}?${flag}`, publicUrl).toString());
    });
  }

  return router;
}
