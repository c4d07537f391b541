import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../kernel/context';
import { Lesson } from '../course/lesson.entity';
import { canWatchLesson } from '../enrollment/entitlement';
import { teaches } from '../auth/guards';
import { Role } from '../../kernel/role';
import { LessonVideo } from './lesson-video.entity';
import { streamUrl } from './stream-signature';

@Resolver(() => Lesson)
export class LessonVideoResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description: 'A short-lived signed address of the uploaded video as HLS (adaptive), for those who may watch the lesson; null when none is ready',
  })
  async streamURL(@Root() lesson: Lesson, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    const { ready } = await ctx.loaders.lessonVideos.load(lesson.id);
    if (!ready || !(await canWatchLesson(ctx.viewer, lesson, ctx.loaders))) return null;
    return streamUrl(ctx.stream, lesson.id, ready.id, ctx.viewer, lesson.preview);
  }

  @FieldResolver(() => Date, {
    nullable: true,
    description:
      "When the lesson was hidden from students who enroll later because its uploaded video failed while the course was on sale (null when shown): for the course's instructor and admins only",
  })
  async hiddenSince(@Root() lesson: Lesson, @Ctx() ctx: GraphQLContext): Promise<Date | null> {
    return (await this.editsCourse(lesson, ctx)) ? lesson.hiddenSince : null;
  }

  private async editsCourse(lesson: Lesson, ctx: GraphQLContext): Promise<boolean> {
    const viewer = ctx.viewer;
    if (!viewer) return false;
    if (viewer.role === Role.ADMIN) return true;
    const course = await ctx.loaders.courseById.load(lesson.courseId);
    return Boolean(course && teaches(viewer, course));
  }

  @FieldResolver(() => LessonVideo, {
    nullable: true,
    description: "The lesson's newest uploaded video and its processing: for the course's instructor and admins only",
  })
  async video(@Root() lesson: Lesson, @Ctx() ctx: GraphQLContext): Promise<LessonVideo | null> {
    if (!(await this.editsCourse(lesson, ctx))) return null;
    return (await ctx.loaders.lessonVideos.load(lesson.id)).latest;
  }
}
