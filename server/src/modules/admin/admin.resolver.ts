import { Arg, Args, ArgsType, Authorized, Ctx, Field, Float, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { roles } from '../auth/guards';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../graphql/context';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { MoneyTotal } from '../../graphql/money-total';
import { Role } from '../user/role';
import { User } from '../user/user.entity';
import { adminSummary } from './admin-summary.service';
import { deleteUser, listUsers, makeAdmin, removeAdmin, reopenAccount } from './user-admin.service';

@ObjectType()
class RecentSignUp {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field(() => String, { nullable: true, description: 'Null for an account made with a mobile number' }) email: string | null;
  @Field(() => String, { nullable: true, description: 'The phone number, +8801XXXXXXXXX for a Bangladeshi mobile' }) phone: string | null;
  @Field(() => Role) role: Role;
  @Field() createdAt: Date;
}

@ObjectType()
class RecentPurchase {
  @Field(() => ID) id: string;
  @Field() studentName: string;
  @Field() courseName: string;
  @Field(() => Float) amount: number;
  @Field({ description: 'usd or bdt' }) currency: string;
  @Field() createdAt: Date;
}

@ObjectType({ description: 'Sign-in codes by SMS over a period' })
class SignInCodeCounts {
  @Field(() => Int, { description: 'Codes sent by SMS' }) sent: number;
  @Field(() => Int, { description: 'Codes used to sign in, sign up or confirm a number' }) used: number;
  @Field(() => Int, { description: 'Wrong or expired codes tried, and requests refused by a limit' }) refused: number;
  @Field(() => Int, { description: 'Codes not sent because the daily SMS budget was spent' }) held: number;
}

@ObjectType({ description: 'Sign-in codes by SMS: today (Asia/Dhaka) and the last 30 days' })
class SignInCodeSummary {
  @Field(() => SignInCodeCounts, { description: 'Today, in Asia/Dhaka' }) today: SignInCodeCounts;
  @Field(() => SignInCodeCounts, { description: 'The last 30 days, today included' }) last30Days: SignInCodeCounts;
}

@ObjectType({ description: 'Live totals for the admin dashboard' })
class AdminSummary {
  @Field(() => Int) students: number;
  @Field(() => Int) instructors: number;
  @Field(() => Int) admins: number;
  @Field(() => Int) courses: number;
  @Field(() => Int) publishedCourses: number;
  @Field(() => Int) enrollments: number;
  @Field(() => Float, { description: 'Dollars received, less refunds (taka are in revenueByCurrency)' }) revenue: number;
  @Field(() => [MoneyTotal], { description: 'Received less refunds, one total per currency' }) revenueByCurrency: MoneyTotal[];
  @Field(() => [RecentSignUp]) recentSignUps: RecentSignUp[];
  @Field(() => [RecentPurchase]) recentPurchases: RecentPurchase[];
  @Field({ description: 'Whether the server runs test payment settings on purpose (PAYMENTS_TEST_MODE=true): test cards buy courses, no real money is taken' })
  paymentsTestMode: boolean;
  @Field(() => Int, { description: 'Mail not delivered yet after a failed attempt (the undeliveredMail list)' })
  undeliveredMail: number;
  @Field(() => SignInCodeSummary, { description: 'Sign-in codes by SMS sent, used, refused and held back by the daily budget' })
  signInCodes: SignInCodeSummary;
}

@ObjectType({ description: 'A page of accounts' })
class UserPage extends PageOf(User) {}

@ArgsType()
class UserListArgs extends PageArgs {
  @Field(() => Role, { nullable: true }) role?: Role | null;
  @Field(() => String, { nullable: true, description: 'Part of a name or an email' }) search?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'true: only closed accounts (open ones otherwise)' }) closed?: boolean | null;
}

@Resolver()
export class AdminResolver {
  @Authorized(...roles.admin)
  @Query(() => AdminSummary)
  async adminSummary(@Ctx() ctx: GraphQLContext): Promise<AdminSummary> {
    const summary = await adminSummary(ctx.db, requireViewer(ctx));
    return { ...summary, paymentsTestMode: ctx.paymentsTestMode };
  }

  @Authorized(...roles.admin)
  @Query(() => UserPage, { description: 'Accounts by role, newest first' })
  async users(@Args(() => UserListArgs) args: UserListArgs, @Ctx() ctx: GraphQLContext): Promise<UserPage> {
    return toPage(UserPage, await listUsers(ctx.db, requireViewer(ctx), args, args));
  }

  @Authorized(...roles.admin)
  @Mutation(() => User)
  async makeAdmin(@Arg('email') email: string, @Ctx() ctx: GraphQLContext): Promise<User> {
    return (await makeAdmin(ctx.db, requireViewer(ctx), email, ctx.clientAddress)).user;
  }

  @Authorized(...roles.admin)
  @Mutation(() => User, { description: 'Back to the role the user had before; never the last admin, never oneself' })
  removeAdmin(@Arg('email') email: string, @Ctx() ctx: GraphQLContext): Promise<User> {
    return removeAdmin(ctx.db, requireViewer(ctx), email, ctx.clientAddress);
  }

  @Authorized(...roles.admin)
  @Mutation(() => User, { description: 'Reopens a closed account: its owner can sign in again' })
  reopenAccount(@Arg('email') email: string, @Ctx() ctx: GraphQLContext): Promise<User> {
    return reopenAccount(ctx.db, requireViewer(ctx), email, ctx.clientAddress);
  }

  @Authorized(...roles.admin)
  @Mutation(() => User, { description: 'Closes an account: sign-in refused, history kept' })
  deleteUser(@Arg('email') email: string, @Ctx() ctx: GraphQLContext): Promise<User> {
    return deleteUser(ctx.db, requireViewer(ctx), email, ctx.clientAddress);
  }
}
