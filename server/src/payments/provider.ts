/**
 * unconfirmed: created but never confirmed with a card; processing: the outcome is not known yet;
 * requires_action: the buyer still has to act (3-D Secure, or paying on SSLCommerz's page);
 * held: paid, but the provider flags it as risky, so an admin decides.
 */
export type ProviderPaymentStatus = 'unconfirmed' | 'processing' | 'requires_action' | 'succeeded' | 'held' | 'failed';

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  amountMinor: number;
  currency: string;
  /** For the browser to finish a required action (3-D Secure). */
  clientSecret: string | null;
  /** Where the buyer goes to pay (SSLCommerz's gateway page). */
  redirectUrl?: string | null;
  failureMessage: string | null;
  /** The balance transaction of a successful payment. */
  transactionRef: string | null;
  metadata: Record<string, string>;
  /** How the buyer paid, once the provider knows: a wallet (bKash, Nagad, Rocket) or a card brand with its last four digits. */
  method?: PaymentMethodUsed | null;
}

export interface PaymentMethodUsed {
  /** As people know it: bKash, Nagad, Rocket, Upay, Visa, Mastercard, American Express... */
  name: string;
  last4?: string | null;
}

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  master: 'Mastercard',
  amex: 'American Express',
  unionpay: 'UnionPay',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
};

/** A card network's name as people write it, from a provider's code for it ("visa", "MASTER"). */
export function cardBrandName(brand: string): string {
  return CARD_BRANDS[brand.toLowerCase()] ?? brand;
}

export interface AddressInput {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
}

export interface BillingDetailsInput {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: AddressInput | null;
}

/** A notification as it reached the product: its exact bytes and its headers. */
export interface GatewayRequest {
  rawBody: Buffer;
  header(name: string): string | undefined;
}

/**
 * What a gateway's notification says, in the product's words: the provider reads its own event
 * types and fields (and checks their signature); settlement decides what it changes.
 * - payment: look at this payment again; the provider's own record decides, never the notification.
 * - refunded: money went back outside the product (the provider's dashboard); `amountMinor` is the
 *   payment's whole amount, so a refund of all of it ends access.
 * - disputed: the card holder disputed the payment; access ends until it is settled.
 * - refundFailed: a refund the product asked for did not go through.
 * - checkoutExpired: the provider's own checkout page expired unpaid.
 * - ignored: nothing the product acts on.
 */
export type GatewayNotice =
  | { kind: 'payment'; providerRef: string | null; paymentId?: string | null; notificationId?: string | null }
  | { kind: 'refunded'; providerRef: string; amountMinor: number | null; amountRefundedMinor: number | null }
  | { kind: 'disputed'; providerRef: string }
  | { kind: 'refundFailed'; refundRef: string }
  | { kind: 'checkoutExpired'; paymentId: string }
  | { kind: 'ignored' };

export interface GatewayNotification {
  /** The provider's id of the event, when it has one: an event seen before is not handled again. */
  eventId: string | null;
  notice: GatewayNotice;
}

/** How a buyer's return from a hosted payment page says it ended (its path tells it). */
export type BuyerReturn = 'success' | 'fail' | 'cancel';

/** Thrown by `readNotification` for a notification the provider did not sign: it is answered 400 and changes nothing. */
export class InvalidWebhookSignature extends Error {}

/** The address every provider's notifications come to (`:provider` is the provider's registry name). */
export const paymentHookPath = (provider: string) => `/hooks/payments/${provider}`;
/** Where a hosted payment page sends its buyer back, and how the page ended. */
export const paymentReturnPath = (provider: string, outcome: BuyerReturn) => `/hooks/payments/${provider}/return/${outcome}`;

/**
 * What a provider can do, declared by each provider's definition and checked by the registry (registry.ts):
 * - cardConfirmation: a payment is created, then confirmed on the server with the buyer's card
 *   (`confirmPayment`); a payment created with the same idempotency key is the same payment.
 * - hostedPaymentPage: the buyer pays on the provider's own page (`createPayment` answers a
 *   `redirectUrl`) and sends the buyer back to `paymentReturnPath`; it declares `notifications` too.
 * - checkoutSession: the old client's hosted checkout, whose payment the provider creates itself
 *   (`createCheckoutSession`); its webhook settles it.
 * - notifications: the provider's signed notifications (webhooks, IPNs, a buyer's return from its page),
 *   posted to /hooks/payments/<name> (and /hooks/payments/<name>/return/<outcome>), read and checked by
 *   `readNotification`; settlement acts on what it answers.
 * - refunds: pays money back (`refund`).
 * - refundStatus: refunds settle later and are asked about until they end (`refundStatus`).
 */
export type PaymentCapability = 'cardConfirmation' | 'hostedPaymentPage' | 'checkoutSession' | 'notifications' | 'refunds' | 'refundStatus';

/** The method each capability needs (hostedPaymentPage needs only `createPayment`, which every provider has). */
export const CAPABILITY_METHODS = {
  cardConfirmation: 'confirmPayment',
  hostedPaymentPage: 'createPayment',
  checkoutSession: 'createCheckoutSession',
  notifications: 'readNotification',
  refunds: 'refund',
  refundStatus: 'refundStatus',
} as const satisfies Record<PaymentCapability, keyof PaymentProvider>;

export const PAYMENT_PAGE_EXPIRED = 'The payment was not completed in time and has expired. You can buy the course again.';
/** The buyer cancelled on the provider's own payment page. */
export const PAYMENT_CANCELLED_BY_BUYER = 'You cancelled the payment on the payment page';
/** The provider could not be reached, or refused to start the payment: nothing was charged. */
export const PAYMENT_GATEWAY_ERROR = 'The payment service could not be reached. Nothing was charged.';

/** What the product needs from every payment provider: take a payment and say where it stands. The rest depends on its capabilities. */
export interface PaymentProvider {
  /** Its key in the registry, stored on each payment it takes ("stripe", "sslcommerz"; an offline imitation has a name of its own). */
  readonly name: string;
  readonly testMode: boolean;
  createPayment(input: {
    amountMinor: number;
    currency: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
    /** The buyer, for providers that ask (a hosted payment page). */
    customer?: { name: string; email: string; phone: string } | null;
  }): Promise<ProviderPayment>;
  /** The provider's own record; `notificationId` is what a notification named (SSLCommerz's val_id), checked, never trusted. */
  retrievePayment(id: string, hint?: { notificationId?: string }): Promise<ProviderPayment>;
  /** cardConfirmation */
  confirmPayment?(
    id: string,
    input: { paymentMethod: string; billingDetails?: BillingDetailsInput | null; returnUrl: string; idempotencyKey: string },
  ): Promise<ProviderPayment>;
  /** refunds */
  refund?(input: { paymentRef: string; amountMinor: number; idempotencyKey: string }): Promise<{ id: string; amountMinor: number }>;
  /** refundStatus: where a refund stands. */
  refundStatus?(refundRef: string): Promise<'processing' | 'refunded' | 'cancelled'>;
  /** checkoutSession */
  createCheckoutSession?(input: {
    name: string;
    amountMinor: number;
    currency: string;
    successUrl: string;
    cancelUrl: string;
    customerEmail: string;
    metadata: Record<string, string>;
  }): Promise<{ id: string; url: string }>;
  /** notifications: checks a notification's signature and reads it; throws InvalidWebhookSignature. */
  readNotification?(request: GatewayRequest): GatewayNotification;
}

/** A provider known to have a capability: its method is there. */
export type ProviderWith<C extends PaymentCapability> = PaymentProvider & Required<Pick<PaymentProvider, (typeof CAPABILITY_METHODS)[C]>>;

export type CreatePaymentInput = Parameters<PaymentProvider['createPayment']>[0];
export type ConfirmPaymentInput = Parameters<NonNullable<PaymentProvider['confirmPayment']>>[1];
export type CheckoutSessionInput = Parameters<NonNullable<PaymentProvider['createCheckoutSession']>>[0];
