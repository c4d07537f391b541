import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { Lesson } from '../course/lesson.entity';
import { canWatchLesson } from '../enrollment/entitlement';
import { teaches } from '../auth/guards';
import { Role } from '../user/role';
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

  @FieldResolver(() => LessonVideo, {
    nullable: true,
    description: "The lesson's newest uploaded video and its processing: for the course's instructor and admins only",
  })
  async video(@Root() lesson: Lesson, @Ctx() ctx: GraphQLContext): Promise<LessonVideo | null> {
    const viewer = ctx.viewer;
    if (!viewer) return null;
    if (viewer.role !== Role.ADMIN) {
      const course = await ctx.loaders.courseById.load(lesson.courseId);
      if (!course || !teaches(viewer, course)) return null;
    }
    return (await ctx.loaders.lessonVideos.load(lesson.id)).latest;
  }
}
