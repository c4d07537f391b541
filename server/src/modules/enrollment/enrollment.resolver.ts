import { Arg, Args, ArgsType, Authorized, Ctx, Field, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { CursorPageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { AppError } from '../../shared/errors';
import { requireViewer } from '../../graphql/auth-checker';
import { Money } from '../../graphql/money';
import type { GraphQLContext } from '../../kernel/context';
import { Course } from '../course/course.entity';
import { isUuid } from '../../shared/validation';
import { Enrollment, EnrollmentState } from './enrollment.entity';
import { enrollStudent, findActiveEnrollment, listEnrollments, listMyEnrollments } from './enrollment.service';

@ObjectType({ description: 'A page of enrollments, oldest first (with updatedSince: in the order of their changes)' })
class EnrollmentPage extends CursorPageOf(
  Enrollment,
  'Pass as `after` for the next page (with the same filter); null when this page is empty (keep the last one and ask again later)',
) {}

@ArgsType()
class EnrollmentsArgs extends PageArgs {
  @Field(() => ID, { nullable: true, description: 'Only the enrollments in this course' })
  courseId?: string | null;

  @Field(() => Date, { nullable: true, description: 'Only enrollments made at or after this time' })
  from?: Date | null;

  @Field(() => Date, {
    nullable: true,
    description:
      'The changes feed: every enrollment changed (made, refunded) at or after this time, refunded ones with state REFUNDED, in (updatedAt, id) order instead of oldest first',
  })
  updatedSince?: Date | null;

  @Field(() => String, {
    nullable: true,
    description: 'An endCursor from an earlier page: the enrollments after its last item (made after it; with updatedSince, changed after it)',
  })
  after?: string | null;
}

export const API_KEY_ONLY = 'Only an API key with the enrollments:write scope can enroll students this way.';

import { amountPaidOf } from './enrollment.service';

@Resolver(() => Enrollment)
export class EnrollmentResolver {
  @Authorized()
  @Query(() => [Enrollment], { description: "The signed-in student's courses, the one studied last first" })
  myEnrollments(@Ctx() ctx: GraphQLContext): Promise<Enrollment[]> {
    return listMyEnrollments(ctx.db, requireViewer(ctx));
  }

  @Authorized()
  @Query(() => Enrollment, { nullable: true, description: "The signed-in student's enrollment in one course, if any" })
  async enrollment(@Arg('courseId', () => ID, { description: 'The course' }) courseId: string, @Ctx() ctx: GraphQLContext): Promise<Enrollment | null> {
    const viewer = requireViewer(ctx);
    return isUuid(courseId) ? findActiveEnrollment(ctx.db, viewer.id, courseId) : null;
  }

  @Query(() => EnrollmentPage, {
    description:
      'Every enrollment (paid, free and imported; refunded ones with refundedAt), oldest first, at most 50 a page; follow endCursor with `after` to read new ones as they come, or read the changes with updatedSince (admins, and API keys with enrollments:read)',
  })
  async enrollments(@Args(() => EnrollmentsArgs) args: EnrollmentsArgs, @Ctx() ctx: GraphQLContext): Promise<EnrollmentPage> {
    return toPage(EnrollmentPage, await listEnrollments(ctx.db, { viewer: ctx.viewer, apiKey: ctx.apiKey }, args));
  }

  @Mutation(() => Enrollment, {
    description:
      'Enrolls a student a partner has paid for, making a student account without a password when the email has none (API keys with enrollments:write only); enrolling again answers the same enrollment',
  })
  async enrollStudent(
    @Arg('courseId', () => ID, { description: 'A published course' }) courseId: string,
    @Arg('email', { description: 'The student’s email' }) email: string,
    @Arg('name', () => String, { nullable: true, description: 'The student’s name, for a new account (else the email’s first part)' }) name: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Enrollment> {
    if (!ctx.apiKey) throw new AppError(ctx.viewer ? 'FORBIDDEN' : 'UNAUTHENTICATED', API_KEY_ONLY);
    return (await enrollStudent(ctx.db, ctx.apiKey, { courseId, email, name }, ctx.clientAddress)).enrollment;
  }

  @FieldResolver(() => Money, {
    nullable: true,
    description: 'What was paid, in its own currency (0 for a free course); null for an old record without an amount',
  })
  amountPaid(@Root() enrollment: Enrollment): Money | null {
    return amountPaidOf(enrollment);
  }

  @FieldResolver(() => Date, { nullable: true, description: 'When the enrollment was refunded and its access ended; null while it counts' })
  refundedAt(@Root() enrollment: Enrollment): Date | null {
    return enrollment.revokedAt;
  }

  @FieldResolver(() => EnrollmentState, { description: 'Whether it counts now: ACTIVE, or REFUNDED (the student no longer has the course)' })
  state(@Root() enrollment: Enrollment): EnrollmentState {
    return enrollment.revokedAt ? EnrollmentState.REFUNDED : EnrollmentState.ACTIVE;
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
