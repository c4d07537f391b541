import { ArgsType, Field, registerEnumType } from 'type-graphql';
import { SeriesInterval } from '../shared/period';

registerEnumType(SeriesInterval, {
  name: 'SeriesInterval',
  description: "How a chart's figures are grouped, in Asia/Dhaka time",
  valuesConfig: { DAY: { description: 'One figure a day' }, WEEK: { description: 'One figure a week, weeks starting on Monday' } },
});

/** A chart's period: two dates in Asia/Dhaka, both included, at most 366 days, and how to group it. */
@ArgsType()
export class SeriesArgs {
  @Field({ description: 'The first day of the period, YYYY-MM-DD in Asia/Dhaka (included)' })
  from: string;

  @Field({ description: 'The last day of the period, YYYY-MM-DD in Asia/Dhaka (included); at most 366 days after from' })
  to: string;

  @Field(() => SeriesInterval, { defaultValue: SeriesInterval.DAY, description: 'By day (the default) or by week' })
  interval: SeriesInterval;
}
