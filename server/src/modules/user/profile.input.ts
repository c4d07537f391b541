import { Field, InputType } from 'type-graphql';
import { blankOr, Normalize, optionalText, optionalWebAddress, Rule, textRule } from '../../shared/validation';
import { typedPhone } from '../../shared/phone';
import { checkBirthDate, checkEmail, checkName, checkPhone } from '../auth/sign-up-rules';

export const MAX_AVATAR_URL_LENGTH = 500;
export const MAX_EDUCATION_LENGTH = 200;

/** Used by GraphQL's updateProfile and the old POST /api/users alike. */
@InputType({ description: 'Profile fields to change; a field left out stays as it is, an empty one is cleared' })
export class ProfileInput {
  @Field(() => String, { nullable: true, description: 'The full name, at most 100 characters; cannot be cleared' })
  @Rule((value) => (value === null || value === undefined ? null : textRule(checkName)(value, {})))
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Bangla or English digits; a Bangladeshi mobile number is kept as +8801XXXXXXXXX' })
  @Normalize(typedPhone)
  @Rule(blankOr(textRule(checkPhone)))
  phone?: string | null;

  @Field(() => String, { nullable: true, description: 'Date of birth, YYYY-MM-DD (Bangla or English digits)' })
  @Normalize()
  @Rule(blankOr(textRule((date) => checkBirthDate(date))))
  date?: string | null;

  @Field(() => String, { nullable: true, description: 'Avatar URL' })
  @Rule(optionalWebAddress('Avatar URL', MAX_AVATAR_URL_LENGTH))
  image?: string | null;

  @Field(() => String, { nullable: true, description: 'Education, at most 200 characters' })
  @Rule(optionalText('Education', MAX_EDUCATION_LENGTH))
  eduQualification?: string | null;

  @Field(() => String, { nullable: true, description: 'An email to be reached at, other than the sign-in one' })
  @Rule(blankOr(textRule((email) => checkEmail(email, 'Contact email'))))
  contactEmail?: string | null;
}
