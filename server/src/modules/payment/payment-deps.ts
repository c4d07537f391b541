import type { DataSource } from 'typeorm';
import type { AppLogger } from '../../logger';
import type { PaymentProviders } from '../../payments/registry';
import type { Mailer } from '../mail/mailer';

export interface PurchaseDeps {
  db: DataSource;
  /** This server's payment providers (payments/registry.ts): asked by capability, or by the name a payment stores. */
  providers: PaymentProviders;
  /** Taka for one dollar, for proposing taka prices. */
  usdToBdt: number;
  publishableKey: string | null;
  mailer: Mailer;
  publicUrl: string;
  log: AppLogger;
}
