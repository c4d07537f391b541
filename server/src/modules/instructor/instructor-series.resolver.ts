import { Args, Authorized, Ctx, Field, Float, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { roles } from '../auth/guards';
import type { GraphQLContext } from '../../kernel/context';
import { SeriesArgs } from '../../graphql/series-args';
import { SeriesInterval } from '../../shared/period';
import { instructorRevenueSeries } from './instructor-series.service';
import { readerOf } from '../integration/api-key.service';
import { ApiScope } from '../integration/api-key.entity';
import { Money } from '../../graphql/money';
import { deprecated } from '../../graphql/deprecations';

@ObjectType({ description: "One day or week of an instructor's sales" })
class InstructorRevenuePoint {
  @Field({ description: 'The first day of the day or week, YYYY-MM-DD in Asia/Dhaka (a Monday for weeks)' }) start: string;
  @Field(() => Money, { description: 'Taka received less refunds, from payments started that day or week' })
  revenue: Money;
  @Field(() => Float, {
    description: 'Taka received less refunds, in taka (not poisha), from payments started that day or week',
    deprecationReason: deprecated('InstructorRevenuePoint.revenueTaka'),
  })
  revenueTaka: number;
  @Field(() => Int, { description: 'Enrollments made that day or week and in force now (refunded ones not counted), free ones included' })
  enrollments: number;
}

@ObjectType({ description: "An instructor's taka revenue and enrollments over a period, from their own courses" })
class InstructorRevenueSeries {
  @Field({ description: 'The first day, as asked' }) from: string;
  @Field({ description: 'The last day, as asked' }) to: string;
  @Field(() => SeriesInterval, { description: 'By day or by week' }) interval: SeriesInterval;
  @Field(() => [InstructorRevenuePoint], { description: 'Every day or week of the period in order, empty ones with zeros' })
  points: InstructorRevenuePoint[];
  @Field(() => Money, { description: 'Taka received less refunds over the period' }) totalRevenue: Money;
  @Field(() => Float, {
    description: 'Taka received less refunds over the period, in taka',
    deprecationReason: deprecated('InstructorRevenueSeries.totalRevenueTaka'),
  })
  totalRevenueTaka: number;
  @Field(() => Int, { description: 'Enrollments over the period' }) totalEnrollments: number;
}

@Resolver()
export class InstructorSeriesResolver {
  @Authorized(...roles.staff)
  @Query(() => InstructorRevenueSeries, {
    description:
      "The signed-in instructor's taka revenue and new enrollments per day or week of a period (at most 366 days, days in Asia/Dhaka), over their own courses only; instructors and admins, and their API keys with instructor:read",
  })
  instructorRevenueSeries(@Args(() => SeriesArgs) args: SeriesArgs, @Ctx() ctx: GraphQLContext): Promise<InstructorRevenueSeries> {
    return instructorRevenueSeries(ctx.db, readerOf(ctx, ApiScope.INSTRUCTOR_READ), args);
  }
}
