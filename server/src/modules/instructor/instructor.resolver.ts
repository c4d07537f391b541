import { Arg, Args, ArgsType, Authorized, Ctx, Field, Float, ID, Int, Mutation, ObjectType, Query, Resolver, UseMiddleware } from 'type-graphql';
import { roles } from '../auth/guards';
import { CourseEditor, requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../graphql/context';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { MoneyTotal } from '../../graphql/money-total';
import { Course } from '../course/course.entity';
import { CourseInput } from '../course-editing/course.input';
import { IdArgs } from '../../graphql/id-args';
import { COURSE_NOT_FOUND } from '../course/course.service';
import { createCourse, deleteCourse, editableCourse, listInstructorCourses, setCoursePublished, updateCourse } from '../course-editing/course-editing.service';
import { instructorOverview, instructorStudents } from './instructor-stats.service';

const CourseId = IdArgs('id', COURSE_NOT_FOUND, undefined, 'COURSE_NOT_FOUND');
type CourseId = InstanceType<typeof CourseId>;

@ObjectType({ description: "An instructor's figures, from their own courses" })
class InstructorOverview {
  @Field(() => Float, { description: 'Dollars received, less refunds (taka are in revenue)' }) totalRevenue: number;
  @Field(() => [MoneyTotal], { description: 'Received less refunds, one total per currency' }) revenue: MoneyTotal[];
  @Field(() => Float, { nullable: true }) averageRating: number | null;
  @Field(() => Int) totalCourses: number;
  @Field(() => Int) totalStudents: number;
}

@ObjectType({ description: 'A student enrolled in one of the instructor’s courses' })
class InstructorStudent {
  @Field(() => ID) enrollmentId: string;
  @Field() name: string;
  @Field() email: string;
  @Field(() => String, { nullable: true }) phone: string | null;
  @Field() courseName: string;
  @Field() enrolledAt: Date;
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
  @Query(() => InstructorOverview)
  instructorOverview(@Ctx() ctx: GraphQLContext): Promise<InstructorOverview> {
    return instructorOverview(ctx.db, requireViewer(ctx));
  }

  @Authorized(...roles.staff)
  @Query(() => ManagedCoursePage, { description: "The instructor's own courses (all for an admin), drafts included" })
  async managedCourses(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: GraphQLContext): Promise<ManagedCoursePage> {
    return toPage(ManagedCoursePage, await listInstructorCourses(ctx.db, requireViewer(ctx), args));
  }

  @Authorized(...roles.staff)
  @Query(() => Course, { description: 'A course to edit: the instructor’s own, or any for an admin' })
  managedCourse(@Args(() => CourseId) { id }: CourseId, @Ctx() ctx: GraphQLContext): Promise<Course> {
    return editableCourse(ctx.db, requireViewer(ctx), id);
  }

  @Authorized(...roles.staff)
  @Query(() => InstructorStudentPage)
  async instructorStudents(@Args(() => StudentSearchArgs) args: StudentSearchArgs, @Ctx() ctx: GraphQLContext): Promise<InstructorStudentPage> {
    return toPage(InstructorStudentPage, await instructorStudents(ctx.db, requireViewer(ctx), args.search, args));
  }

  @Authorized(...roles.staff)
  @Mutation(() => Course, { description: 'A new course, as a draft' })
  createCourse(@Arg('input', () => CourseInput) input: CourseInput, @Ctx() ctx: GraphQLContext): Promise<Course> {
    return createCourse(ctx.db, requireViewer(ctx), input, ctx.clientAddress, ctx.payments.usdToBdt);
  }

  @Authorized(...roles.staff)
  @UseMiddleware(CourseEditor('id'))
  @Mutation(() => Course)
  updateCourse(@Args(() => CourseId) { id }: CourseId, @Arg('input', () => CourseInput) input: CourseInput, @Ctx() ctx: GraphQLContext): Promise<Course> {
    return updateCourse(ctx.db, requireViewer(ctx), id, input, ctx.clientAddress, ctx.payments.usdToBdt);
  }

  @Authorized(...roles.staff)
  @Mutation(() => Course, { description: 'Publishes a draft, or takes a course off sale (its students keep it)' })
  setCoursePublished(@Args(() => CourseId) { id }: CourseId, @Arg('published') published: boolean, @Ctx() ctx: GraphQLContext): Promise<Course> {
    return setCoursePublished(ctx.db, requireViewer(ctx), id, published, ctx.clientAddress);
  }

  @Authorized(...roles.staff)
  @Mutation(() => Boolean, { description: 'Deletes a course nobody has bought' })
  async deleteCourse(@Args(() => CourseId) { id }: CourseId, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await deleteCourse(ctx.db, requireViewer(ctx), id, ctx.clientAddress);
    return true;
  }
}
