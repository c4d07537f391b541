import { Arg, Args, ArgsType, Authorized, Ctx, Field, FieldResolver, ID, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../kernel/context';
import { requireViewer, roles } from '../auth/guards';
import { LiveExamReminder, ReminderChannel } from './live-exam-reminder.entity';
import { cancelReminder, reminderOf, remindMe, sendsLiveExamResults, setSendsLiveExamResults } from './live-exam-reminder.service';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { levelRule } from './class-level-rule';
import { listUpcomingModelTests } from './live-exam.service';
import { ModelTest } from './model-test.entity';
import { searchPractice } from './model-test-search.service';
import { Subject } from './subject.entity';

@ObjectType({ description: 'A page of live exams' })
class UpcomingModelTestPage extends PageOf(ModelTest) {}

@ArgsType()
class UpcomingArgs extends PageArgs {
  @Field(() => Int, { nullable: true, description: 'Only the exams of one class (13: admission)' })
  @levelRule()
  classLevel?: number | null;
}

@ObjectType({ description: 'The model tests and practice a search points to' })
class PracticeSearch {
  @Field(() => Subject, { nullable: true, description: 'The subject the text names, in Bangla or English' })
  subject: Subject | null;

  @Field(() => Int, { nullable: true, description: 'The class the text names ("class 9", "৯ম শ্রেণি", "নবম", SSC: 9, HSC: 11, admission: 13)' })
  classLevel: number | null;

  @Field(() => [ModelTest], { description: 'Published model tests of that subject and class, free ones first' })
  tests: ModelTest[];
}

@Resolver(() => ModelTest)
export class LiveExamResolver {
  @Query(() => PracticeSearch, {
    nullable: true,
    description:
      'Model tests and practice for a search text naming a subject, a class, or tests ("মডেল টেস্ট", "পদার্থবিজ্ঞান", "class 9"); null when it names none',
  })
  practiceSearch(@Arg('text', { description: 'The search text, as typed' }) text: string, @Ctx() ctx: GraphQLContext): Promise<PracticeSearch | null> {
    return searchPractice(ctx.db, text);
  }

  @Query(() => UpcomingModelTestPage, {
    description: 'Live exams: published model tests with a window that has not closed, those open now and then the soonest to open first',
  })
  async upcomingModelTests(@Args(() => UpcomingArgs) args: UpcomingArgs, @Ctx() ctx: GraphQLContext): Promise<UpcomingModelTestPage> {
    return toPage(UpcomingModelTestPage, await listUpcomingModelTests(ctx.db, args.classLevel, args));
  }

  @Authorized(...roles.signedIn)
  @Query(() => Boolean, {
    description: "Whether live exams' results (score and rank) are sent to you by SMS or email once they close; true unless you said no",
  })
  myLiveExamResults(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    return sendsLiveExamResults(ctx.db, requireViewer(ctx));
  }

  @Authorized(...roles.signedIn)
  @Mutation(() => Boolean, {
    description: "Chooses whether live exams' results are sent to you once they close (true) or not (false); answers the choice kept",
  })
  setLiveExamResults(@Arg('send', { description: 'true to be sent the results' }) send: boolean, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return setSendsLiveExamResults(ctx.db, requireViewer(ctx), send);
  }

  @Authorized(...roles.student)
  @Mutation(() => LiveExamReminder, {
    description:
      'Reminds the student of a live exam one hour and ten minutes before it opens, by SMS (a confirmed number) or email (a confirmed address); asking again changes the channel. Only for a published test that opens later (TEST_NOT_SCHEDULED)',
  })
  remindMe(
    @Arg('testId', () => ID, { description: 'The model test' }) testId: string,
    @Arg('channel', () => ReminderChannel, { description: 'SMS or EMAIL' }) channel: ReminderChannel,
    @Ctx() ctx: GraphQLContext,
  ): Promise<LiveExamReminder> {
    return remindMe(ctx.db, requireViewer(ctx), testId, channel);
  }

  @Authorized(...roles.student)
  @Mutation(() => Boolean, { description: 'Takes back a reminder of a live exam; false when there was none' })
  cancelReminder(@Arg('testId', () => ID, { description: 'The model test' }) testId: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return cancelReminder(ctx.db, requireViewer(ctx), testId);
  }

  @FieldResolver(() => LiveExamReminder, { nullable: true, description: 'The reminder the signed-in student asked for, if any' })
  myReminder(@Root() test: ModelTest, @Ctx() ctx: GraphQLContext): Promise<LiveExamReminder | null> {
    return reminderOf(ctx.db, ctx.viewer ?? null, test.id);
  }
}
