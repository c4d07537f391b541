import { Ctx, Field, FieldResolver, Int, ObjectType, registerEnumType, Resolver, Root } from 'type-graphql';
import { formatMoney, type Money as MoneyAmount } from '../shared/money';
import type { GraphQLContext } from '../kernel/context';

export enum CurrencyCode {
  USD = 'usd',
  BDT = 'bdt',
}

registerEnumType(CurrencyCode, {
  name: 'Currency',
  description: 'The currency an amount is in',
  valuesConfig: { USD: { description: 'US dollars (international cards)' }, BDT: { description: 'Bangladeshi taka (bKash, Nagad, Rocket, local cards)' } },
});

@ObjectType('Money', { description: 'An amount of money in one currency' })
export class Money implements MoneyAmount {
  @Field(() => Int, { description: 'In minor units of the currency: cents of a dollar, poisha of a taka (৳1,200 is 120000)' })
  amount: number;

  @Field(() => CurrencyCode, { description: 'The currency of the amount' })
  currency: MoneyAmount['currency'];
}

@Resolver(() => Money)
export class MoneyResolver {
  @FieldResolver(() => String, { description: 'As people read it in the language of the request: "৳1,200", "৳১,২০০", "$12.50"' })
  formatted(@Root() money: Money, @Ctx() ctx: GraphQLContext): string {
    return formatMoney(money.amount, money.currency, ctx.language);
  }
}
