import { Arg, Args, Authorized, Ctx, Field, FieldResolver, ID, InputType, Int, Mutation, ObjectType, Resolver, Root } from 'type-graphql';
import { In } from 'typeorm';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { IdArgs } from '../../graphql/id-args';
import { roles } from '../auth/guards';
import { Attempt } from './attempt.entity';
import { ATTEMPT_NOT_FOUND } from './attempt.service';
import { PracticeSet } from './practice-set.entity';
import {
  answerPractice,
  practiceFeedback,
  practiceKeys,
  practiseSavedQuestions,
  retryWrongAnswers,
  startPractice,
  type PracticeFeedback,
  type PracticeKey as PracticeKeyFacts,
  type PracticeRequest,
} from './practice-set.service';
import { Difficulty } from './question.entity';
import { BoardTag } from './board-tag';
import { savedAmong } from './saved-question.service';
import { Chapter, Subject } from './subject.entity';
import { attemptTitle, attemptTitleKey } from './attempt-title';

@InputType({ description: 'What a student wants to practise' })
class PracticeInput implements PracticeRequest {
  @Field(() => Int, { description: 'Class 1 to 12, or 13 for admission tests (9 and 10 share their books, as do 11 and 12)' })
  classLevel: number;

  @Field(() => ID, { description: 'The subject, such as "physics"' })
  subjectId: string;

  @Field(() => [ID], { defaultValue: [], description: "Chapters of the subject's book for that class (at most 20); empty: the whole subject" })
  chapterIds: string[];

  @Field(() => Int, { description: 'How many questions: 10, 20 or 30 (fewer when the bank has fewer)' })
  count: number;

  @Field(() => Difficulty, { nullable: true, description: 'Only questions of this difficulty; left out, any' })
  difficulty?: Difficulty | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'true: only board questions (those an education board set in an SSC or HSC paper, `Question.boardTag`); left out, any',
  })
  boardQuestionsOnly?: boolean | null;
}

@ObjectType({ description: 'The key of a practice question the student answered, with its explanation' })
export class PracticeAnswer implements PracticeFeedback {
  @Field(() => ID, { description: 'The question' })
  questionId: string;

  @Field(() => ID, { description: 'The option the student chose (the first one: a practice question is answered once)' })
  chosenOptionId: string;

  @Field({ description: 'Whether it was the correct one' })
  answeredCorrectly: boolean;

  @Field(() => ID, { description: 'The correct option' })
  correctOptionId: string;

  @Field({ description: 'Why it is correct; formulas between $…$ (empty when the author wrote none)' })
  explanation: string;

  @Field(() => BoardTag, { nullable: true, description: 'The board exam that set the question (board and year); null for none' })
  boardTag: BoardTag | null;
}

@ObjectType({ description: 'The key of a question of your practice set and its explanation, for answering it with no network' })
export class PracticeKey implements PracticeKeyFacts {
  @Field(() => ID, { description: 'The question' })
  questionId: string;

  @Field(() => ID, { description: 'The correct option' })
  correctOptionId: string;

  @Field({ description: 'Why it is correct; formulas between $…$ (empty when the author wrote none)' })
  explanation: string;

  @Field(() => BoardTag, { nullable: true, description: 'The board exam that set the question (board and year); null for none' })
  boardTag: BoardTag | null;
}

const AttemptId = IdArgs('attemptId', ATTEMPT_NOT_FOUND, "The attempt, one of the signed-in student's own", 'ATTEMPT_NOT_FOUND');
type AttemptId = InstanceType<typeof AttemptId>;

@Resolver(() => Attempt)
export class PracticeSetResolver {
  @Authorized(...roles.signedIn)
  @Mutation(() => Attempt, {
    description:
      'Makes a practice set from the bank (questions usable in practice, of the shared bank and your courses, those you have not met first) and starts it: no deadline, no rank, the explanation after each answer (answerPractice)',
  })
  startPractice(@Arg('input', () => PracticeInput, { description: 'What to practise' }) input: PracticeInput, @Ctx() ctx: GraphQLContext): Promise<Attempt> {
    return startPractice(ctx.db, requireViewer(ctx), input);
  }

  @Authorized(...roles.signedIn)
  @Mutation(() => Attempt, { description: 'Starts a practice set of the questions you answered wrongly in one of your finished attempts' })
  retryWrongAnswers(@Args(() => AttemptId) { attemptId }: AttemptId, @Ctx() ctx: GraphQLContext): Promise<Attempt> {
    return retryWrongAnswers(ctx.db, requireViewer(ctx), attemptId);
  }

  @Authorized(...roles.signedIn)
  @Mutation(() => Attempt, { description: 'Starts a practice set of your saved questions, the latest saved first' })
  practiseSavedQuestions(
    @Arg('count', () => Int, { defaultValue: 10, description: 'How many: 10, 20 or 30' }) count: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Attempt> {
    return practiseSavedQuestions(ctx.db, requireViewer(ctx), count);
  }

  @Authorized(...roles.signedIn)
  @Mutation(() => PracticeAnswer, {
    description: 'Answers a question of your practice set and gives its key and explanation; a question is answered once (again: the first answer)',
  })
  answerPractice(
    @Args(() => AttemptId) { attemptId }: AttemptId,
    @Arg('questionId', () => ID, { description: 'A question of the set' }) questionId: string,
    @Arg('optionId', () => ID, { description: 'One of its options' }) optionId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PracticeAnswer> {
    return answerPractice(ctx.db, requireViewer(ctx), attemptId, questionId, optionId);
  }

  @FieldResolver(() => String, { description: "The model test's title, or the practice set's name in the request's language" })
  async title(@Root() attempt: Attempt, @Ctx() ctx: GraphQLContext): Promise<string> {
    return attemptTitle(await ctx.loaders.attemptTitle.load(attemptTitleKey(attempt)), ctx.language);
  }

  @FieldResolver(() => PracticeSet, { nullable: true, description: 'The practice set sat; null for a model test' })
  practiceSet(@Root() attempt: Attempt, @Ctx() ctx: GraphQLContext): Promise<PracticeSet | null> {
    return attempt.practiceSetId ? ctx.db.getRepository(PracticeSet).findOneBy({ id: attempt.practiceSetId }) : Promise.resolve(null);
  }

  @FieldResolver(() => [PracticeAnswer], { description: "A practice set's answered questions with their keys and explanations; empty for a model test" })
  practiceAnswers(@Root() attempt: Attempt, @Ctx() ctx: GraphQLContext): Promise<PracticeAnswer[]> {
    return practiceFeedback(ctx.db, attempt);
  }

  @FieldResolver(() => [PracticeKey], {
    description:
      'The key and explanation of every question of your own practice set, kept on the phone to practise with no network (the answers go to answerPractice on return); empty for a model test and for anyone else',
  })
  practiceKeys(@Root() attempt: Attempt, @Ctx() ctx: GraphQLContext): Promise<PracticeKey[]> {
    return practiceKeys(ctx.db, ctx.viewer ?? null, attempt);
  }

  @FieldResolver(() => [ID], { description: 'Which of its questions you have saved (saveQuestion)' })
  savedQuestionIds(@Root() attempt: Attempt, @Ctx() ctx: GraphQLContext): Promise<string[]> {
    return ctx.viewer ? savedAmong(ctx.db, ctx.viewer, attempt.questionOrder) : Promise.resolve([]);
  }
}

@Resolver(() => PracticeSet)
export class PracticeSetFieldsResolver {
  @FieldResolver(() => Subject, { nullable: true, description: 'The subject picked' })
  subject(@Root() set: PracticeSet, @Ctx() ctx: GraphQLContext): Promise<Subject | null> {
    return set.subjectId ? ctx.db.getRepository(Subject).findOneBy({ id: set.subjectId }) : Promise.resolve(null);
  }

  @FieldResolver(() => [Chapter], { description: 'The chapters picked, in book order' })
  chapters(@Root() set: PracticeSet, @Ctx() ctx: GraphQLContext): Promise<Chapter[]> {
    if (set.chapterIds.length === 0) return Promise.resolve([]);
    return ctx.db.getRepository(Chapter).find({ where: { id: In(set.chapterIds) }, order: { classLevel: 'ASC', position: 'ASC' } });
  }
}
