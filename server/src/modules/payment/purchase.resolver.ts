import { Arg, Args, Authorized, Ctx, Field, FieldResolver, Float, ID, Int, Mutation, ObjectType, registerEnumType, Resolver, Root } from 'type-graphql';
import { Course } from '../course/course.entity';
import { Money } from '../../graphql/money';
import { fromMinorUnits, money } from '../../shared/money';
import { Payment, PaymentStatus } from './payment.entity';
import { methodLabel } from './payment-method';
import { translateMessage } from '../../i18n/translate';
import type { Language } from '../../i18n/languages';
import { roles } from '../auth/guards';
import { IdArgs } from '../../graphql/id-args';
import { PurchaseInput } from './purchase.input';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { Enrollment } from '../enrollment/enrollment.entity';
import { confirmPurchase, purchaseCourse } from './checkout.service';
import { PAYMENT_NOT_FOUND, type PurchaseOutcome } from './purchase-outcome';
import { RefundCase } from './refund-policy';
import { ENROLLMENT_NOT_FOUND, refundEnrollment } from './refund.service';
import { deprecated } from '../../graphql/deprecations';

enum PurchaseStatus {
  SUCCEEDED = 'SUCCEEDED',
  REQUIRES_ACTION = 'REQUIRES_ACTION',
  FAILED = 'FAILED',
}
registerEnumType(PurchaseStatus, {
  name: 'PurchaseStatus',
  description: 'How a purchase ended for now',
  valuesConfig: {
    SUCCEEDED: { description: 'Paid (or free): the student is enrolled, see enrollment' },
    REQUIRES_ACTION: {
      description: 'Not done yet: pay on redirectURL (SSLCommerz), confirm with clientSecret (3-D Secure), or wait for an admin to approve a held payment',
    },
    FAILED: { description: 'Not paid; message says why and nothing was granted' },
  },
});

const PaymentId = IdArgs('paymentId', PAYMENT_NOT_FOUND, 'The payment purchaseCourse answered with REQUIRES_ACTION', 'PAYMENT_NOT_FOUND');
type PaymentId = InstanceType<typeof PaymentId>;
const EnrollmentId = IdArgs('enrollmentId', ENROLLMENT_NOT_FOUND, 'The enrollment to refund', 'ENROLLMENT_NOT_FOUND');
type EnrollmentId = InstanceType<typeof EnrollmentId>;

@ObjectType({ description: 'What purchaseCourse, confirmPurchase or payGuardianPayment did' })
export class PurchaseResult {
  @Field(() => PurchaseStatus, { description: 'Whether the course is bought, waits for an action, or failed' })
  status: PurchaseStatus;

  @Field(() => Enrollment, { nullable: true, description: 'The new (or existing) enrollment when SUCCEEDED; null otherwise' })
  enrollment: Enrollment | null;

  @Field(() => ID, { nullable: true, description: 'For confirmPurchase after a required action' })
  paymentId: string | null;

  @Field(() => String, { nullable: true, description: 'For the card widget to finish a required action (3-D Secure)' })
  clientSecret: string | null;

  @Field(() => String, { nullable: true, description: "Where the buyer pays (SSLCommerz's page), for REQUIRES_ACTION" })
  redirectURL: string | null;

  @Field(() => String, {
    nullable: true,
    description: "A note for the buyer, in the request's language (why it failed, what to do next); null when there is nothing to say",
  })
  message: string | null;
}

@ObjectType({ description: 'A refund just made' })
class RefundResult {
  @Field(() => ID, { description: 'The refund' })
  id: string;

  @Field(() => Int, { description: 'The share of the price paid back, as the refund policy decided: 80 or 100 (a 0% case is refused)' })
  percent: number;

  @Field(() => Float, {
    description: 'Whole units paid back, in the currency paid',
    deprecationReason: deprecated('RefundResult.amount'),
  })
  amount: number;

  @Field(() => Money, { description: 'What is paid back, in the currency that was paid' })
  amountRefunded: Money;
}

export const toResult = (outcome: PurchaseOutcome, language: Language): PurchaseResult => ({
  status: PurchaseStatus[outcome.status],
  enrollment: outcome.enrollment,
  paymentId: outcome.payment?.id ?? null,
  clientSecret: outcome.clientSecret,
  redirectURL: outcome.redirectUrl ?? null,
  message: outcome.message && translateMessage(language, outcome.message),
});

@Resolver()
export class PurchaseResolver {
  @Authorized(...roles.student)
  @Mutation(() => PurchaseResult, { description: 'Buys a course at its price in the catalogue; a free course enrolls at once; students only' })
  async purchaseCourse(
    @Arg('input', () => PurchaseInput, { description: 'The course and how to pay' }) input: PurchaseInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PurchaseResult> {
    return toResult(await purchaseCourse(ctx.payments, requireViewer(ctx), { ...input, address: ctx.clientAddress }), ctx.language);
  }

  @Authorized(...roles.student)
  @Mutation(() => PurchaseResult, { description: 'Records a payment after the card widget finished a required action; students only, for their own payment' })
  async confirmPurchase(@Args(() => PaymentId) { paymentId }: PaymentId, @Ctx() ctx: GraphQLContext): Promise<PurchaseResult> {
    return toResult(await confirmPurchase(ctx.payments, requireViewer(ctx), paymentId), ctx.language);
  }

  @Authorized(...roles.admin)
  @Mutation(() => RefundResult, { description: 'Refunds an enrollment as the refund policy allows and ends its access; admins only' })
  async refundEnrollment(
    @Args(() => EnrollmentId) { enrollmentId }: EnrollmentId,
    @Arg('refundCase', () => RefundCase, { description: 'Why the refund is asked for; the policy gives each case its share' }) refundCase: RefundCase,
    @Arg('reportedAt', () => Date, { nullable: true, description: 'When a schedule issue was reported' }) reportedAt: Date | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<RefundResult> {
    const refund = await refundEnrollment(ctx.payments, requireViewer(ctx), { enrollmentId, refundCase, reportedAt }, ctx.clientAddress);
    return { id: refund.id, percent: refund.percent, amount: fromMinorUnits(refund.amountMinor), amountRefunded: money(refund.amountMinor, refund.currency) };
  }
}

@ObjectType({ description: "The signed-in student's latest payment for one course, as the course page and checkout show it" })
class CoursePayment {
  @Field(() => ID, { description: 'The payment' })
  id: string;

  @Field(() => PaymentStatus, { description: 'HELD: received and being checked, so no second payment is taken meanwhile' })
  status: PaymentStatus;

  @Field(() => String, { nullable: true, description: "Why it failed, in the request's language" })
  failureMessage: string | null;

  @Field(() => String, { nullable: true, description: 'How it was paid: bKash, Nagad, Rocket, or a card brand with its last four digits' })
  method: string | null;
}

@Resolver(() => Course)
export class CoursePaymentResolver {
  @FieldResolver(() => CoursePayment, {
    nullable: true,
    description: "The signed-in student's latest payment for this course; null for visitors and before any",
  })
  async latestPayment(@Root() course: Course, @Ctx() ctx: GraphQLContext): Promise<CoursePayment | null> {
    if (!ctx.viewer) return null;
    const payment = await ctx.db.getRepository(Payment).findOne({ where: { studentId: ctx.viewer.id, courseId: course.id }, order: { createdAt: 'DESC' } });
    if (!payment) return null;
    return {
      id: payment.id,
      status: payment.status,
      failureMessage: payment.failureMessage && translateMessage(ctx.language, payment.failureMessage),
      method: methodLabel(payment.method, payment.methodLast4),
    };
  }
}
