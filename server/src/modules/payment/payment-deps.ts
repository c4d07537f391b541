import type { DataSource } from 'typeorm';
import type { AppLogger } from '../../logger';
import type { PaymentProviders } from '../../payments/payment-providers';
import type { Mailer } from '../mail/mailer';

/**
 * What payment services are given: the database, this server's providers (payments/, which knows
 * nothing of this module), the mailer and the site's address.
 */
export interface PurchaseDeps {
  db: DataSource;
  /** This server's payment providers: asked by capability, or by the name a payment stores. */
  providers: PaymentProviders;
  /** Taka for one dollar, for proposing taka prices. */
  usdToBdt: number;
  publishableKey: string | null;
  mailer: Mailer;
  publicUrl: string;
  log: AppLogger;
}

export const PAYMENTS_OFF = 'Paid courses cannot be bought on this site right now. Free courses are still open.';
