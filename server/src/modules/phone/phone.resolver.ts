import { deprecated } from '../../graphql/deprecations';
import { Arg, Authorized, Ctx, Field, FieldResolver, Int, Mutation, ObjectType, Resolver, Root } from 'type-graphql';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { answer, AuthPayload } from '../auth/auth.resolver';
import { User } from '../user/user.entity';
import { addPhone, confirmPhone, requestSignInCode, signInWithCode } from './phone-sign-in.service';
import { noCodeCookie } from './code-cookie';

@ObjectType({ description: 'A sign-in code was sent (or, for a number without an account, a sign-up code: the answer is the same)' })
export class SignInCodeSent {
  @Field(() => Int, {
    description: 'Seconds until a new code may be asked for: 30 after the first code, 60 after each later one. Asking earlier is refused with RESEND_TOO_SOON',
  })
  resendAfterSeconds: number;
}

const PROOF_OF_WORK =
  "The solved device check (ALTCHA v2: base64 JSON of { challenge, solution }), when the error's code was CHECK_REQUIRED: its `extensions.challenge` is the challenge to solve. Asked only of numbers without an account while many codes go unused";

const PHONE = 'A Bangladeshi mobile number (013 to 019), 01XXXXXXXXX or +8801XXXXXXXXX, in Bangla or English digits';
const CODE = 'The 6-digit code from the SMS, in Bangla or English digits';

@Resolver(() => User)
export class PhoneResolver {
  @Mutation(() => Boolean, {
    deprecationReason: deprecated('Mutation.requestSignInCode'),
    description:
      "Sends a 6-digit sign-in code by SMS, valid for 5 minutes from when the SMS is sent, for signing in or, for a number without an account, signing up; the answer is the same either way. The code works only in the browser that asked for it: the answer sets an httpOnly cookie that signInWithCode needs. When the site's daily SMS budget is spent, the error's code is SMS_UNAVAILABLE; asked again too soon (30 s after the first code, 60 s after later ones), RESEND_TOO_SOON with `extensions.retryAfterSeconds`. sendSignInCode does the same and says when the next code may be asked for",
  })
  async requestSignInCode(
    @Arg('phone', () => String, { description: PHONE }) phone: string,
    @Arg('proofOfWork', () => String, { nullable: true, description: PROOF_OF_WORK }) proofOfWork: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await requestSignInCode(ctx.auth, phone, ctx.clientAddress, ctx.language, ctx.codeCookie ?? noCodeCookie, proofOfWork);
    return true;
  }

  @Mutation(() => SignInCodeSent, {
    description:
      "Sends a 6-digit sign-in code by SMS, as requestSignInCode does (the same cookie, limits and errors; the same answer whether or not the number has an account), and says when a new code may be asked for. Asked again too soon (30 s after the first code, 60 s after later ones), the error's code is RESEND_TOO_SOON with `extensions.retryAfterSeconds`, and nothing is sent",
  })
  sendSignInCode(
    @Arg('phone', () => String, { description: PHONE }) phone: string,
    @Arg('proofOfWork', () => String, { nullable: true, description: PROOF_OF_WORK }) proofOfWork: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SignInCodeSent> {
    return requestSignInCode(ctx.auth, phone, ctx.clientAddress, ctx.language, ctx.codeCookie ?? noCodeCookie, proofOfWork);
  }

  @Mutation(() => AuthPayload, {
    description:
      'Signs in with a mobile number and its code, from the browser that asked for the code (its cookie); for a number without an account, makes a student account named `name` (without a name the code stays valid and the error names the field `name`). A wrong code from that browser carries `extensions.triesLeft`; after the fifth wrong try the code is dead: CODE_USED_UP',
  })
  async signInWithCode(
    @Arg('phone', () => String, { description: PHONE }) phone: string,
    @Arg('code', () => String, { description: CODE }) code: string,
    @Arg('name', () => String, { nullable: true, description: 'Your name, for a new account; ignored when the number has one' }) name: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthPayload> {
    const payload = answer(ctx, await signInWithCode(ctx.auth, { phone, code, name }, ctx.clientAddress, ctx.language, ctx.codeCookie ?? noCodeCookie));
    ctx.device.remember(payload.user.id);
    return payload;
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description:
      'Sends a code by SMS to a mobile number to add to your account (confirm it with confirmPhone); false when the number is already yours and confirmed',
  })
  addPhone(@Arg('phone', () => String, { description: PHONE }) phone: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return addPhone(ctx.auth, requireViewer(ctx), phone, ctx.clientAddress);
  }

  @Authorized()
  @Mutation(() => User, { description: 'Confirms the number last added with addPhone: it becomes your phone, and you can sign in with it and a code' })
  confirmPhone(@Arg('code', () => String, { description: CODE }) code: string, @Ctx() ctx: GraphQLContext): Promise<User> {
    return confirmPhone(ctx.auth, requireViewer(ctx), code, ctx.clientAddress);
  }

  @FieldResolver(() => Boolean, { description: 'Whether the phone number is confirmed by an SMS code (only a confirmed number signs in)' })
  phoneConfirmed(@Root() user: User): boolean {
    return user.phoneConfirmedAt !== null && user.phoneConfirmedAt !== undefined;
  }
}
