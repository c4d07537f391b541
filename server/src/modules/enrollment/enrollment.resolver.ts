import { Arg, Authorized, Ctx, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../graphql/context';
import { Course } from '../course/course.entity';
import { isUuid } from '../../shared/validation';
import { Enrollment } from './enrollment.entity';
import { findActiveEnrollment, listMyEnrollments } from './enrollment.service';

@Resolver(() => Enrollment)
export class EnrollmentResolver {
  @Authorized()
  @Query(() => [Enrollment], { description: "The signed-in student's courses, the one studied last first" })
  myEnrollments(@Ctx() ctx: GraphQLContext): Promise<Enrollment[]> {
    return listMyEnrollments(ctx.db, requireViewer(ctx));
  }

  @Authorized()
  @Query(() => Enrollment, { nullable: true, description: "The signed-in student's enrollment in one course, if any" })
  async enrollment(@Arg('courseId', () => ID) courseId: string, @Ctx() ctx: GraphQLContext): Promise<Enrollment | null> {
    const viewer = requireViewer(ctx);
    return isUuid(courseId) ? findActiveEnrollment(ctx.db, viewer.id, courseId) : null;
  }

  @FieldResolver(() => Course, { description: 'The course now (the enrollment keeps its name and image as bought)' })
  async course(@Root() enrollment: Enrollment, @Ctx() ctx: GraphQLContext): Promise<Course> {
    const course = await ctx.loaders.courseById.load(enrollment.courseId);
    if (!course) throw new Error(`Enrollment ${enrollment.id} points at a missing course`);
    return course;
  }
}

@Resolver(() => Course)
export class CourseOwnershipResolver {
  @FieldResolver(() => Boolean, { description: 'Whether the signed-in student owns this course' })
  isEnrolled(@Root() course: Course, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.loaders.ownedCourse.load(course.id);
  }
}
