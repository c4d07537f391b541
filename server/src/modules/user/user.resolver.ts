import { Arg, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../kernel/context';
import { requireViewer } from '../../graphql/auth-checker';
import { User } from './user.entity';
import { ProfileInput } from './profile.input';
import { findViewerUser, setLanguage, updateProfile } from './user.service';

@Resolver(() => User)
export class UserResolver {
  @Query(() => User, { nullable: true, description: 'The signed-in person, or null' })
  async me(@Ctx() ctx: GraphQLContext): Promise<User | null> {
    return ctx.viewer ? findViewerUser(ctx.db, ctx.viewer) : null;
  }

  @Authorized()
  @Mutation(() => User, { description: "Changes the signed-in person's own profile" })
  updateProfile(@Arg('input', () => ProfileInput, { description: 'The fields to change' }) input: ProfileInput, @Ctx() ctx: GraphQLContext): Promise<User> {
    return updateProfile(ctx.db, requireViewer(ctx), input);
  }

  @Authorized()
  @Mutation(() => User, { description: "Keeps the signed-in person's language ('bn' or 'en'): their emails and their next sign-in on another device use it" })
  setLanguage(@Arg('language', () => String, { description: "'bn' or 'en'" }) language: string, @Ctx() ctx: GraphQLContext): Promise<User> {
    return setLanguage(ctx.db, requireViewer(ctx), language);
  }

  @FieldResolver(() => Boolean, { description: 'Whether the person confirmed their email address' })
  emailVerified(@Root() user: User): boolean {
    return user.emailVerifiedAt !== null && user.emailVerifiedAt !== undefined;
  }

  @FieldResolver(() => Boolean, { description: 'For instructors: whether an admin approved them, so their courses publish without review' })
  instructorApproved(@Root() user: User): boolean {
    return user.instructorApprovedAt !== null && user.instructorApprovedAt !== undefined;
  }
}
