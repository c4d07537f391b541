import { Arg, Args, Authorized, Ctx, Field, FieldResolver, Float, ID, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { IdArgs } from '../../graphql/id-args';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { roles } from '../auth/guards';
import { Attempt } from './attempt.entity';
import {
  answersOf,
  ATTEMPT_NOT_FOUND,
  chapterScores,
  closingOf,
  listMyAttempts,
  questionsOf,
  readAttempt,
  reviewOf,
  reviewOpensAt,
  rulesOf,
  scoreOf,
  startAttempt,
  submitAttempt,
} from './attempt.service';
import { saveAnswer } from './save-answer';
import { leaderboard, leaderboardName, modelTestResults, rankOf, setLeaderboardName } from './leaderboard.service';
import { ApiScope } from '../integration/api-key.entity';
import { readerOf } from '../integration/api-key.service';
import { LeaderboardName } from './leaderboard-preference.entity';
import { ModelTest } from './model-test.entity';
import { QuestionOption } from './question.entity';
import { BoardTag } from './board-tag';
import { deprecated } from '../../graphql/deprecations';

// ---- attempts -----------------------------------------------------------------------------

@ObjectType({ description: 'A question as a student sees it during an attempt: no correct option, no explanation' })
class AttemptQuestion {
  @Field(() => ID, { description: 'The question' })
  id: string;

  @Field({ description: 'The question; formulas between $…$' })
  text: string;

  @Field(() => [QuestionOption], { description: "The options in this attempt's order" })
  options: QuestionOption[];

  @Field(() => String, { nullable: true, description: 'The address of the picture shown with the question; null without one' })
  pictureURL: string | null;
}

@ObjectType('AttemptAnswer', { description: 'The option a student chose for a question' })
class AttemptAnswerType {
  @Field(() => ID, { description: 'The question answered' })
  questionId: string;

  @Field(() => ID, { description: 'The option chosen' })
  optionId: string;

  @Field({ description: 'When it was saved' })
  answeredAt: Date;

  @Field(() => Date, { nullable: true, description: "When the student chose it, by the server's clock" })
  chosenAt: Date | null;
}

@ObjectType({ description: 'One question of a finished attempt, with the answer chosen, the correct one and the explanation' })
class ReviewItem {
  @Field(() => ID, { description: 'The question' })
  questionId: string;

  @Field({ description: 'The question' })
  text: string;

  @Field(() => [QuestionOption], { description: "The options in the attempt's order" })
  options: QuestionOption[];

  @Field(() => ID, { nullable: true, description: "The student's option; null when skipped" })
  chosenOptionId: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether the chosen option was correct; null when skipped' })
  answeredCorrectly: boolean | null;

  @Field(() => ID, { nullable: true, description: 'The correct option; null until the review opens (`AttemptResult.reviewOpensAt`)' })
  correctOptionId: string | null;

  @Field(() => String, { nullable: true, description: 'Why it is correct; null until the review opens' })
  explanation: string | null;

  @Field(() => String, { nullable: true, description: 'The address of the picture shown with the question; null without one' })
  pictureURL: string | null;

  @Field(() => BoardTag, { nullable: true, description: 'The board exam that set the question (board and year); null for none' })
  boardTag: BoardTag | null;
}

@ObjectType({ description: 'How a student did in one chapter of a test' })
class ChapterScore {
  @Field(() => ID, { description: 'The chapter' })
  chapterId: string;

  @Field({ description: 'The Bangla name' })
  nameBn: string;

  @Field({ description: 'The English name' })
  nameEn: string;

  @Field(() => Int, { description: 'Answered correctly' })
  correct: number;

  @Field(() => Int, { description: 'Questions of the chapter' })
  total: number;
}

@ObjectType({ description: 'The result of a finished attempt' })
class AttemptResult {
  attempt: Attempt;

  test: ModelTest;

  @Field(() => ID, { description: 'The attempt' })
  attemptId: string;

  @Field(() => Float, { description: 'Correct answers minus the negative marks' })
  score: number;

  @Field(() => Int, { description: 'Questions in the attempt (the highest score)' })
  maxScore: number;

  @Field(() => Int, { description: 'Questions answered correctly' })
  correct: number;

  @Field(() => Int, { description: 'Questions answered wrongly (negative marks apply to these)' })
  wrong: number;

  @Field(() => Int, { description: 'Questions left unanswered' })
  skipped: number;

  @Field(() => Int, { description: 'Seconds from the start to the submission' })
  timeTakenSeconds: number;

  @Field({ description: 'Whether the score reached the pass mark' })
  passed: boolean;
}

@Resolver(() => AttemptResult)
export class AttemptResultResolver {
  @FieldResolver(() => Int, {
    nullable: true,
    description:
      "Its place on the test's leaderboard, which ranks each student's first attempt (ties go to the quicker); null for a later attempt, which is practice",
  })
  async rank(@Root() result: AttemptResult, @Ctx() ctx: GraphQLContext): Promise<number | null> {
    return (await rankOf(ctx.db, result.attempt)).rank;
  }

  @FieldResolver(() => Date, {
    nullable: true,
    description:
      'When the correct options and explanations are shown (a test with a closing time: once it has closed and its grace window passed); null when never',
  })
  reviewOpensAt(@Root() result: AttemptResult): Date | null {
    return reviewOpensAt(result.test, result.attempt);
  }

  @FieldResolver(() => Int, { description: 'How many students have taken the test' })
  async participants(@Root() result: AttemptResult, @Ctx() ctx: GraphQLContext): Promise<number> {
    return (await rankOf(ctx.db, result.attempt)).participants;
  }

  @FieldResolver(() => [ReviewItem], {
    description: 'Every question with the answer chosen and whether it was right; the correct one and the explanation once the review opens',
  })
  review(@Root() result: AttemptResult, @Ctx() ctx: GraphQLContext): Promise<ReviewItem[]> {
    return reviewOf(ctx.db, result.attempt, result.test);
  }

  @FieldResolver(() => [ChapterScore], { description: 'Strengths and weaknesses: correct answers per chapter' })
  async chapters(@Root() result: AttemptResult, @Ctx() ctx: GraphQLContext): Promise<ChapterScore[]> {
    return chapterScores(ctx.db, await reviewOf(ctx.db, result.attempt, result.test));
  }
}

/**
 * The result of an ended attempt: as counted at its submission, or, for one whose grace window ended
 * before the queue submitted it, as it will be counted (reading writes nothing).
 */
async function resultOf(ctx: GraphQLContext, stored: Attempt): Promise<AttemptResult | null> {
  const test = await rulesOf(ctx.db, stored);
  let attempt = stored;
  if (!attempt.submittedAt) {
    const closing = closingOf(attempt, test);
    if (!closing || !attempt.deadline || closing.getTime() > Date.now()) return null;
    const counted = await scoreOf(ctx.db, attempt, test);
    const durationSeconds = Math.max(0, Math.ceil((attempt.deadline.getTime() - attempt.startedAt.getTime()) / 1000));
    attempt = Object.assign(new Attempt(), attempt, counted, { submittedAt: attempt.deadline, durationSeconds });
  }
  return Object.assign(new AttemptResult(), {
    attempt,
    test,
    attemptId: attempt.id,
    score: attempt.score ?? 0,
    maxScore: attempt.questionOrder.length,
    correct: attempt.correct ?? 0,
    wrong: attempt.wrong ?? 0,
    skipped: attempt.skipped ?? 0,
    timeTakenSeconds: attempt.durationSeconds ?? 0,
    passed: (attempt.score ?? 0) >= test.passMark,
  });
}

@ObjectType({ description: 'A page of attempts' })
class AttemptPage extends PageOf(Attempt) {}

@ObjectType({ description: "One row of a model test's leaderboard" })
class LeaderboardEntry {
  @Field(() => Int, { description: 'Rank (equal scores in equal time share one)' })
  rank: number;

  @Field({ description: 'The name as the student chose: by default the first name and an initial ("Rahim U."), the full name, or "Student"' })
  name: string;

  @Field(() => Float, { description: 'Marks, after negative marking' })
  score: number;

  @Field(() => Int, { description: 'Seconds taken' })
  durationSeconds: number;
}

@ObjectType({ description: 'A page of a leaderboard' })
class LeaderboardPage extends PageOf(LeaderboardEntry) {}

@ObjectType({ description: "A student's result in a model test, for the test's instructor: their first finished attempt (the one the leaderboard ranks)" })
class ModelTestResult {
  @Field(() => ID, { description: 'The attempt' }) attemptId: string;
  @Field(() => ID, { nullable: true, description: "The student's account; null for a student not enrolled in the test's course (who sat a free test)" })
  studentId: string | null;
  @Field({ description: "The student's full name; for a student not enrolled in the test's course, the name as the leaderboard shows it" }) name: string;
  @Field(() => String, { nullable: true, description: "The student's sign-in email; null without one, or for a student not enrolled in the test's course" })
  email: string | null;
  @Field({ description: "Whether the student is enrolled in the test's course now" }) enrolled: boolean;
  @Field(() => Int, { description: 'Rank on the leaderboard (equal scores in equal time share one)' }) rank: number;
  @Field(() => Float, { description: 'Marks, after negative marking' }) score: number;
  @Field(() => Int, { description: 'Answered correctly' }) correct: number;
  @Field(() => Int, { description: 'Answered wrongly' }) wrong: number;
  @Field(() => Int, { description: 'Left unanswered' }) skipped: number;
  @Field(() => Int, { description: 'Seconds taken' }) durationSeconds: number;
  @Field({ description: "Whether the score reached the test's pass mark" }) passed: boolean;
  @Field({ description: 'When it was submitted (ISO 8601)' }) submittedAt: Date;
}

@ObjectType({ description: "A page of a model test's results" })
class ModelTestResultPage extends PageOf(ModelTestResult) {}

const AttemptId = IdArgs('attemptId', ATTEMPT_NOT_FOUND, "The attempt, one of the signed-in student's own", 'ATTEMPT_NOT_FOUND');
type AttemptId = InstanceType<typeof AttemptId>;

@Resolver(() => Attempt)
export class AttemptResolver {
  @Authorized(...roles.signedIn)
  @Mutation(() => Attempt, { description: 'Starts an attempt at a model test; an unfinished attempt of the same test is returned again' })
  startAttempt(@Arg('testId', () => ID, { description: 'The test' }) testId: string, @Ctx() ctx: GraphQLContext): Promise<Attempt> {
    return startAttempt(ctx.db, ctx.practice, requireViewer(ctx), testId);
  }

  @Authorized(...roles.signedIn)
  @Mutation(() => AttemptAnswerType, {
    description:
      "Saves the option chosen for a question of an unfinished attempt. Before the deadline it counts; after it, an answer chosen before the deadline (`chosenAt`) counts until the test's grace window ends (ANSWER_TOO_LATE after); of two answers to a question, the one chosen last counts",
  })
  saveAnswer(
    @Args(() => AttemptId) { attemptId }: AttemptId,
    @Arg('questionId', () => ID, { description: 'A question of the attempt' }) questionId: string,
    @Arg('optionId', () => ID, { description: 'One of its options' }) optionId: string,
    @Arg('chosenAt', () => Date, {
      nullable: true,
      description: "When the student chose it, by the server's clock as the page knows it (`serverTime`); left out, now",
    })
    chosenAt: Date | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AttemptAnswerType> {
    return saveAnswer(ctx.db, requireViewer(ctx), attemptId, questionId, optionId, chosenAt);
  }

  @Authorized(...roles.signedIn)
  @Mutation(() => AttemptResult, { description: 'Submits an attempt; submitting again gives the same result' })
  async submitAttempt(@Args(() => AttemptId) { attemptId }: AttemptId, @Ctx() ctx: GraphQLContext): Promise<AttemptResult> {
    return (await resultOf(ctx, await submitAttempt(ctx.db, requireViewer(ctx), attemptId)))!;
  }

  @Authorized(...roles.signedIn)
  @Query(() => Attempt, { description: 'One of your attempts, as it is now' })
  attempt(@Arg('id', () => ID, { description: 'The attempt' }) id: string, @Ctx() ctx: GraphQLContext): Promise<Attempt> {
    return readAttempt(ctx.db, requireViewer(ctx), id);
  }

  @Authorized(...roles.signedIn)
  @Query(() => AttemptPage, { description: 'Your attempts, newest first' })
  async myAttempts(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: GraphQLContext): Promise<AttemptPage> {
    return toPage(AttemptPage, await listMyAttempts(ctx.db, requireViewer(ctx), args));
  }

  @Query(() => LeaderboardPage, { description: "A model test's leaderboard: each student's first attempt, best first" })
  async leaderboard(
    @Arg('testId', () => ID, { description: 'The test' }) testId: string,
    @Args(() => PageArgs) args: PageArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<LeaderboardPage> {
    return toPage(LeaderboardPage, await leaderboard(ctx.db, testId, args, ctx.language));
  }

  @Authorized(...roles.staff)
  @Query(() => ModelTestResultPage, {
    description:
      "A model test's results, best first: each student's first finished attempt with its marks; the test's instructor and admins, and API keys with practice:read of its instructor or an admin",
  })
  async modelTestResults(
    @Arg('testId', () => ID, { description: 'The test: of the instructor’s own courses, or any for an admin' }) testId: string,
    @Args(() => PageArgs) args: PageArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ModelTestResultPage> {
    return toPage(ModelTestResultPage, await modelTestResults(ctx.db, readerOf(ctx, ApiScope.PRACTICE_READ), testId, args, ctx.language));
  }

  @Authorized(...roles.signedIn)
  @Query(() => LeaderboardName, { description: 'How your name appears on leaderboards (by default your first name and an initial)' })
  myLeaderboardName(@Ctx() ctx: GraphQLContext): Promise<LeaderboardName> {
    return leaderboardName(ctx.db, requireViewer(ctx));
  }

  @Authorized(...roles.signedIn)
  @Mutation(() => LeaderboardName, { description: 'Chooses how your name appears on leaderboards: first name and initial, full name, or none ("Student")' })
  setLeaderboardName(
    @Arg('shown', () => LeaderboardName, { description: 'Your choice' }) shown: LeaderboardName,
    @Ctx() ctx: GraphQLContext,
  ): Promise<LeaderboardName> {
    return setLeaderboardName(ctx.db, requireViewer(ctx), shown);
  }

  @Authorized(...roles.signedIn)
  @Query(() => Boolean, {
    description: 'Whether you appear on leaderboards as "Student" instead of your name',
    deprecationReason: deprecated('Query.myLeaderboardNameHidden'),
  })
  async myLeaderboardNameHidden(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    return (await leaderboardName(ctx.db, requireViewer(ctx))) === LeaderboardName.NONE;
  }

  @Authorized(...roles.signedIn)
  @Mutation(() => Boolean, {
    description: 'Appear on leaderboards as "Student" (true) or by your first name and an initial (false)',
    deprecationReason: deprecated('Mutation.setLeaderboardNameHidden'),
  })
  async setLeaderboardNameHidden(@Arg('hidden', { description: 'true to hide your name' }) hidden: boolean, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await setLeaderboardName(ctx.db, requireViewer(ctx), hidden ? LeaderboardName.NONE : LeaderboardName.FIRST_NAME_AND_INITIAL);
    return hidden;
  }

  @FieldResolver(() => ModelTest, { nullable: true, description: 'The model test; null for a practice set (`practiceSet`)' })
  async test(@Root() attempt: Attempt, @Ctx() ctx: GraphQLContext): Promise<ModelTest | null> {
    return attempt.testId ? ctx.db.getRepository(ModelTest).findOneByOrFail({ id: attempt.testId }) : null;
  }

  @FieldResolver(() => Boolean, {
    description:
      "Whether it has ended: submitted by the student, or its deadline and the test's grace window have passed (a practice set ends only when submitted)",
  })
  async finished(@Root() attempt: Attempt, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    if (attempt.submittedAt !== null) return true;
    const closing = closingOf(attempt, await rulesOf(ctx.db, attempt));
    return closing !== null && closing.getTime() <= Date.now();
  }

  @FieldResolver(() => Date, { description: "The server's clock now, so a countdown can be drawn whatever the device's clock says" })
  serverTime(): Date {
    return new Date();
  }

  @FieldResolver(() => [AttemptQuestion], { description: "The questions in this attempt's order, without their answers" })
  questions(@Root() attempt: Attempt, @Ctx() ctx: GraphQLContext): Promise<AttemptQuestion[]> {
    return questionsOf(ctx.db, attempt);
  }

  @FieldResolver(() => [AttemptAnswerType], { description: 'The options chosen so far' })
  answers(@Root() attempt: Attempt, @Ctx() ctx: GraphQLContext): Promise<AttemptAnswerType[]> {
    return answersOf(ctx.db, attempt.id);
  }

  @FieldResolver(() => AttemptResult, {
    nullable: true,
    description: "The result, once the attempt was submitted or its deadline and the test's grace window have passed; null before",
  })
  result(@Root() attempt: Attempt, @Ctx() ctx: GraphQLContext): Promise<AttemptResult | null> {
    return resultOf(ctx, attempt);
  }
}
