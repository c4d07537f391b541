import { IsOptional } from 'class-validator';
import { Field, ID, InputType, registerEnumType } from 'type-graphql';
import { IsId, Normalize, optionalText, Rule } from '../../shared/validation';
import { typedPhone } from '../../shared/phone';
import { validationMessages as m } from '../../shared/validation-messages';
import { WAY_DESCRIPTIONS, WAYS_TO_PAY } from '../../payments/registry';
import { COURSE_NOT_FOUND } from '../course/course.service';

export const MAX_PAYMENT_METHOD_LENGTH = 255;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
/** Billing details, written as JSON, are at most this long. */
export const MAX_BILLING_DETAILS_LENGTH = 2000;

/** The ways to pay, one per provider of the registry (payments/registry.ts): a new provider adds its value. */
export const PaymentProviderChoice: Record<string, string> = WAYS_TO_PAY;
export type PaymentProviderChoice = string;
registerEnumType(PaymentProviderChoice, {
  name: 'PaymentProvider',
  description: 'A way to pay, each in its own currency',
  valuesConfig: WAY_DESCRIPTIONS,
});

@InputType({ description: "The payer's postal address, kept with the payment as given; every part optional" })
export class AddressInput {
  @Field(() => String, { nullable: true, description: 'First line: house and street' }) line1?: string | null;
  @Field(() => String, { nullable: true, description: 'Second line: flat, floor or area' }) line2?: string | null;
  @Field(() => String, { nullable: true, description: 'City or town' }) city?: string | null;
  @Field(() => String, { nullable: true, description: 'State, division or region' }) state?: string | null;
  @Field(() => String, { nullable: true, description: 'Postal code' }) postalCode?: string | null;
  @Field(() => String, { nullable: true, description: 'Country; the site sends a two-letter code such as BD' }) country?: string | null;
}

@InputType({
  description: 'Who pays, as the payment form collected it; at most 2000 characters in all (as JSON). SSLCOMMERZ needs a Bangladeshi mobile number',
})
export class BillingDetailsInput {
  @Field(() => String, { nullable: true, description: "The payer's name; for SSLCOMMERZ at most 100 characters, the account's name when left out" })
  name?: string | null;
  @Field(() => String, { nullable: true, description: "The payer's email; for SSLCOMMERZ the account's email when left out" })
  email?: string | null;
  @Field(() => String, { nullable: true, description: 'Bangla or English digits; a Bangladeshi mobile number becomes +8801XXXXXXXXX' })
  @Normalize(typedPhone)
  phone?: string | null;
  @Field(() => AddressInput, { nullable: true, description: "The payer's postal address, kept with a card payment" }) address?: AddressInput | null;
}

/** Used by GraphQL's purchaseCourse and the old POST /payment alike. */
@InputType({ description: 'A purchase of one course at its catalogue price (the price is never taken from the client)' })
export class PurchaseInput {
  @Field(() => ID, { description: 'The course to buy' })
  @IsId(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND')
  courseId: string;

  @Field(() => PaymentProviderChoice, { nullable: true, description: 'Who takes the payment; STRIPE when left out' })
  @IsOptional()
  provider?: PaymentProviderChoice | null;

  @Field(() => String, {
    nullable: true,
    description: 'A Stripe PaymentMethod id or test id (pm_card_visa, tok_visa, ...), at most 255 characters; not needed for a free course or SSLCOMMERZ',
  })
  @Rule(function paymentMethod(value) {
    return typeof value === 'string' && value.length > MAX_PAYMENT_METHOD_LENGTH ? m.tooLong('paymentMethod') : null;
  })
  paymentMethod?: string | null;

  @Field(() => BillingDetailsInput, { nullable: true, description: 'Who pays; at most 2000 characters as JSON; SSLCOMMERZ needs at least the mobile number' })
  @Rule(function billingDetails(value) {
    return JSON.stringify(value ?? {}).length > MAX_BILLING_DETAILS_LENGTH ? m.tooLong('billingDetails') : null;
  })
  billingDetails?: BillingDetailsInput | null;

  @Field(() => String, { nullable: true, description: 'The same key for a retried request gives the first answer; at most 200 characters' })
  @Rule(optionalText('idempotencyKey', MAX_IDEMPOTENCY_KEY_LENGTH))
  idempotencyKey?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'A coupon code (any case): the price is lowered by it (couponPreview shows by how much), or the purchase is refused with its reason',
  })
  @Rule(optionalText('couponCode', 30))
  couponCode?: string | null;
}
