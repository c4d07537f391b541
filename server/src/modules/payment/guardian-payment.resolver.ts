import { Arg, Authorized, Ctx, Field, ID, InputType, Mutation, ObjectType, Query, registerEnumType, Resolver } from 'type-graphql';
import { Money } from '../../graphql/money';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { money } from '../../shared/money';
import { roles } from '../auth/guards';
import { guardianPayment, payGuardianPayment, requestGuardianPayment, type GuardianPaymentState } from './guardian-payment.service';
import { PurchaseResult, toResult } from './purchase.resolver';

enum GuardianPaymentStatus {
  OPEN = 'OPEN',
  PAID = 'PAID',
  EXPIRED = 'EXPIRED',
  ENROLLED = 'ENROLLED',
}
registerEnumType(GuardianPaymentStatus, {
  name: 'GuardianPaymentStatus',
  description: 'Where a guardian’s payment link stands',
  valuesConfig: {
    OPEN: { description: 'It can be paid' },
    PAID: { description: 'Paid through this link: the student has the course' },
    EXPIRED: { description: 'Its 48 hours are over: the student asks again' },
    ENROLLED: { description: 'The student got the course another way: nothing to pay' },
  },
});

@ObjectType({ description: 'A guardian’s payment link as its page shows it: the student’s first name, the course and the price, nothing more' })
class GuardianPayment {
  @Field({ description: 'The first name of the student who asked' })
  studentFirstName: string;

  @Field(() => ID, { description: 'The course' })
  courseId: string;

  @Field({ description: 'The course’s name' })
  courseName: string;

  @Field(() => Money, { description: 'What the guardian pays: the taka price when the student asked' })
  price: Money;

  @Field({ description: 'When the link stops working' })
  expiresAt: Date;

  @Field(() => GuardianPaymentStatus, { description: 'Where it stands' })
  status: GuardianPaymentStatus;

  @Field(() => Date, { nullable: true, description: 'When it was paid (PAID)' })
  paidAt: Date | null;

  @Field(() => String, { nullable: true, description: 'The gateway’s transaction id of the payment (PAID), for the guardian’s receipt' })
  transactionId: string | null;
}

@InputType({ description: 'A guardian paying through the link a student sent' })
class GuardianPayInput {
  @Field({ description: 'The token from the SMS link (/guardian-pay/{token})' })
  token: string;

  @Field({ description: 'The guardian’s name, as the payment page shows it; at most 100 characters' })
  name: string;

  @Field(() => String, { nullable: true, description: 'The same key on a retried request answers the first result' })
  idempotencyKey?: string | null;
}

const statusOf: Record<GuardianPaymentState, GuardianPaymentStatus> = GuardianPaymentStatus;

@Resolver()
export class GuardianPaymentResolver {
  @Authorized(...roles.student)
  @Mutation(() => Boolean, {
    description:
      'Asks a guardian to pay for a paid course: an SMS in Bangla with a link for that course at its taka price, usable for 48 hours (a few a day per student and per number); students only',
  })
  requestGuardianPayment(
    @Arg('courseId', () => ID, { description: 'A paid course the student does not own' }) courseId: string,
    @Arg('guardianPhone', { description: 'The guardian’s Bangladeshi mobile number, like 01712-345678' }) guardianPhone: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    return requestGuardianPayment(ctx.payments, requireViewer(ctx), courseId, guardianPhone);
  }

  @Query(() => GuardianPayment, { description: 'A guardian’s payment link, for its page; anyone with the link' })
  async guardianPayment(@Arg('token', { description: 'The token from the SMS link' }) token: string, @Ctx() ctx: GraphQLContext): Promise<GuardianPayment> {
    const view = await guardianPayment(ctx.payments, token);
    return { ...view, price: money(view.amountMinor, view.currency), status: statusOf[view.state] };
  }

  @Mutation(() => PurchaseResult, {
    description: 'Starts the guardian’s payment on the gateway’s page (bKash, Nagad, Rocket or a card): REQUIRES_ACTION with redirectURL; no account needed',
  })
  async payGuardianPayment(
    @Arg('input', () => GuardianPayInput, { description: 'The link and the guardian' }) input: GuardianPayInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return toResult(await payGuardianPayment(ctx.payments, input.token, input, ctx.clientAddress), ctx.language);
  }
}
