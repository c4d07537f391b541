import { CouponResolver } from './coupon.resolver';
import { Coupon, CouponRedemption } from './coupon.entity';
import { GuardianPaymentResolver } from './guardian-payment.resolver';
import { GuardianPaymentRequest } from './guardian-payment.entity';
import type { ProductModule } from '../../kernel/product-module';
import { createPaymentProviders } from '../../payments/create-providers';
import { paymentServices, type PaymentServices } from './payment-services';
import { PurchaseResolver, CoursePaymentResolver } from './purchase.resolver';
import { PaymentHistoryResolver } from './payment-history.resolver';
import { PaymentSettingsResolver } from './payment-settings.resolver';
import { PaymentSeriesResolver } from './payment-series.resolver';
import { Payment } from './payment.entity';
import { Refund } from './refund.entity';
import { WebhookEventSeen } from './webhook-event.entity';
import { LegacyChargeRequest } from './legacy-charge-request.entity';
import { paymentHooksRouter } from './payment-hooks.router';
import { handleNotification } from './provider-events.service';
import { legacyEnrollmentRouter } from '../../rest/legacy-enrollment.router';
import { receiptRouter } from './receipt.router';
import { PaymentJobs, RECONCILE_CRON, RECONCILE_QUEUE } from './payment-jobs';

declare module '../../kernel/services' {
  interface ModuleServices {
    /** Checkout, settlement, refunds and receipts, with this server's payment providers. */
    payments: PaymentServices;
  }
}

export const paymentModule: ProductModule = {
  name: 'payment',
  services: {
    payments: ({ env, db, log, jwtSecret, selfUrl, mail }) =>
      paymentServices({
        db,
        providers: createPaymentProviders({ env, db, jwtSecret, selfUrl }),
        usdToBdt: env.usdToBdt,
        publishableKey: env.stripePublishableKey ?? null,
        mailer: mail.mailer,
        publicUrl: env.publicUrl,
        log,
      }),
  },
  resolvers: [
    PurchaseResolver,
    CoursePaymentResolver,
    PaymentHistoryResolver,
    PaymentSettingsResolver,
    PaymentSeriesResolver,
    GuardianPaymentResolver,
    CouponResolver,
  ],
  entities: [Payment, Refund, WebhookEventSeen, LegacyChargeRequest, GuardianPaymentRequest, Coupon, CouponRedemption],
  routes: ({ payments, db }) => [
    // Every provider's notifications (/hooks/payments/:provider, and the older paths providers list), handed to
    // settlement; their signatures cover the exact bytes received, so they are read before any body parsing.
    { phase: 'raw-body', order: 10, router: paymentHooksRouter(payments) },
    // The old client's purchase paths (`/payment`, `/api/enroll`, `/create-checkout-session`).
    { phase: 'rest', order: 30, router: legacyEnrollmentRouter(payments) },
    // Receipts: the page drawn by the server and its PDF, for the buyer and admins.
    { phase: 'rest', order: 35, router: receiptRouter(db) },
    // A payment provider's own routes (outside production, the offline imitations' pages); what they learn is settled here.
    ...payments.providers.entries.flatMap(({ routes, provider }) =>
      routes
        ? [
            {
              phase: 'rest' as const,
              order: 40,
              router: routes({
                db,
                log: payments.log,
                notify: async (notice) => void (await handleNotification(payments, provider.name, { eventId: null, notice })),
              }),
            },
          ]
        : [],
    ),
  ],
  jobs: ({ jobs, payments, log }) => [
    {
      // Payments a crash left between the provider's answer and our write, gateway payments whose return
      // and IPN never came, and refunds that settle later are asked about by a scheduled job (every five
      // minutes, one run at a time across server copies), never inside a request. One run is asked for
      // at start, once listening (the offline SSLCommerz imitation is called over HTTP).
      queue: RECONCILE_QUEUE,
      cron: RECONCILE_CRON,
      phase: 'listening',
      start: async () => {
        const paymentJobs = new PaymentJobs(jobs, payments, log);
        await paymentJobs.start();
        await paymentJobs.runSoon();
      },
    },
  ],
};
