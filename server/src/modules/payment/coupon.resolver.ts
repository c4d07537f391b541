import { Arg, Authorized, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { Money } from '../../graphql/money';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { notFound } from '../../shared/errors';
import { money } from '../../shared/money';
import { roles } from '../auth/guards';
import { COURSE_NOT_FOUND, findCourse } from '../course/course.service';
import { wayToPay } from '../../payments/registry';
import type { Coupon as CouponRow } from './coupon.entity';
import { createCoupon, listCoupons, priceWithCoupon } from './coupon.service';
import { PaymentProviderChoice } from './purchase.input';

@InputType({ description: 'A new coupon: a percentage or an amount of taka off, with optional limits' })
class CouponInput {
  @Field({ description: '3 to 30 Latin letters and digits, matched whatever the case (EID25)' })
  code: string;

  @Field(() => Int, { nullable: true, description: 'Percent off the price, 1 to 100 (100: the course is given free); or amountOffBDT' })
  percentOff?: number | null;

  @Field(() => Int, { nullable: true, description: 'Whole taka off a taka price (taka payments only); or percentOff' })
  amountOffBDT?: number | null;

  @Field(() => [ID], { nullable: true, description: 'The courses it is for; none: every course (admins only). Instructors: their own courses' })
  courseIds?: string[] | null;

  @Field(() => Date, { nullable: true, description: 'When it stops working; never when left out' })
  expiresAt?: Date | null;

  @Field(() => Int, { nullable: true, description: 'Uses in all; no limit when left out' })
  maxUses?: number | null;

  @Field(() => Int, { nullable: true, description: 'Uses per student; 1 when left out' })
  maxUsesPerStudent?: number | null;

  @Field(() => Int, { nullable: true, description: 'The least taka price of a course it applies to, in whole taka' })
  minPriceBDT?: number | null;
}

@ObjectType({ description: 'A coupon, with its uses and what was received through it' })
class CouponSummary {
  @Field(() => ID, { description: 'The coupon' }) id: string;
  @Field({ description: 'Its code, in capitals' }) code: string;
  @Field(() => Int, { nullable: true, description: 'Percent off' }) percentOff: number | null;
  @Field(() => Money, { nullable: true, description: 'Taka off' }) amountOff: Money | null;
  @Field(() => [ID], { description: 'The courses it is for; empty: every course' }) courseIds: string[];
  @Field(() => Date, { nullable: true, description: 'When it stops working' }) expiresAt: Date | null;
  @Field(() => Int, { nullable: true, description: 'Uses in all' }) maxUses: number | null;
  @Field(() => Int, { description: 'Uses per student' }) maxUsesPerStudent: number;
  @Field(() => Money, { nullable: true, description: 'The least taka price it applies to' }) minPrice: Money | null;
  @Field(() => Int, { description: 'Times used: payments that did not fail, and courses it gave free' }) uses: number;
  @Field(() => [Money], { description: 'Received through it less refunds, one amount per currency' }) revenue: Money[];
  @Field({ description: 'When it was made' }) createdAt: Date;
}

const summaryOf = (coupon: CouponRow, uses = 0, revenue: Array<{ amount: number; currency: string }> = []): CouponSummary => ({
  id: coupon.id,
  code: coupon.code,
  percentOff: coupon.percentOff,
  amountOff: coupon.amountOffMinor === null ? null : money(coupon.amountOffMinor, 'bdt'),
  courseIds: coupon.courseIds,
  expiresAt: coupon.expiresAt,
  maxUses: coupon.maxUses,
  maxUsesPerStudent: coupon.maxUsesPerStudent,
  minPrice: coupon.minPriceMinor === null ? null : money(coupon.minPriceMinor, 'bdt'),
  uses,
  revenue: revenue.map((total) => money(total.amount, total.currency)),
  createdAt: coupon.createdAt,
});

@Resolver()
export class CouponResolver {
  @Authorized(...roles.staff)
  @Mutation(() => CouponSummary, { description: 'Makes a coupon: admins for any or every course, instructors for their own courses' })
  async createCoupon(@Arg('input', () => CouponInput, { description: 'The coupon' }) input: CouponInput, @Ctx() ctx: GraphQLContext): Promise<CouponSummary> {
    return summaryOf(await createCoupon(ctx.db, requireViewer(ctx), input));
  }

  @Authorized(...roles.staff)
  @Query(() => [CouponSummary], {
    description: 'Coupons with their uses and revenue, newest first (at most 200): every one for admins, their own for instructors',
  })
  async coupons(@Ctx() ctx: GraphQLContext): Promise<CouponSummary[]> {
    return (await listCoupons(ctx.db, requireViewer(ctx))).map((report) => summaryOf(report.coupon, report.uses, report.revenue));
  }

  // A mutation, not a query: a wrong code counts against the student's guesses (reads only read).
  @Authorized(...roles.student)
  @Mutation(() => Money, {
    description:
      'The price of a course with a coupon, for the signed-in student, in the currency of the way to pay (taka when left out); refused with the reason when it does not apply. Wrong codes count against the student (10 an hour)',
  })
  async couponPreview(
    @Arg('courseId', () => ID, { description: 'The course' }) courseId: string,
    @Arg('code', { description: 'The coupon code, any case' }) code: string,
    @Arg('provider', () => PaymentProviderChoice, { nullable: true, description: 'The way to pay; its currency prices the course (SSLCOMMERZ: taka)' })
    provider: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Money> {
    const viewer = requireViewer(ctx);
    const course = await findCourse(ctx.db, courseId);
    if (!course) throw notFound(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
    const currency = provider ? (wayToPay(provider)?.currency ?? 'bdt') : 'bdt';
    const priced = await priceWithCoupon(ctx.db, { code, course, studentId: viewer.id, currency });
    return money(priced.amountMinor, currency);
  }
}
