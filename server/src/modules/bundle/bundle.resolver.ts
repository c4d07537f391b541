import { IsOptional } from 'class-validator';
import { Arg, Args, Authorized, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { requireViewer } from '../../graphql/auth-checker';
import { IdArgs } from '../../graphql/id-args';
import { Money } from '../../graphql/money';
import type { GraphQLContext } from '../../kernel/context';
import { money } from '../../shared/money';
import { AppError } from '../../shared/errors';
import { IsId, Rule, optionalText } from '../../shared/validation';
import { validationMessages as m } from '../../shared/validation-messages';
import { roles } from '../auth/guards';
import { Course } from '../course/course.entity';
import {
  BillingDetailsInput,
  MAX_BILLING_DETAILS_LENGTH,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_PAYMENT_METHOD_LENGTH,
  PaymentProviderChoice,
} from '../payment/purchase.input';
import { PurchaseResult, toResult } from '../payment/purchase.resolver';
import {
  BUNDLE_NOT_FOUND,
  createBundle,
  findBundle,
  listAllBundles,
  listBundles,
  purchaseBundle,
  setBundleOnSale,
  updateBundle,
  type BundleView,
} from './bundle.service';

const PRICE_RULE =
  "A student who owns some of the courses already pays the bundle's price scaled by the share of the list price of the courses not yet owned, rounded to whole taka, and never more than the sum of those courses' own prices";

@ObjectType('Bundle', { description: 'Published courses sold together at one taka price; buying it enrolls in every course in one payment' })
class BundleType {
  @Field(() => ID, { description: 'The bundle' }) id: string;
  @Field({ description: 'Its name' }) name: string;
  @Field(() => [Course], { description: 'Its courses, in order' }) courses: Course[];
  @Field(() => Money, { description: "The bundle's price, in taka" }) price: Money;
  @Field(() => Money, { description: "The sum of its courses' own taka prices" }) listPrice: Money;
  @Field(() => Money, { description: 'What the bundle saves over buying its courses one by one (listPrice less price)' }) saving: Money;
  @Field(() => Money, { description: `What the signed-in student pays in taka (visitors: price). ${PRICE_RULE}. Zero when every course is owned` })
  priceForYou: Money;
  @Field(() => Money, { nullable: true, description: 'The same by international card, in dollars (the same saving); null when a course is sold in taka only' })
  cardPriceForYou: Money | null;
  @Field(() => [ID], { description: 'Which of its courses the signed-in student owns already (none for visitors)' }) ownedCourseIds: string[];
  @Field({ description: 'Sold now: not withdrawn by an admin, and every course of it still sold (only allBundles lists others)' }) onSale: boolean;
  @Field({ description: 'When it was made' }) createdAt: Date;
}

const toBundle = (view: BundleView): BundleType => ({
  id: view.bundle.id,
  name: view.bundle.name,
  courses: view.courses,
  price: money(view.bundle.priceMinor, 'bdt'),
  listPrice: money(view.listMinor, 'bdt'),
  saving: money(Math.max(0, view.listMinor - view.bundle.priceMinor), 'bdt'),
  priceForYou: money(view.priceForYouMinor, 'bdt'),
  cardPriceForYou: view.cardPriceForYouMinor === null ? null : money(view.cardPriceForYouMinor, 'usd'),
  ownedCourseIds: view.ownedCourseIds,
  onSale: view.onSale,
  createdAt: view.bundle.createdAt,
});

@InputType({ description: "A bundle's name, courses and price: a new one's, or new ones for a bundle (updateBundle)" })
class CreateBundleInput {
  @Field({ description: '3 to 120 characters' })
  @Rule(optionalText('name', 120))
  name: string;

  @Field(() => [ID], { description: 'At least 2 different published paid courses, in the order the page shows them' })
  courseIds: string[];

  @Field(() => Int, { description: "Whole taka, above 0 and below the sum of the courses' taka prices" })
  priceBDT: number;
}

@InputType({ description: 'A purchase of a bundle at the price for the courses the student does not own yet (Bundle.priceForYou)' })
class PurchaseBundleInput {
  @Field(() => ID, { description: 'The bundle to buy' })
  @IsId(BUNDLE_NOT_FOUND, 'BUNDLE_NOT_FOUND')
  bundleId: string;

  @Field(() => PaymentProviderChoice, { nullable: true, description: 'Who takes the payment; STRIPE when left out' })
  @IsOptional()
  provider?: string | null;

  @Field(() => String, { nullable: true, description: 'For STRIPE: a PaymentMethod id or test id (pm_card_visa, ...), at most 255 characters' })
  @Rule(function paymentMethod(value) {
    return typeof value === 'string' && value.length > MAX_PAYMENT_METHOD_LENGTH ? m.tooLong('paymentMethod') : null;
  })
  paymentMethod?: string | null;

  @Field(() => BillingDetailsInput, { nullable: true, description: 'Who pays; SSLCOMMERZ needs at least the mobile number' })
  @Rule(function billingDetails(value) {
    return JSON.stringify(value ?? {}).length > MAX_BILLING_DETAILS_LENGTH ? m.tooLong('billingDetails') : null;
  })
  billingDetails?: BillingDetailsInput | null;

  @Field(() => String, { nullable: true, description: 'The same key for a retried request gives the first answer; at most 200 characters' })
  @Rule(optionalText('idempotencyKey', MAX_IDEMPOTENCY_KEY_LENGTH))
  idempotencyKey?: string | null;
}

const BundleId = IdArgs('id', BUNDLE_NOT_FOUND, 'The bundle', 'BUNDLE_NOT_FOUND');
type BundleId = InstanceType<typeof BundleId>;

@Resolver()
export class BundleResolver {
  @Query(() => [BundleType], { description: 'Every bundle on sale, newest first; for anyone' })
  async bundles(@Ctx() ctx: GraphQLContext): Promise<BundleType[]> {
    return (await listBundles(ctx.db, ctx.viewer ?? null)).map(toBundle);
  }

  @Query(() => BundleType, { nullable: true, description: 'One bundle on sale; null for an unknown id or one whose course is no longer sold; for anyone' })
  async bundle(@Args(() => BundleId) { id }: BundleId, @Ctx() ctx: GraphQLContext): Promise<BundleType | null> {
    const view = await findBundle(ctx.db, ctx.viewer ?? null, id).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'BUNDLE_NOT_FOUND') return null;
      throw error;
    });
    return view && toBundle(view);
  }

  @Authorized(...roles.admin)
  @Mutation(() => BundleType, { description: 'Makes a bundle of published courses at one taka price; admins only' })
  async createBundle(
    @Arg('input', () => CreateBundleInput, { description: 'Its name, courses and price' }) input: CreateBundleInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BundleType> {
    return toBundle(await createBundle(ctx.db, requireViewer(ctx), input));
  }

  @Authorized(...roles.admin)
  @Query(() => [BundleType], { description: 'Every bundle, those no longer on sale included (onSale), newest first; admins only' })
  async allBundles(@Ctx() ctx: GraphQLContext): Promise<BundleType[]> {
    return (await listAllBundles(ctx.db, requireViewer(ctx))).map(toBundle);
  }

  @Authorized(...roles.admin)
  @Mutation(() => BundleType, {
    description: "Changes a bundle's name, courses or price by the rules of a new one; payments under way keep what they were opened for; admins only",
  })
  async updateBundle(
    @Args(() => BundleId) { id }: BundleId,
    @Arg('input', () => CreateBundleInput, { description: 'Its new name, courses and price' }) input: CreateBundleInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BundleType> {
    return toBundle(await updateBundle(ctx.db, requireViewer(ctx), id, input));
  }

  @Authorized(...roles.admin)
  @Mutation(() => BundleType, { description: 'Stops selling a bundle (onSale false) or sells it again; its buyers keep their courses; admins only' })
  async setBundleOnSale(
    @Args(() => BundleId) { id }: BundleId,
    @Arg('onSale', { description: 'True to sell it, false to stop' }) onSale: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BundleType> {
    return toBundle(await setBundleOnSale(ctx.db, requireViewer(ctx), id, onSale));
  }

  @Authorized(...roles.student)
  @Mutation(() => PurchaseResult, {
    description: `Buys a bundle in one payment, enrolling in every course of it not owned yet (as purchaseCourse answers, for every way to pay); students only. ${PRICE_RULE}`,
  })
  async purchaseBundle(
    @Arg('input', () => PurchaseBundleInput, { description: 'The bundle and how to pay' }) input: PurchaseBundleInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PurchaseResult> {
    return toResult(await purchaseBundle(ctx.payments, requireViewer(ctx), { ...input, address: ctx.clientAddress }), ctx.language);
  }
}
