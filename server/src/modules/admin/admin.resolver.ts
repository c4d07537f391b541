import { Args, ArgsType, Authorized, Ctx, Field, Float, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { roles } from '../auth/guards';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { MoneyTotal } from '../../graphql/money-total';
import { Money } from '../../graphql/money';
import { Role } from '../../kernel/role';
import { User } from '../user/user.entity';
import { adminSummary } from './admin-summary.service';
import { deleteUser, listUsers, makeAdmin, removeAdmin, reopenAccount } from './user-admin.service';
import { deprecated } from '../../graphql/deprecations';

@ObjectType({ description: 'An account made lately (closed ones left out)' })
class RecentSignUp {
  @Field(() => ID, { description: 'The account' }) id: string;
  @Field({ description: 'Its name' }) name: string;
  @Field(() => String, { nullable: true, description: 'Its sign-in email; null for an account made with a mobile number' }) email: string | null;
  @Field(() => String, { nullable: true, description: 'The phone number, +8801XXXXXXXXX for a Bangladeshi mobile' }) phone: string | null;
  @Field(() => Role, { description: 'Its role now' }) role: Role;
  @Field({ description: 'When it was made (ISO 8601)' }) createdAt: Date;
}

@ObjectType({ description: 'A successful payment made lately' })
class RecentPurchase {
  @Field(() => ID, { description: 'The payment' }) id: string;
  @Field({ description: "The paying student's name" }) studentName: string;
  @Field({ description: 'The course bought' }) courseName: string;
  @Field(() => Float, {
    description: 'What was paid, in whole units of currency (dollars or taka; cents as decimals)',
    deprecationReason: deprecated('RecentPurchase.amount'),
  })
  amount: number;
  @Field(() => Money, { description: 'What was paid, in its own currency' }) amountPaid: Money;
  @Field({ description: 'usd or bdt', deprecationReason: deprecated('RecentPurchase.currency') }) currency: string;
  @Field({ description: 'When the payment was started (ISO 8601)' }) createdAt: Date;
}

@ObjectType({ description: 'Sign-in codes by SMS over a period' })
class SignInCodeCounts {
  @Field(() => Int, { description: 'Codes sent by SMS' }) sent: number;
  @Field(() => Int, { description: 'Codes used to sign in, sign up or confirm a number' }) used: number;
  @Field(() => Int, {
    description: 'Wrong or expired codes tried, requests refused by a limit, and codes dropped unsent after waiting 30 minutes for the daily SMS budget',
  })
  refused: number;
  @Field(() => Int, { description: 'Codes asked for past the daily SMS budget: they waited in the outbox (sent once the budget allowed, or dropped)' })
  held: number;
}

@ObjectType({ description: 'Sign-in codes by SMS: today (Asia/Dhaka) and the last 30 days' })
class SignInCodeSummary {
  @Field(() => SignInCodeCounts, { description: 'Today, in Asia/Dhaka' }) today: SignInCodeCounts;
  @Field(() => SignInCodeCounts, { description: 'The last 30 days, today included' }) last30Days: SignInCodeCounts;
}

@ObjectType({ description: 'Live totals for the admin dashboard' })
class AdminSummary {
  @Field(() => Int, { description: 'Open accounts with the student role' }) students: number;
  @Field(() => Int, { description: 'Open accounts with the instructor role' }) instructors: number;
  @Field(() => Int, { description: 'Open accounts with the admin role' }) admins: number;
  @Field(() => Int, { description: 'Every course, drafts included' }) courses: number;
  @Field(() => Int, { description: 'Courses the catalogue shows (published)' }) publishedCourses: number;
  @Field(() => Int, { description: 'Enrollments in force (refunded ones not counted), free and imported ones included' }) enrollments: number;
  @Field(() => Float, { description: 'Dollars received, less refunds', deprecationReason: deprecated('AdminSummary.revenue') }) revenue: number;
  @Field(() => [MoneyTotal], {
    description: 'Received less refunds, one total per currency, in whole units',
    deprecationReason: deprecated('AdminSummary.revenueByCurrency'),
  })
  revenueByCurrency: MoneyTotal[];
  @Field(() => [Money], { description: 'Received less refunds, one Money per currency (never summed across currencies)' }) revenueTotals: Money[];
  @Field(() => [RecentSignUp], { description: 'The 5 newest open accounts, newest first' }) recentSignUps: RecentSignUp[];
  @Field(() => [RecentPurchase], { description: 'The 5 newest successful payments, newest first' }) recentPurchases: RecentPurchase[];
  @Field({ description: 'Whether the server runs test payment settings on purpose (PAYMENTS_TEST_MODE=true): test cards buy courses, no real money is taken' })
  paymentsTestMode: boolean;
  @Field(() => Int, { description: 'Mail not delivered yet after a failed attempt (the undeliveredMail list)' })
  undeliveredMail: number;
  @Field(() => SignInCodeSummary, { description: 'Sign-in codes by SMS sent, used, refused and held (waited for the daily budget)' })
  signInCodes: SignInCodeSummary;
}

@ObjectType({ description: 'A page of accounts' })
class UserPage extends PageOf(User) {}

@ArgsType()
class UserListArgs extends PageArgs {
  @Field(() => Role, { nullable: true, description: 'Only accounts with this role' }) role?: Role | null;
  @Field(() => String, { nullable: true, description: 'Part of a name or an email, or a mobile number (any usual form, Bangla digits too)' }) search?:
    string | null;
  @Field(() => Boolean, { nullable: true, description: 'true: only closed accounts (open ones otherwise)' }) closed?: boolean | null;
}

/**
 * The account an admin action is about: `id` names any account; `email`, the older argument, names
 * only accounts with an email (one made with a mobile number has none). Integrators' `email: "..."`
 * keeps working; give one of the two (with both, `id` decides).
 */
@ArgsType()
class AccountArgs {
  @Field(() => ID, { nullable: true, description: 'The account id (User.id); names every account, those made with a mobile number too' })
  id?: string | null;
  @Field(() => String, { nullable: true, description: 'The sign-in email of the account (the older way to name it; use id for an account without an email)' })
  email?: string | null;
}

@Resolver()
export class AdminResolver {
  @Authorized(...roles.admin)
  @Query(() => AdminSummary, { description: 'Live totals for the admin dashboard; admins only' })
  async adminSummary(@Ctx() ctx: GraphQLContext): Promise<AdminSummary> {
    const summary = await adminSummary(ctx.db, requireViewer(ctx));
    return { ...summary, paymentsTestMode: ctx.env.paymentsTestMode };
  }

  @Authorized(...roles.admin)
  @Query(() => UserPage, { description: 'Accounts by role, newest first; admins only' })
  async users(@Args(() => UserListArgs) args: UserListArgs, @Ctx() ctx: GraphQLContext): Promise<UserPage> {
    return toPage(UserPage, await listUsers(ctx.db, requireViewer(ctx), args, args));
  }

  @Authorized(...roles.admin)
  @Mutation(() => User, { description: 'Gives an open account the admin role (nothing changes if it has it); admins only' })
  async makeAdmin(@Args(() => AccountArgs) account: AccountArgs, @Ctx() ctx: GraphQLContext): Promise<User> {
    return (await makeAdmin(ctx.db, requireViewer(ctx), account, ctx.clientAddress)).user;
  }

  @Authorized(...roles.admin)
  @Mutation(() => User, { description: 'Back to the role the user had before; never the last admin, never oneself' })
  removeAdmin(@Args(() => AccountArgs) account: AccountArgs, @Ctx() ctx: GraphQLContext): Promise<User> {
    return removeAdmin(ctx.db, requireViewer(ctx), account, ctx.clientAddress);
  }

  @Authorized(...roles.admin)
  @Mutation(() => User, { description: 'Reopens a closed account: its owner can sign in again' })
  reopenAccount(@Args(() => AccountArgs) account: AccountArgs, @Ctx() ctx: GraphQLContext): Promise<User> {
    return reopenAccount(ctx.db, requireViewer(ctx), account, ctx.clientAddress);
  }

  @Authorized(...roles.admin)
  @Mutation(() => User, { description: 'Closes an account: sign-in refused, history kept' })
  deleteUser(@Args(() => AccountArgs) account: AccountArgs, @Ctx() ctx: GraphQLContext): Promise<User> {
    return deleteUser(ctx.db, requireViewer(ctx), account, ctx.clientAddress);
  }
}
