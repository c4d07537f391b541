import { SandboxTransaction } from './sslcommerz-sandbox/sandbox-transaction.entity';
import { TestModePayment } from './stripe-test-mode/test-mode-payment.entity';

/** The imitations' own tables (their migrations exist everywhere; production never reads them). */
export const offlineEntities = [TestModePayment, SandboxTransaction];
