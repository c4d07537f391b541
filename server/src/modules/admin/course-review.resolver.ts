import { Arg, Args, Authorized, Ctx, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../graphql/context';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { Course } from '../course/course.entity';
import { Role } from '../user/role';
import { approveCourseReview, listCoursesInReview, rejectCourseReview } from './course-review.service';

@ObjectType({ description: 'A page of courses waiting for review' })
class CourseReviewPage extends PageOf(Course) {}

@Resolver()
export class CourseReviewResolver {
  @Authorized(Role.ADMIN)
  @Query(() => CourseReviewPage, { description: 'Courses by instructors not yet approved, waiting for an admin' })
  async coursesInReview(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: GraphQLContext): Promise<CourseReviewPage> {
    return toPage(CourseReviewPage, await listCoursesInReview(ctx.db, requireViewer(ctx), args));
  }

  @Authorized(Role.ADMIN)
  @Mutation(() => Course, { description: "Approves the course's instructor: their courses in review go on sale, later ones publish directly" })
  approveCourseReview(@Arg('courseId', () => ID) courseId: string, @Ctx() ctx: GraphQLContext): Promise<Course> {
    return approveCourseReview(ctx.db, requireViewer(ctx), courseId, ctx.clientAddress);
  }

  @Authorized(Role.ADMIN)
  @Mutation(() => Course, { description: 'Sends a course back to its instructor as a draft, with the reason they will see' })
  rejectCourseReview(@Arg('courseId', () => ID) courseId: string, @Arg('reason') reason: string, @Ctx() ctx: GraphQLContext): Promise<Course> {
    return rejectCourseReview(ctx.db, requireViewer(ctx), courseId, reason, ctx.clientAddress);
  }
}
