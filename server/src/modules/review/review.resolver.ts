import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, ArgsType, Authorized, Ctx, Field, FieldResolver, Float, ID, Info, InputType, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../graphql/context';
import { PageArgs } from '../../graphql/page-args';
import { PageOf, toPage } from '../../graphql/page';
import { selectedFieldNames } from '../../graphql/selected-fields';
import { Course } from '../course/course.entity';
import { Role } from '../user/role';
import { Review } from './review.entity';
import { listReviews, setReviewHidden, submitReview } from './review.service';

@ObjectType({ description: 'A page of reviews' })
class ReviewPage extends PageOf(Review) {}

@ArgsType()
class ReviewArgs extends PageArgs {
  @Field(() => ID, { nullable: true, description: 'Only the reviews of one course' })
  courseId?: string | null;

  @Field(() => Int, { nullable: true, description: 'Only reviews of at least this many stars' })
  minRating?: number | null;
}

@InputType()
class ReviewInput {
  @Field(() => ID) courseId: string;
  @Field(() => Int, { nullable: true, description: 'Stars, 1 to 5' }) rating?: number | null;
  @Field(() => String, { nullable: true }) text?: string | null;
  @Field(() => String, { nullable: true }) title?: string | null;
}

@Resolver(() => Review)
export class ReviewResolver {
  @Query(() => ReviewPage, { description: 'Learner reviews, newest first' })
  async reviews(@Args(() => ReviewArgs) args: ReviewArgs, @Ctx() ctx: GraphQLContext, @Info() info: GraphQLResolveInfo): Promise<ReviewPage> {
    return toPage(ReviewPage, await listReviews(ctx.db, args, args, selectedFieldNames(info, ['items'])));
  }

  @Authorized(Role.STUDENT)
  @Mutation(() => Review, { description: 'Rates and reviews a course the student is enrolled in; again replaces it' })
  submitReview(@Arg('input', () => ReviewInput) input: ReviewInput, @Ctx() ctx: GraphQLContext): Promise<Review> {
    return submitReview(ctx.db, requireViewer(ctx), input);
  }

  @Authorized(Role.ADMIN)
  @Mutation(() => Review)
  setReviewHidden(@Arg('id', () => ID) id: string, @Arg('hidden') hidden: boolean, @Ctx() ctx: GraphQLContext): Promise<Review> {
    return setReviewHidden(ctx.db, requireViewer(ctx), id, hidden);
  }
}

@Resolver(() => Course)
export class CourseRatingResolver {
  @FieldResolver(() => Float, { nullable: true, description: 'Average stars of its reviews' })
  async averageRating(@Root() course: Course, @Ctx() ctx: GraphQLContext): Promise<number | null> {
    return (await ctx.loaders.ratingByCourse.load(course.id)).average;
  }

  @FieldResolver(() => Int)
  async ratingCount(@Root() course: Course, @Ctx() ctx: GraphQLContext): Promise<number> {
    return (await ctx.loaders.ratingByCourse.load(course.id)).count;
  }
}
