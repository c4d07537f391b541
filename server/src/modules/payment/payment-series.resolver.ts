import { Args, Authorized, Ctx, Field, Float, Int, ObjectType, Query, registerEnumType, Resolver } from 'type-graphql';
import { roles } from '../auth/guards';
import type { GraphQLContext } from '../../kernel/context';
import { SeriesArgs } from '../../graphql/series-args';
import { SeriesInterval } from '../../shared/period';
import { PaymentMethodKind, paymentSeries } from './payment-series.service';
import { readerOf } from '../integration/api-key.service';
import { ApiScope } from '../integration/api-key.entity';

registerEnumType(PaymentMethodKind, {
  name: 'PaymentMethodKind',
  description: 'A way to pay, as the payment charts group them',
  valuesConfig: {
    BKASH: { description: 'bKash' },
    NAGAD: { description: 'Nagad' },
    ROCKET: { description: 'Rocket' },
    CARD: { description: 'A card (Visa, Mastercard, Amex, local cards), through either provider' },
    OTHER: { description: 'Another wallet (Upay, Tap, OK Wallet), or none recorded (an attempt that failed before the buyer chose)' },
  },
});

@ObjectType({ description: 'Payments of a way to pay over a day or week' })
class PaymentMethodFigures {
  @Field(() => PaymentMethodKind, { description: 'The way to pay' }) method: PaymentMethodKind;
  @Field(() => Int, { description: 'Payments that went through (refunded ones later included)' }) succeeded: number;
  @Field(() => Int, { description: 'Payments that failed' }) failed: number;
  @Field(() => Float, { nullable: true, description: 'failed / (succeeded + failed), from 0 to 1; null when there was neither' })
  failedShare: number | null;
  @Field(() => Float, { description: 'Taka received less refunds, in taka (not poisha); dollar payments are counted, not summed here' })
  receivedTaka: number;
}

@ObjectType({ description: 'One day or week of payments' })
class PaymentSeriesPoint {
  @Field({ description: 'The first day of the day or week, YYYY-MM-DD in Asia/Dhaka (a Monday for weeks)' }) start: string;
  @Field(() => Int, { description: 'Payments that went through' }) succeeded: number;
  @Field(() => Int, { description: 'Payments that failed' }) failed: number;
  @Field(() => Float, { nullable: true, description: 'The share that failed, from 0 to 1; null when there was no payment' }) failedShare: number | null;
  @Field(() => Float, { description: 'Taka received less refunds, in taka' }) receivedTaka: number;
  @Field(() => [PaymentMethodFigures], { description: 'The same per way to pay: bKash, Nagad, Rocket, card, other, always in that order' })
  methods: PaymentMethodFigures[];
}

@ObjectType({ description: 'Payments over a period, by day or week and by way to pay' })
class PaymentSeries {
  @Field({ description: 'The first day, as asked' }) from: string;
  @Field({ description: 'The last day, as asked' }) to: string;
  @Field(() => SeriesInterval, { description: 'By day or by week' }) interval: SeriesInterval;
  @Field(() => [PaymentSeriesPoint], { description: 'Every day or week of the period in order, empty ones with zeros' }) points: PaymentSeriesPoint[];
  @Field(() => Int, { description: 'Payments that went through over the period' }) succeeded: number;
  @Field(() => Int, { description: 'Payments that failed over the period' }) failed: number;
  @Field(() => Float, { nullable: true, description: 'The share that failed over the period, from 0 to 1; null when there was no payment' })
  failedShare: number | null;
  @Field(() => Float, { description: 'Taka received less refunds over the period, in taka' }) receivedTaka: number;
}

@Resolver()
export class PaymentSeriesResolver {
  @Authorized(...roles.admin)
  @Query(() => PaymentSeries, {
    description:
      'Payments finished per day or week of a period (at most 366 days, days in Asia/Dhaka), by way to pay, with the share that failed; payments under way or held are left out; admins, and API keys with payments:read',
  })
  paymentSeries(@Args(() => SeriesArgs) args: SeriesArgs, @Ctx() ctx: GraphQLContext): Promise<PaymentSeries> {
    return paymentSeries(ctx.db, readerOf(ctx, ApiScope.PAYMENTS_READ), args);
  }
}
