import { Arg, Args, ArgsType, Authorized, Ctx, Field, InputType, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../kernel/context';
import { Role } from '../../kernel/role';
import { User } from '../user/user.entity';
import { changePassword, requestPasswordReset, resetPassword, signUp } from './auth.service';
import { resendVerificationEmail, verifyEmail } from './email-verification.service';
import { requireViewer } from '../../graphql/auth-checker';
import { Normalize, Rule, textRule } from '../../shared/validation';
import { typedPhone } from '../../shared/phone';
import { checkBirthDate, checkEmail, checkName, checkPassword, checkPhone } from './sign-up-rules';
import { endSession, refreshSession, startSession, type IssuedSession } from './session.service';

@InputType({ description: 'A new account; every field is required' })
export class SignUpInput {
  @Field(() => String, { description: 'The full name, at most 100 characters' })
  @Rule(textRule(checkName))
  name: string;

  @Field(() => String, { description: 'The sign-in email, at most 254 characters; one account per address' })
  @Rule(textRule(checkEmail))
  email: string;

  @Field(() => String, { description: '8 to 128 characters, not a common password' })
  @Rule(textRule(checkPassword))
  password: string;

  @Field(() => String, { description: 'Bangla or English digits; a Bangladeshi mobile number is kept as +8801XXXXXXXXX' })
  @Normalize(typedPhone)
  @Rule(textRule(checkPhone))
  phone: string;

  @Field(() => String, { description: 'Date of birth, YYYY-MM-DD (Bangla or English digits)' })
  @Normalize()
  @Rule(textRule((date) => checkBirthDate(date)))
  date: string;

  @Field(() => Role, { description: 'STUDENT or INSTRUCTOR' })
  role: Role;
}

@ArgsType()
export class PasswordResetRequestArgs {
  @Field(() => String, { description: 'The sign-in email of the account' })
  @Rule(textRule(checkEmail))
  email: string;
}

@ArgsType()
class ResetPasswordArgs {
  @Field(() => String, { description: 'The token from the reset email’s link; good for 30 minutes and once' })
  token: string;

  @Field(() => String, { description: 'The new password: 8 to 128 characters, not a common password' })
  @Rule(textRule(checkPassword))
  password: string;
}

@ArgsType()
class ChangePasswordArgs {
  @Field(() => String, { description: 'The password now' })
  currentPassword: string;

  @Field(() => String, { description: 'The new password: 8 to 128 characters, not a common password' })
  @Rule(textRule(checkPassword))
  newPassword: string;
}

@ObjectType({ description: 'A signed-in session: a short-lived access token for the Authorization header' })
export class AuthPayload {
  @Field({ description: 'A JWT to send as `Authorization: Bearer <token>`; good for 15 minutes' })
  accessToken: string;

  @Field(() => User, { description: 'The signed-in account' })
  user: User;

  @Field(() => String, {
    nullable: true,
    description:
      'Only for a page of another site listed in CORS_ORIGINS, which gets no refresh cookie: the refresh token to give refreshSession(refreshToken:) for the next access token (each is used once). Null for everyone else, and when two refreshes crossed (keep the previous one then)',
  })
  refreshToken?: string | null;
}

export function answer(ctx: GraphQLContext, session: IssuedSession): AuthPayload {
  if (session.refreshToken) ctx.session.write(session.refreshToken);
  return { accessToken: session.accessToken, user: session.user, refreshToken: ctx.session.crossSite ? session.refreshToken : null };
}

@Resolver()
export class AuthResolver {
  @Mutation(() => AuthPayload, { description: 'Creates a student or instructor account and signs in' })
  async signUp(@Arg('input', () => SignUpInput, { description: 'The new account' }) input: SignUpInput, @Ctx() ctx: GraphQLContext): Promise<AuthPayload> {
    const payload = answer(ctx, await signUp(ctx.auth, input, ctx.clientAddress, ctx.language));
    ctx.device.remember(payload.user.id);
    return payload;
  }

  @Mutation(() => AuthPayload, {
    description: 'Signs in with an email and password; after repeated failures, browsers new to the account must wait (TOO_MANY_REQUESTS)',
  })
  async login(
    @Arg('email', { description: 'The sign-in email' }) email: string,
    @Arg('password', { description: 'The password' }) password: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthPayload> {
    const user = await ctx.checkPassword(email, password);
    const payload = answer(ctx, await startSession(ctx.db, ctx.auth.jwtSecret, user));
    // This browser is now a known one for the account: its correct password is never refused again.
    ctx.device.remember(user.id);
    return payload;
  }

  @Mutation(() => AuthPayload, {
    nullable: true,
    description: 'A new access token from the refresh cookie; null when the browser has no session',
  })
  async refreshSession(
    @Arg('refreshToken', () => String, {
      nullable: true,
      description: "The last AuthPayload.refreshToken, for a page of another site; the browser's cookie otherwise",
    })
    refreshToken: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthPayload | null> {
    const presented = refreshToken ?? ctx.session.read();
    if (!presented) return null;
    try {
      return answer(ctx, await refreshSession(ctx.db, ctx.auth.jwtSecret, presented));
    } catch (error) {
      if (!refreshToken) ctx.session.clear();
      throw error;
    }
  }

  @Mutation(() => Boolean, { description: 'Ends this sign-in' })
  async logout(
    @Arg('refreshToken', () => String, {
      nullable: true,
      description: "The last AuthPayload.refreshToken, for a page of another site; the browser's cookie otherwise",
    })
    refreshToken: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await endSession(ctx.db, refreshToken ?? ctx.session.read(), ctx.viewer?.id ?? null);
    ctx.session.clear();
    return true;
  }

  @Mutation(() => Boolean, { description: 'Emails a reset link if the address has an account; the answer is the same either way' })
  async requestPasswordReset(@Args(() => PasswordResetRequestArgs) { email }: PasswordResetRequestArgs, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await requestPasswordReset(ctx.auth, email, ctx.clientAddress);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Sets a new password with the token from the reset email; ends every sign-in' })
  async resetPassword(@Args(() => ResetPasswordArgs) { token, password }: ResetPasswordArgs, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    const account = await resetPassword(ctx.auth, token, password);
    // The browser that used the emailed link proved it is the owner's.
    ctx.device.remember(account.id);
    return true;
  }

  @Authorized()
  @Mutation(() => AuthPayload, { description: 'Changes the password: every other sign-in ends, this one gets a new session' })
  async changePassword(@Args(() => ChangePasswordArgs) { currentPassword, newPassword }: ChangePasswordArgs, @Ctx() ctx: GraphQLContext): Promise<AuthPayload> {
    return answer(ctx, await changePassword(ctx.auth, requireViewer(ctx), currentPassword, newPassword, ctx.clientAddress));
  }

  @Mutation(() => Boolean, { description: 'Confirms an email address with the token from the emailed link' })
  async verifyEmail(
    @Arg('token', { description: 'The token from the confirmation email’s link; good for 48 hours' }) token: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await verifyEmail(ctx.db, token);
    return true;
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Emails a new confirmation link; false when the address is already confirmed' })
  resendVerificationEmail(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    return resendVerificationEmail(ctx.auth, requireViewer(ctx));
  }
}
