import type { DataSource } from 'typeorm';
import type { AppLogger } from '../../logger';
import type { PaymentProvider } from '../../payments/provider';
import { AppError } from '../../shared/errors';
import type { Mailer } from '../mail/mailer';

export interface PurchaseDeps {
  db: DataSource;
  /** Cards: Stripe, or its offline test mode. */
  provider: PaymentProvider;
  /** bKash, Nagad, Rocket and local cards, when configured (or its offline sandbox outside production). */
  sslcommerz: PaymentProvider | null;
  /** Taka for one dollar, for proposing taka prices. */
  usdToBdt: number;
  publishableKey: string | null;
  mailer: Mailer;
  publicUrl: string;
  log: AppLogger;
}

/** The provider that took a payment, whatever provider new card purchases use now. */
export function providerFor(deps: PurchaseDeps, name: string): PaymentProvider {
  if (name === 'sslcommerz') {
    if (!deps.sslcommerz) throw new AppError('PAYMENT_FAILED', 'SSLCommerz is not configured on this server');
    return deps.sslcommerz;
  }
  return deps.provider;
}
