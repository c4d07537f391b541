import type { GraphQLResolveInfo } from 'graphql';
import { roles } from '../auth/guards';
import {
  Arg,
  Args,
  ArgsType,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  Float,
  ID,
  Info,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  registerEnumType,
  Resolver,
  Root,
} from 'type-graphql';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { PageArgs } from '../../graphql/page-args';
import { PageOf, toPage } from '../../graphql/page';
import { selectedFieldNames } from '../../graphql/selected-fields';
import { Course } from '../course/course.entity';
import { Review } from './review.entity';
import { prefetchedRating } from '../course/course-figures';
import {
  deleteOwnReview,
  findOwnReview,
  listReviews,
  MAX_REVIEW_TEXT,
  MAX_REVIEW_TITLE,
  REVIEW_NOT_FOUND,
  ReviewOrder,
  setReviewHidden,
  submitReview,
} from './review.service';
import { IdArgs } from '../../graphql/id-args';
import { COURSE_NOT_FOUND } from '../course/course.service';
import { IsId, optionalText, optionalWholeNumber, requiredText, Rule } from '../../shared/validation';
import { validationMessages } from '../../shared/validation-messages';

registerEnumType(ReviewOrder, {
  name: 'ReviewOrder',
  description: 'The order of a list of reviews',
  valuesConfig: {
    NEWEST: { description: 'Newest first' },
    HIGHEST_RATED: { description: 'Only reviews with stars and text: most stars first, then newest' },
  },
});

@ObjectType({ description: 'A page of reviews' })
class ReviewPage extends PageOf(Review) {}

@ArgsType()
class ReviewArgs extends PageArgs {
  @Field(() => ID, { nullable: true, description: 'Only the reviews of one course' })
  courseId?: string | null;

  @Field(() => Int, { nullable: true, description: 'Only reviews of at least this many stars' })
  @Rule(optionalWholeNumber(validationMessages.wholeNumberRange('minRating', 1, 5), 1, 5))
  minRating?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'true: only reviews students wrote here; false: only the testimonials from the old site' })
  written?: boolean | null;

  @Field(() => ReviewOrder, { nullable: true, description: 'The order; newest first when left out' })
  order?: ReviewOrder | null;
}

@InputType({ description: 'A review of a course the student is enrolled in' })
class ReviewInput {
  @Field(() => ID, { description: 'The course reviewed' })
  @IsId(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND')
  courseId: string;

  @Field(() => Int, { description: 'Stars, 1 to 5' })
  @Rule(function rating(value) {
    return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5 ? null : validationMessages.rating;
  })
  rating: number;

  @Field(() => String, { description: 'The review, plain text, 1 to 2000 characters' })
  @Rule(requiredText('A review', MAX_REVIEW_TEXT, validationMessages.reviewText))
  text: string;

  @Field(() => String, { nullable: true, description: 'A title, at most 120 characters' })
  @Rule(optionalText('The title', MAX_REVIEW_TITLE))
  title?: string | null;
}

const ReviewId = IdArgs('id', REVIEW_NOT_FOUND, 'The review', 'REVIEW_NOT_FOUND');
type ReviewId = InstanceType<typeof ReviewId>;

@Resolver(() => Review)
export class ReviewResolver {
  @Query(() => ReviewPage, { description: 'Learner reviews, newest first (or highest rated, with order)' })
  async reviews(@Args(() => ReviewArgs) args: ReviewArgs, @Ctx() ctx: GraphQLContext, @Info() info: GraphQLResolveInfo): Promise<ReviewPage> {
    const fields = selectedFieldNames(info, ['items']);
    // The course's name is read through the course.
    if (fields.has('courseName')) fields.add('courseId');
    return toPage(ReviewPage, await listReviews(ctx.db, args, args, fields));
  }

  @Authorized()
  @Query(() => Review, { nullable: true, description: "The signed-in student's own review of a course, if they wrote one" })
  myReview(@Arg('courseId', () => ID, { description: 'The course' }) courseId: string, @Ctx() ctx: GraphQLContext): Promise<Review | null> {
    return findOwnReview(ctx.db, requireViewer(ctx), courseId);
  }

  @Authorized(...roles.student)
  @Mutation(() => Boolean, { description: "Deletes the student's own review of a course; false when there was none" })
  deleteMyReview(
    @Arg('courseId', () => ID, { description: 'The course whose review to delete' }) courseId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    return deleteOwnReview(ctx.db, requireViewer(ctx), courseId);
  }

  @FieldResolver(() => String, { nullable: true, description: 'The name of the course reviewed' })
  async courseName(@Root() review: Review, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return review.courseId ? ((await ctx.loaders.courseById.load(review.courseId))?.name ?? null) : null;
  }

  @Authorized(...roles.student)
  @Mutation(() => Review, { description: 'Rates and reviews a course the student is enrolled in; again edits their review' })
  submitReview(@Arg('input', () => ReviewInput, { description: 'The review' }) input: ReviewInput, @Ctx() ctx: GraphQLContext): Promise<Review> {
    return submitReview(ctx.db, requireViewer(ctx), input);
  }

  @Authorized(...roles.admin)
  @Mutation(() => Review, { description: 'Hides a review from everyone (it is kept), or shows it again; admins only' })
  setReviewHidden(
    @Args(() => ReviewId) { id }: ReviewId,
    @Arg('hidden', { description: 'true: hide; false: show again' }) hidden: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Review> {
    return setReviewHidden(ctx.db, requireViewer(ctx), id, hidden);
  }
}

@Resolver(() => Course)
export class CourseRatingResolver {
  @FieldResolver(() => Float, { nullable: true, description: 'Average stars of its reviews' })
  async averageRating(@Root() course: Course, @Ctx() ctx: GraphQLContext): Promise<number | null> {
    return (prefetchedRating(course) ?? (await ctx.loaders.courseFigures.load(course.id))).averageRating;
  }

  @FieldResolver(() => Int, { description: 'How many shown reviews give it stars' })
  async ratingCount(@Root() course: Course, @Ctx() ctx: GraphQLContext): Promise<number> {
    return (prefetchedRating(course) ?? (await ctx.loaders.courseFigures.load(course.id))).ratingCount;
  }
}
