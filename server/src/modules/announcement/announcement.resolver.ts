import { Arg, Args, ArgsType, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { requireViewer } from '../../graphql/auth-checker';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import type { GraphQLContext } from '../../kernel/context';
import { roles } from '../auth/guards';
import { CourseAnnouncement } from './announcement.entity';
import { courseAnnouncements, myAnnouncements, sendAnnouncement } from './announcement.service';

@ObjectType({ description: 'A page of a course’s announcements' })
class CourseAnnouncementPage extends PageOf(CourseAnnouncement) {}

@ArgsType()
class CourseAnnouncementsArgs extends PageArgs {
  @Field(() => ID, { description: 'The course' })
  courseId: string;
}

@Resolver()
export class AnnouncementResolver {
  @Authorized(...roles.staff)
  @Mutation(() => CourseAnnouncement, {
    description:
      'Writes to a course’s students: mailed to each in their language (an SMS to an account without email) through the job queue, and shown in My Courses; the course’s instructor or an admin, 3 a week per course',
  })
  sendAnnouncement(
    @Arg('courseId', () => ID, { description: 'The course' }) courseId: string,
    @Arg('title', { description: 'At most 120 characters' }) title: string,
    @Arg('text', { description: 'At most 2000 characters' }) text: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CourseAnnouncement> {
    return sendAnnouncement(ctx.announcements, requireViewer(ctx), courseId, title, text);
  }

  @Authorized()
  @Query(() => CourseAnnouncementPage, { description: 'A course’s announcements, newest first: its students, its instructor and admins' })
  async courseAnnouncements(@Args(() => CourseAnnouncementsArgs) args: CourseAnnouncementsArgs, @Ctx() ctx: GraphQLContext): Promise<CourseAnnouncementPage> {
    return toPage(CourseAnnouncementPage, await courseAnnouncements(ctx.db, requireViewer(ctx), args.courseId, args));
  }

  @Authorized()
  @Query(() => [CourseAnnouncement], { description: 'The newest announcements of the signed-in student’s courses, for My Courses (at most 20)' })
  myAnnouncements(
    @Arg('limit', () => Int, { defaultValue: 5, description: 'How many, 1 to 20' }) limit: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CourseAnnouncement[]> {
    return myAnnouncements(ctx.db, requireViewer(ctx), limit);
  }
}
