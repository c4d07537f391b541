import { Args, ArgsType, Authorized, Ctx, Field, Float, ID, Mutation, ObjectType, Query, registerEnumType, Resolver } from 'type-graphql';
import { roles } from '../auth/guards';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../graphql/context';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { PaymentStatus } from './payment.entity';
import { approveHeldPayment, CURRENCIES, listMyPayments, listPayments, PROVIDERS } from './payment-history.service';
import { PAYMENT_NOT_FOUND } from './purchase.service';
import { IdArgs } from '../../graphql/id-args';
import { oneOf, optionalText, Rule } from '../../shared/validation';
import { Money } from '../../graphql/money';

registerEnumType(PaymentStatus, { name: 'PaymentStatus', description: 'Where a payment stands; HELD: paid but flagged as risky, waiting for an admin' });

@ObjectType({ description: 'One payment: its amount is in whole units of its own currency' })
class PaymentRecord {
  @Field(() => ID) id: string;
  @Field(() => Float, { deprecationReason: 'Use amountPaid (Money, in minor units); kept until 2027-06-30' }) amount: number;
  @Field(() => Money, { description: 'What was paid (or asked), in its own currency' }) amountPaid: Money;
  @Field({ description: 'usd or bdt' }) currency: string;
  @Field(() => String, {
    nullable: true,
    description:
      'How it was paid, as the provider reported it: bKash, Nagad, Rocket, or a card brand with its last four digits ("Visa •••• 4242"); null until paid',
  })
  method: string | null;
  @Field({ description: 'stripe, test (the offline card test mode) or sslcommerz' }) provider: string;
  @Field(() => PaymentStatus) status: PaymentStatus;
  @Field(() => String, { nullable: true }) failureMessage: string | null;
  @Field(() => ID) courseId: string;
  @Field() courseName: string;
  @Field() studentName: string;
  @Field() studentEmail: string;
  @Field(() => ID, { nullable: true, description: 'The enrollment this payment gives, while it lasts' }) enrollmentId: string | null;
  @Field() createdAt: Date;
}

@ObjectType({ description: 'A page of payments' })
class PaymentRecordPage extends PageOf(PaymentRecord) {}

@ArgsType()
class PaymentFilterArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'stripe, test or sslcommerz' })
  @Rule(oneOf('provider', PROVIDERS))
  provider?: string | null;

  @Field(() => PaymentStatus, { nullable: true }) status?: PaymentStatus | null;
  @Field(() => String, { nullable: true, description: 'usd or bdt' })
  @Rule(oneOf('currency', CURRENCIES))
  currency?: string | null;

  @Field(() => String, { nullable: true, description: 'Only payments made this way: bKash, Nagad, Rocket, Upay, Visa, Mastercard, American Express...' })
  @Rule(optionalText('method', 40))
  method?: string | null;

  @Field(() => Date, { nullable: true, description: 'Made at or after' }) from?: Date | null;
  @Field(() => Date, { nullable: true, description: 'Made before' }) to?: Date | null;
}

const PaymentId = IdArgs('paymentId', PAYMENT_NOT_FOUND, undefined, 'PAYMENT_NOT_FOUND');
type PaymentId = InstanceType<typeof PaymentId>;

@Resolver()
export class PaymentHistoryResolver {
  @Authorized()
  @Query(() => PaymentRecordPage, { description: "The signed-in person's payments, newest first" })
  async myPayments(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: GraphQLContext): Promise<PaymentRecordPage> {
    return toPage(PaymentRecordPage, await listMyPayments(ctx.db, requireViewer(ctx), args));
  }

  @Authorized(...roles.admin)
  @Query(() => PaymentRecordPage, { description: 'Every payment, newest first, filtered by provider, status, currency, method and date' })
  async payments(@Args(() => PaymentFilterArgs) args: PaymentFilterArgs, @Ctx() ctx: GraphQLContext): Promise<PaymentRecordPage> {
    const { offset, limit, ...filter } = args;
    return toPage(PaymentRecordPage, await listPayments(ctx.db, requireViewer(ctx), filter, { offset, limit }));
  }

  @Authorized(...roles.admin)
  @Mutation(() => Boolean, { description: 'Approves a payment held as risky: the student gets the course' })
  async approveHeldPayment(@Args(() => PaymentId) { paymentId }: PaymentId, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await approveHeldPayment(ctx.db, requireViewer(ctx), paymentId, ctx.clientAddress);
    return true;
  }
}
