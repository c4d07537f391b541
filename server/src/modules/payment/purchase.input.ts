import { IsOptional } from 'class-validator';
import { Field, ID, InputType, registerEnumType } from 'type-graphql';
import { IsId, Normalize, optionalText, Rule } from '../../shared/validation';
import { typedPhone } from '../../shared/phone';
import { validationMessages as m } from '../../shared/validation-messages';
import { COURSE_NOT_FOUND } from '../course/course.service';

export const MAX_PAYMENT_METHOD_LENGTH = 255;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
/** Billing details, written as JSON, are at most this long. */
export const MAX_BILLING_DETAILS_LENGTH = 2000;

export enum PaymentProviderChoice {
  STRIPE = 'STRIPE',
  SSLCOMMERZ = 'SSLCOMMERZ',
}
registerEnumType(PaymentProviderChoice, {
  name: 'PaymentProvider',
  description: 'STRIPE: international cards, in dollars; SSLCOMMERZ: bKash, Nagad, Rocket and local cards, in taka',
});

@InputType()
export class AddressInput {
  @Field(() => String, { nullable: true }) line1?: string | null;
  @Field(() => String, { nullable: true }) line2?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) state?: string | null;
  @Field(() => String, { nullable: true }) postalCode?: string | null;
  @Field(() => String, { nullable: true }) country?: string | null;
}

@InputType()
export class BillingDetailsInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true, description: 'Bangla or English digits; a Bangladeshi mobile number becomes +8801XXXXXXXXX' })
  @Normalize(typedPhone)
  phone?: string | null;
  @Field(() => AddressInput, { nullable: true }) address?: AddressInput | null;
}

/** Used by GraphQL's purchaseCourse and the old POST /payment alike. */
@InputType()
export class PurchaseInput {
  @Field(() => ID)
  @IsId(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND')
  courseId: string;

  @Field(() => PaymentProviderChoice, { nullable: true, description: 'Who takes the payment; STRIPE when left out' })
  @IsOptional()
  provider?: PaymentProviderChoice | null;

  @Field(() => String, { nullable: true, description: 'A Stripe PaymentMethod id or test id (pm_card_visa, tok_visa, ...); not needed for a free course' })
  @Rule(function paymentMethod(value) {
    return typeof value === 'string' && value.length > MAX_PAYMENT_METHOD_LENGTH ? m.tooLong('paymentMethod') : null;
  })
  paymentMethod?: string | null;

  @Field(() => BillingDetailsInput, { nullable: true })
  @Rule(function billingDetails(value) {
    return JSON.stringify(value ?? {}).length > MAX_BILLING_DETAILS_LENGTH ? m.tooLong('billingDetails') : null;
  })
  billingDetails?: BillingDetailsInput | null;

  @Field(() => String, { nullable: true, description: 'The same key for a retried request gives the first answer' })
  @Rule(optionalText('idempotencyKey', MAX_IDEMPOTENCY_KEY_LENGTH))
  idempotencyKey?: string | null;
}
