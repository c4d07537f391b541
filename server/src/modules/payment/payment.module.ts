import type { ProductModule } from '../product-module';
import { PurchaseResolver, CoursePaymentResolver } from './purchase.resolver';
import { PaymentHistoryResolver } from './payment-history.resolver';
import { PaymentSettingsResolver } from './payment-settings.resolver';
import { Payment } from './payment.entity';
import { Refund } from './refund.entity';
import { WebhookEventSeen } from './webhook-event.entity';
import { LegacyChargeRequest } from './legacy-charge-request.entity';

export const paymentModule: ProductModule = {
  name: 'payment',
  resolvers: [PurchaseResolver, CoursePaymentResolver, PaymentHistoryResolver, PaymentSettingsResolver],
  entities: [Payment, Refund, WebhookEventSeen, LegacyChargeRequest],
};
