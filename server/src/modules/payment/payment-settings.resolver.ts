import { Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';

@ObjectType({ description: 'What the checkout page needs to show the right card widget' })
class PaymentSettings {
  @Field({ description: 'stripe, or test for the offline test mode' })
  provider: string;

  @Field({ description: 'No real money moves' })
  testMode: boolean;

  @Field(() => String, { nullable: true, description: "Stripe's publishable key, for Stripe's card element" })
  publishableKey: string | null;
}

@Resolver()
export class PaymentSettingsResolver {
  @Query(() => PaymentSettings)
  paymentSettings(@Ctx() ctx: GraphQLContext): PaymentSettings {
    const { provider } = ctx.payments;
    return { provider: provider.name, testMode: provider.testMode, publishableKey: ctx.payments.publishableKey };
  }
}
