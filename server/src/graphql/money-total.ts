import { Field, Float, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Money kept in one currency: totals are never summed across currencies' })
export class MoneyTotal {
  @Field({ description: 'usd or bdt' })
  currency: string;

  @Field(() => Float, { description: 'Whole units of the currency (dollars, taka)' })
  amount: number;
}
