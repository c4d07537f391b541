import { AppError } from '../shared/errors';
import type { PaymentProvider } from './provider';

export const PAYMENTS_OFF = 'Paid courses cannot be bought on this site right now. Free courses are still open.';

/** PAYMENTS=off: the site runs with free courses only; every paid purchase is refused with a clear message. */
export class PaymentsOffProvider implements PaymentProvider {
  readonly name = 'off' as const;
  readonly testMode = false;
  private refuse(): never {
    throw new AppError('PAYMENTS_OFF', PAYMENTS_OFF);
  }
  createPayment = () => this.refuse();
  confirmPayment = () => this.refuse();
  retrievePayment = () => this.refuse();
  refund = () => this.refuse();
  createCheckoutSession = () => this.refuse();
  verifyWebhook = () => this.refuse();
}
