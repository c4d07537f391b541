import { Arg, Args, ArgsType, Authorized, Ctx, Field, FieldResolver, ID, Int, Mutation, ObjectType, Resolver, Root } from 'type-graphql';
import { roles } from '../auth/guards';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { Lesson } from '../course/lesson.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { Certificate } from '../certificate/certificate.entity';
import type { LessonProgress } from './lesson-progress.entity';
import { LESSON_NOT_FOUND, MAX_POSITION_SECONDS, progressKey, resumeLesson, saveLessonPosition, setLessonCompleted } from './progress.service';
import { IdArgs } from '../../graphql/id-args';
import { Rule } from '../../shared/validation';

@ObjectType({ description: 'Completed lessons over all lessons of a course' })
class CourseProgress {
  @Field(() => Int, { description: 'Lessons the student marked done' })
  completed: number;

  @Field(() => Int, { description: 'Lessons the course has now' })
  total: number;

  @Field(() => Int, { description: 'Whole percent, rounded down' })
  percent: number;
}

@ObjectType({ description: "A student's progress in one lesson" })
class LessonProgressResult {
  @Field(() => ID, { description: 'The lesson' })
  lessonId: string;

  @Field({ description: 'Whether the student marked it done' })
  completed: boolean;

  @Field(() => Date, { nullable: true, description: 'When it was marked done; null while not done' })
  completedAt: Date | null;

  @Field(() => Int, { description: 'Where the video stopped, in seconds' })
  lastPosition: number;

  /** Whose progress, in which course and enrollment: for the fields read only when asked for. */
  studentId: string;
  courseId: string;
  enrollmentId: string;
}

function answer(studentId: string, { progress, enrollmentId }: { progress: LessonProgress; enrollmentId: string }): LessonProgressResult {
  return Object.assign(new LessonProgressResult(), {
    lessonId: progress.lessonId,
    completed: progress.completedAt !== null,
    completedAt: progress.completedAt,
    lastPosition: progress.lastPositionSeconds,
    studentId,
    courseId: progress.courseId,
    enrollmentId,
  });
}

const LessonId = IdArgs('lessonId', LESSON_NOT_FOUND, 'A lesson of a course the signed-in student is enrolled in', 'LESSON_NOT_FOUND');
type LessonId = InstanceType<typeof LessonId>;

@ArgsType()
class PositionArgs extends LessonId {
  @Field(() => Int, { description: 'Where the video stopped, in whole seconds from its start, 0 to 86400' })
  @Rule(function seconds(value) {
    return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_POSITION_SECONDS
      ? null
      : `seconds must be from 0 to ${MAX_POSITION_SECONDS}`;
  })
  seconds: number;
}

@Resolver()
export class ProgressResolver {
  @Authorized(...roles.student)
  @Mutation(() => LessonProgressResult, { description: "Marks a lesson done or not done; answers the lesson's progress" })
  async setLessonCompleted(
    @Args(() => LessonId) { lessonId }: LessonId,
    @Arg('completed', { description: 'true: done; false: not done' }) completed: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<LessonProgressResult> {
    const viewer = requireViewer(ctx);
    return answer(viewer.id, await setLessonCompleted(ctx.db, viewer, lessonId, completed, ctx.auth.publicUrl));
  }

  @Authorized(...roles.student)
  @Mutation(() => LessonProgressResult, { description: 'Remembers where the video of a lesson stopped' })
  async saveLessonPosition(@Args(() => PositionArgs) { lessonId, seconds }: PositionArgs, @Ctx() ctx: GraphQLContext): Promise<LessonProgressResult> {
    const viewer = requireViewer(ctx);
    return answer(viewer.id, await saveLessonPosition(ctx.db, viewer, lessonId, seconds));
  }
}

/** The answer's course-wide fields, read only when the operation asks for them (the player's position saves do not). */
@Resolver(() => LessonProgressResult)
export class LessonProgressResultResolver {
  @FieldResolver(() => CourseProgress, { description: "The course's progress after this change" })
  courseProgress(@Root() result: LessonProgressResult, @Ctx() ctx: GraphQLContext): Promise<CourseProgress> {
    return ctx.loaders.courseProgress.load(progressKey(result.studentId, result.courseId));
  }

  @FieldResolver(() => Certificate, { nullable: true, description: 'The certificate, once every lesson of the course is done' })
  certificate(@Root() result: LessonProgressResult, @Ctx() ctx: GraphQLContext): Promise<Certificate | null> {
    return ctx.loaders.certificateByEnrollment.load(result.enrollmentId);
  }
}

@Resolver(() => Enrollment)
export class EnrollmentProgressResolver {
  @FieldResolver(() => CourseProgress, { description: "The student's progress in the course: completed lessons over all lessons" })
  progress(@Root() enrollment: Enrollment, @Ctx() ctx: GraphQLContext): Promise<CourseProgress> {
    return ctx.loaders.courseProgress.load(progressKey(enrollment.studentId, enrollment.courseId));
  }

  @FieldResolver(() => Certificate, { nullable: true, description: 'The certificate of this enrollment, once the course is completed' })
  certificate(@Root() enrollment: Enrollment, @Ctx() ctx: GraphQLContext): Promise<Certificate | null> {
    return ctx.loaders.certificateByEnrollment.load(enrollment.id);
  }

  @FieldResolver(() => Lesson, { nullable: true, description: 'Where the player resumes' })
  resumeLesson(@Root() enrollment: Enrollment, @Ctx() ctx: GraphQLContext): Promise<Lesson | null> {
    return resumeLesson(ctx.db, enrollment);
  }
}

@Resolver(() => Lesson)
export class LessonProgressResolver {
  @FieldResolver(() => Boolean, { description: 'Whether the signed-in student finished this lesson' })
  async completed(@Root() lesson: Lesson, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return Boolean((await ctx.loaders.progressByLesson.load(lesson.id))?.completedAt);
  }

  @FieldResolver(() => Int, { description: "Where the signed-in student's video stopped, in seconds" })
  async lastPosition(@Root() lesson: Lesson, @Ctx() ctx: GraphQLContext): Promise<number> {
    return (await ctx.loaders.progressByLesson.load(lesson.id))?.lastPositionSeconds ?? 0;
  }
}
