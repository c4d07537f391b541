import { Arg, Args, Authorized, Ctx, Field, FieldResolver, Float, ID, Int, Mutation, ObjectType, registerEnumType, Resolver, Root } from 'type-graphql';
import { Course } from '../course/course.entity';
import { Money } from '../../graphql/money';
import { money } from '../../shared/money';
import { Payment, PaymentStatus } from './payment.entity';
import { roles } from '../auth/guards';
import { IdArgs } from '../../graphql/id-args';
import { PurchaseInput } from './purchase.input';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../graphql/context';
import { Enrollment } from '../enrollment/enrollment.entity';
import { confirmPurchase, PAYMENT_NOT_FOUND, purchaseCourse, type PurchaseOutcome } from './purchase.service';
import { RefundCase } from './refund-policy';
import { ENROLLMENT_NOT_FOUND, refundEnrollment } from './refund.service';

enum PurchaseStatus {
  SUCCEEDED = 'SUCCEEDED',
  REQUIRES_ACTION = 'REQUIRES_ACTION',
  FAILED = 'FAILED',
}
registerEnumType(PurchaseStatus, { name: 'PurchaseStatus' });

const PaymentId = IdArgs('paymentId', PAYMENT_NOT_FOUND);
type PaymentId = InstanceType<typeof PaymentId>;
const EnrollmentId = IdArgs('enrollmentId', ENROLLMENT_NOT_FOUND);
type EnrollmentId = InstanceType<typeof EnrollmentId>;

@ObjectType()
class PurchaseResult {
  @Field(() => PurchaseStatus)
  status: PurchaseStatus;

  @Field(() => Enrollment, { nullable: true })
  enrollment: Enrollment | null;

  @Field(() => ID, { nullable: true, description: 'For confirmPurchase after a required action' })
  paymentId: string | null;

  @Field(() => String, { nullable: true, description: 'For the card widget to finish a required action (3-D Secure)' })
  clientSecret: string | null;

  @Field(() => String, { nullable: true, description: "Where the buyer pays (SSLCommerz's page), for REQUIRES_ACTION" })
  redirectURL: string | null;

  @Field(() => String, { nullable: true })
  message: string | null;
}

@ObjectType()
class RefundResult {
  @Field(() => ID)
  id: string;

  @Field(() => Int)
  percent: number;

  @Field(() => Float, { description: 'Whole units paid back, in the currency paid', deprecationReason: 'Use amountRefunded (Money, in minor units); kept until 2027-06-30' })
  amount: number;

  @Field(() => Money, { description: 'What is paid back, in the currency that was paid' })
  amountRefunded: Money;
}

const toResult = (outcome: PurchaseOutcome): PurchaseResult => ({
  status: PurchaseStatus[outcome.status],
  enrollment: outcome.enrollment,
  paymentId: outcome.payment?.id ?? null,
  clientSecret: outcome.clientSecret,
  redirectURL: outcome.redirectUrl ?? null,
  message: outcome.message,
});

@Resolver()
export class PurchaseResolver {
  @Authorized(...roles.student)
  @Mutation(() => PurchaseResult, { description: 'Buys a course at its price in the catalogue; a free course enrolls at once' })
  async purchaseCourse(@Arg('input', () => PurchaseInput) input: PurchaseInput, @Ctx() ctx: GraphQLContext): Promise<PurchaseResult> {
    return toResult(await purchaseCourse(ctx.payments, requireViewer(ctx), input));
  }

  @Authorized(...roles.student)
  @Mutation(() => PurchaseResult, { description: 'Records a payment after the card widget finished a required action' })
  async confirmPurchase(@Args(() => PaymentId) { paymentId }: PaymentId, @Ctx() ctx: GraphQLContext): Promise<PurchaseResult> {
    return toResult(await confirmPurchase(ctx.payments, requireViewer(ctx), paymentId));
  }

  @Authorized(...roles.admin)
  @Mutation(() => RefundResult, { description: 'Refunds an enrollment as the refund policy allows and ends its access' })
  async refundEnrollment(
    @Args(() => EnrollmentId) { enrollmentId }: EnrollmentId,
    @Arg('refundCase', () => RefundCase) refundCase: RefundCase,
    @Arg('reportedAt', () => Date, { nullable: true, description: 'When a schedule issue was reported' }) reportedAt: Date | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<RefundResult> {
    const refund = await refundEnrollment(ctx.payments, requireViewer(ctx), { enrollmentId, refundCase, reportedAt }, ctx.clientAddress);
    return { id: refund.id, percent: refund.percent, amount: refund.amountCents / 100, amountRefunded: money(refund.amountCents, refund.currency) };
  }
}

@Resolver(() => Course)
export class CoursePaymentResolver {
  @FieldResolver(() => Boolean, {
    description: "Whether the signed-in student's payment for this course was received and is being checked (held for review): no second payment is taken meanwhile",
  })
  async paymentHeld(@Root() course: Course, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    if (!ctx.viewer) return false;
    return ctx.db.getRepository(Payment).existsBy({ studentId: ctx.viewer.id, courseId: course.id, status: PaymentStatus.HELD });
  }
}
