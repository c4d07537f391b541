import { deprecated } from '../../graphql/deprecations';
import { Arg, Ctx, Field, Float, Int, ObjectType, Query, registerEnumType, Resolver } from 'type-graphql';
import { CurrencyCode, Money } from '../../graphql/money';
import { badInput } from '../../shared/errors';
import { money, proposeDollarPrice, proposeTakaPrice, toMinorUnits } from '../../shared/money';
import { PaymentProviderChoice } from './purchase.input';
import type { GraphQLContext } from '../../kernel/context';

@ObjectType({ description: 'What the checkout page needs to show the right card widget' })
class PaymentSettings {
  @Field({ description: 'stripe, test for the offline test mode, or off when payments are turned off (paid purchases are refused)' })
  provider: string;

  @Field({ description: 'No real money moves' })
  testMode: boolean;

  @Field(() => String, { nullable: true, description: "Stripe's publishable key, for Stripe's card element" })
  publishableKey: string | null;

  @Field(() => [PaymentProviderChoice], { description: 'The ways to pay on this site, local (SSLCOMMERZ) first' })
  providers: PaymentProviderChoice[];

  @Field(() => Float, { description: 'Taka for one dollar, for proposing taka prices' })
  usdToBdt: number;
}

export enum PaymentKind {
  HOSTED_PAGE = 'HOSTED_PAGE',
  CARD_FORM = 'CARD_FORM',
}
registerEnumType(PaymentKind, {
  name: 'PaymentKind',
  description: 'How a way to pay works in the checkout',
  valuesConfig: {
    HOSTED_PAGE: { description: 'The buyer gives a name and a mobile number, then pays on the gateway’s page (purchaseCourse answers redirectURL)' },
    CARD_FORM: { description: 'The buyer types a card in the checkout (a card element, then confirmPurchase after a bank’s check)' },
  },
});

@ObjectType({ description: 'A way to pay on this site, as the checkout offers it' })
class PaymentOption {
  @Field(() => PaymentProviderChoice, { description: 'The value to send as PurchaseInput.provider' })
  provider: string;

  @Field(() => PaymentKind, { description: 'How it works in the checkout' })
  kind: PaymentKind;

  @Field({ description: 'What the buyer reads, in the request’s language' })
  label: string;

  @Field(() => [String], { description: 'The ways a buyer pays through it, as buyers know them (bKash, Nagad, Visa...)' })
  methods: string[];

  @Field(() => CurrencyCode, { description: 'The currency it charges in: the course’s price in it is what is charged' })
  currency: CurrencyCode;
}

@Resolver()
export class PaymentSettingsResolver {
  @Query(() => [PaymentOption], { description: 'The ways to pay on this site and how each works, local ones first; anyone may ask' })
  paymentOptions(@Ctx() ctx: GraphQLContext): PaymentOption[] {
    return ctx.payments.providers.entries.map(({ definition }) => ({
      provider: definition.way,
      kind: definition.capabilities.includes('hostedPaymentPage') ? PaymentKind.HOSTED_PAGE : PaymentKind.CARD_FORM,
      label: definition.labels[ctx.language],
      methods: [...definition.methods],
      currency: definition.currency === 'bdt' ? CurrencyCode.BDT : CurrencyCode.USD,
    }));
  }

  @Query(() => PaymentSettings, { description: 'How this site takes payments, for the checkout page; anyone may ask' })
  paymentSettings(@Ctx() ctx: GraphQLContext): PaymentSettings {
    const { providers } = ctx.payments;
    // The provider taking cards names the card widget; with none, the first there is; "off" with none at all.
    const shown = providers.with('cardConfirmation') ?? providers.entries[0]?.provider;
    return {
      provider: shown?.name ?? 'off',
      testMode: shown?.testMode ?? false,
      publishableKey: ctx.payments.publishableKey,
      providers: providers.ways,
      usdToBdt: ctx.payments.usdToBdt,
    };
  }

  @Query(() => Money, { description: 'The taka price proposed for a dollar price (at USD_TO_BDT, rounded to a tidy figure), for the course editor' })
  takaPriceProposal(
    @Arg('dollars', () => Float, { description: 'Dollars, cents as decimals, 0 to 10000' }) dollars: number,
    @Ctx() ctx: GraphQLContext,
  ): Money {
    return money(toMinorUnits(this.proposedTakaPrice(dollars, ctx)), 'bdt');
  }

  @Query(() => Money, {
    description: 'The dollar price proposed for a taka price, for international cards (at USD_TO_BDT, to the whole dollar), for the course editor',
  })
  usdPriceProposal(@Arg('taka', () => Int, { description: 'Whole taka, 0 to 2000000' }) taka: number, @Ctx() ctx: GraphQLContext): Money {
    return money(toMinorUnits(this.proposedUsdPrice(taka, ctx)), 'usd');
  }

  @Query(() => Int, {
    description: 'The taka price proposed for a dollar price (at USD_TO_BDT, rounded to a tidy figure)',
    deprecationReason: deprecated('Query.proposedTakaPrice'),
  })
  proposedTakaPrice(
    @Arg('dollars', () => Float, { description: 'Dollars, cents as decimals, 0 to 10000' }) dollars: number,
    @Ctx() ctx: GraphQLContext,
  ): number {
    if (!Number.isFinite(dollars) || dollars < 0 || dollars > 10_000) throw badInput('dollars must be from 0 to 10000');
    return proposeTakaPrice(dollars, ctx.payments.usdToBdt);
  }

  @Query(() => Float, {
    description: 'The dollar price proposed for a taka price, for international cards (at USD_TO_BDT, to the whole dollar)',
    deprecationReason: deprecated('Query.proposedUsdPrice'),
  })
  proposedUsdPrice(@Arg('taka', () => Int, { description: 'Whole taka, 0 to 2000000' }) taka: number, @Ctx() ctx: GraphQLContext): number {
    if (!Number.isInteger(taka) || taka < 0 || taka > 2_000_000) throw badInput('taka must be a whole number from 0 to 2000000');
    return proposeDollarPrice(taka, ctx.payments.usdToBdt);
  }

  @Query(() => Float, { description: 'As proposedUsdPrice', deprecationReason: deprecated('Query.proposedDollarPrice') })
  proposedDollarPrice(@Arg('taka', () => Int, { description: 'Whole taka, 0 to 2000000' }) taka: number, @Ctx() ctx: GraphQLContext): number {
    return this.proposedUsdPrice(taka, ctx);
  }
}
