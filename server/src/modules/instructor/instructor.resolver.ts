import { Arg, Args, ArgsType, Authorized, Ctx, Field, Float, ID, Int, Mutation, ObjectType, Query, Resolver, UseMiddleware } from 'type-graphql';
import { roles } from '../auth/guards';
import { CourseEditor, requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { MoneyTotal } from '../../graphql/money-total';
import { Money } from '../../graphql/money';
import { deprecated } from '../../graphql/deprecations';
import { Course } from '../course/course.entity';
import { CourseInput } from '../course-editing/course.input';
import { IdArgs } from '../../graphql/id-args';
import { COURSE_NOT_FOUND } from '../course/course.service';
import { createCourse, deleteCourse, editableCourse, listInstructorCourses, setCoursePublished, updateCourse } from '../course-editing/course-editing.service';
import { instructorOverview, instructorStudents } from './instructor-stats.service';
import { ApiScope } from '../integration/api-key.entity';
import { readerOf } from '../integration/api-key.service';

const CourseId = IdArgs('id', COURSE_NOT_FOUND, 'The course: the instructor’s own, or any for an admin', 'COURSE_NOT_FOUND');
type CourseId = InstanceType<typeof CourseId>;

@ObjectType({ description: "An instructor's figures, from their own courses" })
class InstructorOverview {
  @Field(() => Float, { description: 'Dollars received, less refunds', deprecationReason: deprecated('InstructorOverview.totalRevenue') })
  totalRevenue: number;
  @Field(() => [MoneyTotal], {
    description: 'Received less refunds, one total per currency, in whole units',
    deprecationReason: deprecated('InstructorOverview.revenue'),
  })
  revenue: MoneyTotal[];
  @Field(() => [Money], { description: 'Received less refunds, one Money per currency (never summed across currencies)' }) revenueTotals: Money[];
  @Field(() => Float, { nullable: true, description: 'The average of the visible reviews’ ratings (1 to 5), to one decimal; null before any rating' })
  averageRating: number | null;
  @Field(() => Int, { description: 'Their courses, drafts included' }) totalCourses: number;
  @Field(() => Int, { description: 'Distinct students enrolled now in their courses (refunded ones not counted)' }) totalStudents: number;
}

@ObjectType({ description: 'A student enrolled in one of the instructor’s courses' })
class InstructorStudent {
  @Field(() => ID, { description: 'The enrollment' }) enrollmentId: string;
  @Field({ description: "The student's name" }) name: string;
  @Field({ description: "The student's sign-in email" }) email: string;
  @Field(() => String, { nullable: true, description: "The student's phone number; null when they gave none" }) phone: string | null;
  @Field({ description: 'The course they are enrolled in' }) courseName: string;
  @Field({ description: 'When they enrolled (ISO 8601)' }) enrolledAt: Date;
}

@ObjectType({ description: 'A page of courses an instructor manages' })
class ManagedCoursePage extends PageOf(Course) {}

@ObjectType({ description: 'A page of students' })
class InstructorStudentPage extends PageOf(InstructorStudent) {}

@ArgsType()
class StudentSearchArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Part of a name, an email or a course name' })
  search?: string | null;
}

@Resolver()
export class InstructorResolver {
  @Authorized(...roles.staff)
  @Query(() => InstructorOverview, {
    description: "The signed-in instructor's figures over their own courses; instructors and admins, and their API keys with instructor:read",
  })
  instructorOverview(@Ctx() ctx: GraphQLContext): Promise<InstructorOverview> {
    return instructorOverview(ctx.db, readerOf(ctx, ApiScope.INSTRUCTOR_READ));
  }

  @Authorized(...roles.staff)
  @Query(() => ManagedCoursePage, {
    description: "The instructor's own courses (all for an admin), drafts included; also for their API keys with instructor:read",
  })
  async managedCourses(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: GraphQLContext): Promise<ManagedCoursePage> {
    return toPage(ManagedCoursePage, await listInstructorCourses(ctx.db, readerOf(ctx, ApiScope.INSTRUCTOR_READ), args));
  }

  @Authorized(...roles.staff)
  @Query(() => Course, { description: 'A course to edit: the instructor’s own, or any for an admin; also for their API keys with instructor:read' })
  managedCourse(@Args(() => CourseId) { id }: CourseId, @Ctx() ctx: GraphQLContext): Promise<Course> {
    return editableCourse(ctx.db, readerOf(ctx, ApiScope.INSTRUCTOR_READ), id);
  }

  @Authorized(...roles.staff)
  @Query(() => InstructorStudentPage, {
    description:
      "Students enrolled now in the signed-in instructor's own courses, newest first, 20 a page by default; instructors and admins, and their API keys with instructor:read",
  })
  async instructorStudents(@Args(() => StudentSearchArgs) args: StudentSearchArgs, @Ctx() ctx: GraphQLContext): Promise<InstructorStudentPage> {
    return toPage(InstructorStudentPage, await instructorStudents(ctx.db, readerOf(ctx, ApiScope.INSTRUCTOR_READ), args.search, args));
  }

  @Authorized(...roles.staff)
  @Mutation(() => Course, { description: 'A new course, as a draft of the signed-in instructor; instructors and admins' })
  createCourse(@Arg('input', () => CourseInput, { description: 'The whole course' }) input: CourseInput, @Ctx() ctx: GraphQLContext): Promise<Course> {
    return createCourse(ctx.db, requireViewer(ctx), input, ctx.clientAddress, ctx.payments.usdToBdt);
  }

  @Authorized(...roles.staff)
  @UseMiddleware(CourseEditor('id'))
  @Mutation(() => Course, { description: 'Rewrites a course and its lessons; its own instructor or an admin' })
  updateCourse(
    @Args(() => CourseId) { id }: CourseId,
    @Arg('input', () => CourseInput, { description: 'The whole course as it should be; lessons left out are removed' })
    input: CourseInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Course> {
    return updateCourse(ctx.db, requireViewer(ctx), id, input, ctx.clientAddress, ctx.payments.usdToBdt);
  }

  @Authorized(...roles.staff)
  @Mutation(() => Course, { description: 'Publishes a draft, or takes a course off sale (its students keep it); its own instructor or an admin' })
  setCoursePublished(
    @Args(() => CourseId) { id }: CourseId,
    @Arg('published', {
      description: 'true: publish (every lesson needs a video; an instructor not yet approved sends it for review instead); false: take it off sale',
    })
    published: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Course> {
    return setCoursePublished(ctx.db, requireViewer(ctx), id, published, ctx.clientAddress);
  }

  @Authorized(...roles.staff)
  @Mutation(() => Boolean, { description: 'Deletes a course nobody has bought or paid for; its own instructor or an admin' })
  async deleteCourse(@Args(() => CourseId) { id }: CourseId, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await deleteCourse(ctx.db, requireViewer(ctx), id, ctx.clientAddress);
    return true;
  }
}
