import { Args, ArgsType, Authorized, Ctx, Field, Float, ID, Mutation, ObjectType, Query, registerEnumType, Resolver } from 'type-graphql';
import { roles } from '../auth/guards';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { CursorPageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { PaymentStatus } from './payment.entity';
import { PaymentFailureReason } from './payment-failure';
import { receiptUrlOf } from './receipt.service';
import { CURRENCIES, listMyPayments, listPayments, PROVIDERS } from './payment-history.service';
import { approveHeldPayment } from './settlement.service';
import { PAYMENT_NOT_FOUND } from './purchase-outcome';
import { IdArgs } from '../../graphql/id-args';
import { oneOf, optionalText, Rule } from '../../shared/validation';
import { Money } from '../../graphql/money';
import { PaymentProviderChoice } from './purchase.input';
import { text, translateMessage } from '../../i18n/translate';
import { definitionOfStored } from '../../payments/registry';
import type { Language } from '../../i18n/languages';
import type { Page } from '../../shared/paging';
import { deprecated } from '../../graphql/deprecations';

registerEnumType(PaymentFailureReason, {
  name: 'PaymentFailureReason',
  description: 'Why a payment failed',
  valuesConfig: {
    DECLINED: { description: 'The bank, wallet or card network declined it' },
    CANCELLED: { description: 'The buyer cancelled on the payment page' },
    EXPIRED: { description: 'The payment page or checkout timed out before anything was paid' },
    GATEWAY_ERROR: { description: 'The payment service could not be reached, or answered what could not be taken; nothing was granted' },
  },
});

registerEnumType(PaymentStatus, {
  name: 'PaymentStatus',
  description: 'Where a payment stands; HELD: paid but flagged as risky, waiting for an admin',
  valuesConfig: {
    PENDING: { description: 'Started; the provider has not answered yet' },
    REQUIRES_ACTION: { description: 'Waiting for the buyer: 3-D Secure, or paying on the SSLCommerz page' },
    SUCCEEDED: { description: 'Paid: the student has the course' },
    FAILED: { description: 'Not paid (declined, abandoned or expired); failureMessage says why' },
    REFUNDED: { description: 'Paid, then refunded in part or in full; any enrollment it gave has ended' },
    HELD: { description: 'Paid, but flagged as risky by SSLCommerz: no access until an admin approves it (approveHeldPayment)' },
  },
});

@ObjectType({ description: 'One payment: its amount is in whole units of its own currency' })
class PaymentRecord {
  @Field(() => ID, { description: 'The payment' }) id: string;
  @Field(() => Float, {
    description: 'Whole units of currency (dollars or taka)',
    deprecationReason: deprecated('PaymentRecord.amount'),
  })
  amount: number;
  @Field(() => Money, { description: 'What was paid (or asked), in its own currency' }) amountPaid: Money;
  @Field({ description: 'usd or bdt', deprecationReason: deprecated('PaymentRecord.currency') }) currency: string;
  @Field(() => String, {
    nullable: true,
    description:
      'How it was paid, as the provider reported it: bKash, Nagad, Rocket, or a card brand with its last four digits ("Visa •••• 4242"); null until paid',
  })
  method: string | null;
  @Field({
    description: 'stripe, test (the offline card test mode) or sslcommerz',
    deprecationReason: deprecated('PaymentRecord.provider'),
  })
  provider: string;
  @Field(() => PaymentProviderChoice, { description: 'Who took the payment' }) gateway: PaymentProviderChoice;
  @Field({
    description:
      'How it was paid, as people read it in the request’s language: the method the provider reported ("bKash", "Visa •••• 4242"), else the way to pay as the checkout names it; "(test mode)" when no money moved',
  })
  paidWith: string;
  @Field({ description: 'True when the offline card test mode took it: no card was charged' }) testMode: boolean;
  @Field(() => PaymentStatus, { description: 'Where the payment stands' }) status: PaymentStatus;
  @Field(() => String, { nullable: true, description: "Why it failed, in the request's language; null unless it failed" }) failureMessage: string | null;
  @Field(() => PaymentFailureReason, { nullable: true, description: 'Why it failed, as a reason a client can word itself; null unless it failed' })
  failureReason: PaymentFailureReason | null;
  @Field(() => String, {
    nullable: true,
    description: "The payment's transaction id as the provider gave it (bKash's TrxID through SSLCommerz, the card charge); null until paid",
  })
  transactionId: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      "The receipt's page (its buyer and admins can open it; the server draws it at /api/receipts/{id}, its PDF at /api/receipts/{id}/pdf); null when there is no receipt (not paid)",
  })
  receiptURL: string | null;
  @Field(() => String, { nullable: true, description: 'The receipt’s page, as receiptURL', deprecationReason: deprecated('PaymentRecord.receiptUrl') })
  receiptUrl: string | null;
  @Field(() => ID, { description: 'The course paid for' }) courseId: string;
  @Field({ description: "The course's name; a bundle's name for a bundle's payment" }) courseName: string;
  @Field({ description: "The paying student's name" }) studentName: string;
  @Field({ description: "The paying student's sign-in email" }) studentEmail: string;
  @Field(() => ID, { nullable: true, description: 'The enrollment this payment gives, while it lasts' }) enrollmentId: string | null;
  @Field({ description: 'When the payment was started (ISO 8601)' }) createdAt: Date;
}

@ObjectType({ description: 'A page of payments' })
class PaymentRecordPage extends CursorPageOf(
  PaymentRecord,
  'Pass as `after` (with oldestFirst: true) for the payments made since; null when this page is empty (keep the last one and ask again later)',
) {}

@ArgsType()
class PaymentFilterArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'stripe, test or sslcommerz (gateway is the typed way)' })
  @Rule(oneOf('provider', PROVIDERS))
  provider?: string | null;

  @Field(() => PaymentProviderChoice, { nullable: true, description: 'Only payments taken by this gateway (STRIPE includes the offline card test mode)' })
  gateway?: PaymentProviderChoice | null;

  @Field(() => PaymentStatus, { nullable: true, description: 'Only payments in this state' }) status?: PaymentStatus | null;
  @Field(() => String, { nullable: true, description: 'usd or bdt' })
  @Rule(oneOf('currency', CURRENCIES))
  currency?: string | null;

  @Field(() => String, { nullable: true, description: 'Only payments made this way: bKash, Nagad, Rocket, Upay, Visa, Mastercard, American Express...' })
  @Rule(optionalText('method', 40))
  method?: string | null;

  @Field(() => Date, { nullable: true, description: 'Made at or after' }) from?: Date | null;
  @Field(() => Date, { nullable: true, description: 'Made before' }) to?: Date | null;

  @Field(() => Boolean, { nullable: true, description: 'Oldest first (newest first when left out), to read the list on as it grows' })
  oldestFirst?: boolean | null;

  @Field(() => String, { nullable: true, description: 'An endCursor of an earlier page read oldestFirst: the payments made after its last item' })
  after?: string | null;
}

/** How a payment was paid, in `language`: the method the provider reported, else its way to pay's label (never a provider's stored name for clients to compare). */
function paidWith(item: { method: string | null; provider: string; testMode: boolean }, language: Language): string {
  const way = item.method ?? definitionOfStored(item.provider)?.labels[language] ?? item.provider;
  return item.testMode ? text(language, 'payment.testMode', { way }) : way;
}

/** The page with each failure's reason in the request's language (providers write them in English), how each was paid, and each receipt's address. */
function inLanguage<T extends { id: string; status: PaymentStatus; failureMessage: string | null; method: string | null; provider: string; testMode: boolean }>(
  page: Page<T>,
  language: Language,
  publicUrl: string,
): Page<T & { receiptURL: string | null; receiptUrl: string | null; paidWith: string }> {
  return {
    ...page,
    items: page.items.map((item) => ({
      ...item,
      paidWith: paidWith(item, language),
      failureMessage: item.failureMessage && translateMessage(language, item.failureMessage),
      ...receiptAddresses(receiptUrlOf(item, publicUrl)),
    })),
  };
}

/** The receipt's address under its name and its deprecated spelling. */
const receiptAddresses = (address: string | null) => ({ receiptURL: address, receiptUrl: address });

const PaymentId = IdArgs('paymentId', PAYMENT_NOT_FOUND, 'The HELD payment to approve', 'PAYMENT_NOT_FOUND');
type PaymentId = InstanceType<typeof PaymentId>;

@Resolver()
export class PaymentHistoryResolver {
  @Authorized()
  @Query(() => PaymentRecordPage, { description: "The signed-in person's payments, newest first" })
  async myPayments(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: GraphQLContext): Promise<PaymentRecordPage> {
    return toPage(PaymentRecordPage, inLanguage(await listMyPayments(ctx.db, requireViewer(ctx), args), ctx.language, ctx.payments.publicUrl));
  }

  @Query(() => PaymentRecordPage, {
    description:
      'Every payment, newest first (or oldest first, then read on with `after`), filtered by gateway, status, currency, method and date; at most 50 a page (admins, and API keys with payments:read)',
  })
  async payments(@Args(() => PaymentFilterArgs) args: PaymentFilterArgs, @Ctx() ctx: GraphQLContext): Promise<PaymentRecordPage> {
    const { offset, limit, oldestFirst, after, ...filter } = args;
    return toPage(
      PaymentRecordPage,
      inLanguage(
        await listPayments(ctx.db, { viewer: ctx.viewer, apiKey: ctx.apiKey }, filter, { offset, limit, oldestFirst, after }),
        ctx.language,
        ctx.payments.publicUrl,
      ),
    );
  }

  @Authorized(...roles.admin)
  @Mutation(() => Boolean, { description: 'Approves a payment held as risky: the student gets the course; admins only' })
  async approveHeldPayment(@Args(() => PaymentId) { paymentId }: PaymentId, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await approveHeldPayment(ctx.payments, requireViewer(ctx), paymentId, ctx.clientAddress);
    return true;
  }
}
