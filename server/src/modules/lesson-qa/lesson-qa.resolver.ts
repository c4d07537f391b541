import { Arg, Args, ArgsType, Authorized, Ctx, Field, ID, Mutation, ObjectType, Query, registerEnumType, Resolver } from 'type-graphql';
import { requireViewer } from '../../graphql/auth-checker';
import { IdArgs } from '../../graphql/id-args';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import type { GraphQLContext } from '../../kernel/context';
import { IsId } from '../../shared/validation';
import { roles } from '../auth/guards';
import { LessonQuestion } from './lesson-question.entity';
import {
  answerLessonQuestion,
  askLessonQuestion,
  LESSON_NOT_FOUND,
  LESSON_QUESTION_NOT_FOUND,
  lessonQuestions,
  setLessonQuestionHidden,
  setLessonQuestionPinned,
  upvoteLessonQuestion,
} from './lesson-qa.service';

enum LessonQuestionOrder {
  NEWEST = 'NEWEST',
  TOP = 'TOP',
}
registerEnumType(LessonQuestionOrder, {
  name: 'LessonQuestionOrder',
  description: 'The order of a lesson’s questions (pinned ones always first)',
  valuesConfig: {
    NEWEST: { description: 'The newest first' },
    TOP: { description: 'The most upvoted first, then the newest' },
  },
});

@ObjectType({ description: 'A page of a lesson’s questions, with what the signed-in person may do there' })
class LessonQuestionPage extends PageOf(LessonQuestion) {
  @Field({ description: 'Whether they may ask and upvote (a student enrolled in the course)' })
  canAsk: boolean;

  @Field({ description: 'Whether they may answer and pin (the course’s instructor)' })
  canAnswer: boolean;

  @Field({ description: 'Whether they may hide and show questions (the course’s instructor or an admin); they see hidden ones too' })
  canHide: boolean;
}

@ArgsType()
class LessonQuestionsArgs extends PageArgs {
  @Field(() => ID, { description: 'The lesson' })
  @IsId(LESSON_NOT_FOUND, 'LESSON_NOT_FOUND')
  lessonId: string;

  @Field(() => LessonQuestionOrder, { defaultValue: LessonQuestionOrder.NEWEST, description: 'The order: newest or most upvoted first' })
  order: LessonQuestionOrder;
}

const LessonId = IdArgs('lessonId', LESSON_NOT_FOUND, 'The lesson', 'LESSON_NOT_FOUND');
type LessonId = InstanceType<typeof LessonId>;
const QuestionId = IdArgs('questionId', LESSON_QUESTION_NOT_FOUND, 'The question', 'LESSON_QUESTION_NOT_FOUND');
type QuestionId = InstanceType<typeof QuestionId>;

/**
 * Questions to the instructor under each lesson. Everyone here is signed in; the services let only
 * the course's enrolled students, its instructor and admins through, each to what is theirs.
 */
@Resolver()
export class LessonQaResolver {
  @Authorized(...roles.signedIn)
  @Mutation(() => LessonQuestion, {
    description:
      'Asks the course’s instructor a question under a lesson (at most 2000 characters, formulas between $…$): students enrolled in the course, 10 an hour; the instructor hears of new questions by mail at most once an hour',
  })
  askLessonQuestion(
    @Args(() => LessonId) { lessonId }: LessonId,
    @Arg('text', { description: 'The question, at most 2000 characters' }) text: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<LessonQuestion> {
    return askLessonQuestion(ctx.lessonQa, requireViewer(ctx), lessonId, text);
  }

  @Authorized(...roles.signedIn)
  @Mutation(() => LessonQuestion, {
    description: 'Answers a question under a lesson, marked as the instructor’s: the course’s instructor only; the asker is told by mail (or SMS)',
  })
  answerLessonQuestion(
    @Args(() => QuestionId) { questionId }: QuestionId,
    @Arg('text', { description: 'The answer, at most 2000 characters' }) text: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<LessonQuestion> {
    return answerLessonQuestion(ctx.lessonQa, requireViewer(ctx), questionId, text);
  }

  @Authorized(...roles.signedIn)
  @Query(() => LessonQuestionPage, {
    description: 'A lesson’s questions, pinned first, then newest or most upvoted first: for the course’s students, its instructor and admins',
  })
  async lessonQuestions(@Args(() => LessonQuestionsArgs) args: LessonQuestionsArgs, @Ctx() ctx: GraphQLContext): Promise<LessonQuestionPage> {
    const page = await lessonQuestions(ctx.db, requireViewer(ctx), args.lessonId, { ...args, order: args.order });
    return toPage(LessonQuestionPage, page);
  }

  @Authorized(...roles.signedIn)
  @Mutation(() => LessonQuestion, { description: 'Upvotes a question (students enrolled in the course, once each); upvoting it again takes the upvote back' })
  upvoteLessonQuestion(@Args(() => QuestionId) { questionId }: QuestionId, @Ctx() ctx: GraphQLContext): Promise<LessonQuestion> {
    return upvoteLessonQuestion(ctx.db, requireViewer(ctx), questionId);
  }

  @Authorized(...roles.signedIn)
  @Mutation(() => LessonQuestion, { description: 'Pins a question first in its lesson’s list, or unpins it: the course’s instructor only' })
  setLessonQuestionPinned(
    @Args(() => QuestionId) { questionId }: QuestionId,
    @Arg('pinned', { description: 'true: pinned; false: not pinned' }) pinned: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<LessonQuestion> {
    return setLessonQuestionPinned(ctx.db, requireViewer(ctx), questionId, pinned);
  }

  @Authorized(...roles.signedIn)
  @Mutation(() => LessonQuestion, {
    description: 'Hides a question (then seen only by the instructor, admins and its asker) or shows it again: the course’s instructor or an admin',
  })
  setLessonQuestionHidden(
    @Args(() => QuestionId) { questionId }: QuestionId,
    @Arg('hidden', { description: 'true: hidden; false: shown' }) hidden: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<LessonQuestion> {
    return setLessonQuestionHidden(ctx.db, requireViewer(ctx), questionId, hidden);
  }
}
