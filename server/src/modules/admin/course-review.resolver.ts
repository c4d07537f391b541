import { Args, ArgsType, Authorized, Ctx, Field, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { roles } from '../auth/guards';
import { IdArgs } from '../../graphql/id-args';
import { requiredText, Rule } from '../../shared/validation';
import { COURSE_NOT_FOUND } from '../course/course.service';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { Course } from '../course/course.entity';
import { approveCourseReview, listCoursesInReview, MAX_REVIEW_REASON_LENGTH, rejectCourseReview, REVIEW_REASON_REQUIRED } from './course-review.service';

@ObjectType({ description: 'A page of courses waiting for review' })
class CourseReviewPage extends PageOf(Course) {}

const CourseId = IdArgs('courseId', COURSE_NOT_FOUND, 'The course waiting for review', 'COURSE_NOT_FOUND');
type CourseId = InstanceType<typeof CourseId>;

@ArgsType()
class RejectArgs extends CourseId {
  @Field(() => String, { description: 'Why, for the instructor to read: 1 to 1000 characters' })
  @Rule(requiredText('The reason', MAX_REVIEW_REASON_LENGTH, REVIEW_REASON_REQUIRED))
  reason: string;
}

@Resolver()
export class CourseReviewResolver {
  @Authorized(...roles.admin)
  @Query(() => CourseReviewPage, { description: 'Courses by instructors not yet approved, waiting for an admin' })
  async coursesInReview(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: GraphQLContext): Promise<CourseReviewPage> {
    return toPage(CourseReviewPage, await listCoursesInReview(ctx.db, requireViewer(ctx), args));
  }

  @Authorized(...roles.admin)
  @Mutation(() => Course, { description: "Approves the course's instructor: their courses in review go on sale, later ones publish directly" })
  approveCourseReview(@Args(() => CourseId) { courseId }: CourseId, @Ctx() ctx: GraphQLContext): Promise<Course> {
    return approveCourseReview(ctx.db, requireViewer(ctx), courseId, ctx.clientAddress);
  }

  @Authorized(...roles.admin)
  @Mutation(() => Course, { description: 'Sends a course back to its instructor as a draft, with the reason they will see' })
  rejectCourseReview(@Args(() => RejectArgs) { courseId, reason }: RejectArgs, @Ctx() ctx: GraphQLContext): Promise<Course> {
    return rejectCourseReview(ctx.db, requireViewer(ctx), courseId, reason, ctx.clientAddress);
  }
}
