import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { answer, AuthPayload } from '../auth/auth.resolver';
import { User } from '../user/user.entity';
import { addPhone, confirmPhone, requestSignInCode, signInWithCode } from './phone-sign-in.service';
import { noCodeCookie } from './code-cookie';

const PHONE = 'A Bangladeshi mobile number (013 to 019), 01XXXXXXXXX or +8801XXXXXXXXX, in Bangla or English digits';
const CODE = 'The 6-digit code from the SMS, in Bangla or English digits';

@Resolver(() => User)
export class PhoneResolver {
  @Mutation(() => Boolean, {
    description:
      "Sends a 6-digit sign-in code by SMS, valid for 5 minutes from when the SMS is sent, for signing in or, for a number without an account, signing up; the answer is the same either way. The code works only in the browser that asked for it: the answer sets an httpOnly cookie that signInWithCode needs. When the site's daily SMS budget is spent, the error's code is SMS_UNAVAILABLE",
  })
  requestSignInCode(
    @Arg('phone', () => String, { description: PHONE }) phone: string,
    @Arg('proofOfWork', () => String, {
      nullable: true,
      description:
        "The solved device check (ALTCHA v2: base64 JSON of { challenge, solution }), when the error's code was CHECK_REQUIRED: its `extensions.challenge` is the challenge to solve. Asked only of numbers without an account while many codes go unused",
    })
    proofOfWork: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    return requestSignInCode(ctx.auth, phone, ctx.clientAddress, ctx.language, ctx.codeCookie ?? noCodeCookie, proofOfWork);
  }

  @Mutation(() => AuthPayload, {
    description:
      'Signs in with a mobile number and its code, from the browser that asked for the code (its cookie); for a number without an account, makes a student account named `name` (without a name the code stays valid and the error names the field `name`)',
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
