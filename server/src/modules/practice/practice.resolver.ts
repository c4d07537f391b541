import { In } from 'typeorm';
import DataLoader from 'dataloader';
import {
  Arg,
  Args,
  ArgsType,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  Float,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import { requireViewer } from '../../graphql/auth-checker';
import { translateMessage } from '../../i18n/translate';
import type { GraphQLContext } from '../../graphql/context';
import { IdArgs } from '../../graphql/id-args';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { optionalWholeNumber, Rule } from '../../shared/validation';
import { validationMessages } from '../../shared/validation-messages';
import { roles } from '../auth/guards';
import { Course } from '../course/course.entity';
import { Attempt } from './attempt.entity';
import {
  answersOf,
  ATTEMPT_NOT_FOUND,
  chapterScores,
  closingOf,
  leaderboard,
  leaderboardNameHidden,
  listMyAttempts,
  questionsOf,
  rankOf,
  readAttempt,
  reviewOf,
  reviewOpensAt,
  saveAnswer,
  scoreOf,
  setLeaderboardNameHidden,
  startAttempt,
  submitAttempt,
} from './attempt.service';
import { DEFAULT_GRACE_SECONDS, MAX_GRACE_SECONDS, ModelTest, ReviewPolicy } from './model-test.entity';
import {
  countCourseTests,
  createModelTest,
  editableTest,
  findModelTest,
  listAuthoredModelTests,
  listModelTests,
  MODEL_TEST_NOT_FOUND,
  setModelTestPublished,
  testQuestionIds,
  updateModelTest,
  type ModelTestDraft,
} from './model-test.service';
import { Difficulty, Question, QuestionOption } from './question.entity';
import { questionPictureAddress } from './question-picture';
import {
  createQuestion,
  CSV_TEMPLATE,
  deleteQuestion,
  importQuestions,
  listQuestions,
  QUESTION_NOT_FOUND,
  questionStatistics,
  setSharedBankAccess,
  updateQuestion,
  bankAccessOf,
  mayReadQuestion,
  type BankAccess,
  type QuestionDraft,
} from './question-bank.service';
import { Chapter, Subject } from './subject.entity';
import { countLessonQuizzes } from './lesson-quiz.service';

const levelRule = () => Rule(optionalWholeNumber(validationMessages.wholeNumberRange('classLevel', 1, 13), 1, 13));

// ---- the syllabus -------------------------------------------------------------------------

@ArgsType()
class ChaptersArgs {
  @Field(() => ID, { description: 'The subject' })
  subjectId: string;

  @Field(() => Int, { nullable: true, description: 'Only the chapters of this class' })
  @levelRule()
  classLevel?: number | null;
}

@Resolver(() => Subject)
export class SyllabusResolver {
  @Query(() => [Subject], { description: 'The subjects of the national curriculum, in their usual order' })
  subjects(@Ctx() ctx: GraphQLContext): Promise<Subject[]> {
    return ctx.db.getRepository(Subject).find({ order: { position: 'ASC' } });
  }

  @Query(() => [Chapter], { description: "The chapters of a subject's book, for one class when given" })
  chapters(@Args() { subjectId, classLevel }: ChaptersArgs, @Ctx() ctx: GraphQLContext): Promise<Chapter[]> {
    return ctx.db
      .getRepository(Chapter)
      .find({ where: { subjectId, ...(classLevel != null ? { classLevel } : {}) }, order: { classLevel: 'ASC', position: 'ASC' } });
  }
}

// ---- the question bank --------------------------------------------------------------------

@InputType({ description: 'A multiple-choice question as its author writes it' })
class QuestionInput implements QuestionDraft {
  @Field({ description: 'The question; formulas between $…$' })
  text: string;

  @Field(() => [String], { description: '2 to 6 options, in order' })
  options: string[];

  @Field(() => Int, { description: 'The position of the one correct option in `options`, from 0' })
  correctOption: number;

  @Field(() => String, { nullable: true, description: 'Why the correct option is right' })
  explanation?: string | null;

  @Field(() => Int, { description: 'Class 1 to 12, or 13 for admission tests' })
  classLevel: number;

  @Field(() => ID, { description: 'The subject, such as "physics"' })
  subjectId: string;

  @Field(() => ID, { nullable: true, description: 'The chapter of that subject' })
  chapterId?: string | null;

  @Field(() => Difficulty, { nullable: true, description: 'How hard it is; MEDIUM when left out' })
  difficulty?: Difficulty | null;

  @Field(() => ID, { nullable: true, description: 'The course whose bank holds it; left out, the shared bank (admins only)' })
  courseId?: string | null;
}

@ObjectType({ description: 'A page of questions' })
class QuestionPage extends PageOf(Question) {}

@ArgsType()
class QuestionBankArgs extends PageArgs {
  @Field(() => ID, { nullable: true, description: 'Only the questions of one course' })
  courseId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only the questions of one subject' })
  subjectId?: string | null;

  @Field(() => Int, { nullable: true, description: 'Only the questions of one class (13: admission)' })
  @levelRule()
  classLevel?: number | null;

  @Field(() => ID, { nullable: true, description: 'Only the questions of one chapter' })
  chapterId?: string | null;

  @Field(() => Difficulty, { nullable: true, description: 'Only the questions of one difficulty' })
  difficulty?: Difficulty | null;

  @Field(() => Boolean, { nullable: true, description: "true: only the shared bank's questions, those of no course (admins)" })
  sharedBank?: boolean | null;
}

@ObjectType({ description: 'A row of a CSV import that was not imported' })
class ImportProblemType {
  @Field(() => Int, { description: 'The line of the file, counting the header as line 1' })
  line: number;

  @Field({ description: 'Why the row was not imported' })
  reason: string;
}

@ObjectType({ description: 'What a CSV import did' })
class QuestionImportReport {
  @Field(() => Int, { description: 'Questions added' })
  imported: number;

  @Field(() => Int, { description: 'Rows already imported before, left as they were' })
  unchanged: number;

  @Field(() => [ImportProblemType], { description: 'Bad rows, with their line and reason' })
  problems: ImportProblemType[];
}

@ObjectType({ description: 'How students answered one question in finished attempts' })
class QuestionStatistics {
  @Field(() => ID, { description: 'The question' })
  questionId: string;

  @Field(() => Int, { description: 'How many answered it' })
  answered: number;

  @Field(() => Float, { description: 'The share of those answers that were correct, 0 to 1' })
  correctShare: number;

  @Field(() => ID, { nullable: true, description: 'The wrong option chosen most, if any wrong answer was given' })
  mostChosenWrongOptionId: string | null;
}

const questionStatisticsLoaders = new WeakMap<GraphQLContext, DataLoader<string, QuestionStatistics>>();
const bankAccesses = new WeakMap<GraphQLContext, Promise<BankAccess>>();

/** Whether the signed-in staff member may read a question's key, asked once per request. */
async function mayReadKey(ctx: GraphQLContext, question: Question): Promise<boolean> {
  if (!ctx.viewer) return false;
  let access = bankAccesses.get(ctx);
  if (!access) {
    access = bankAccessOf(ctx.db, ctx.viewer);
    bankAccesses.set(ctx, access);
  }
  return mayReadQuestion(await access, question);
}

const QuestionId = IdArgs('id', QUESTION_NOT_FOUND, 'The question');
type QuestionId = InstanceType<typeof QuestionId>;

@Resolver(() => Question)
export class QuestionBankResolver {
  @Authorized(...roles.staff)
  @Query(() => QuestionPage, { description: "The questions an author may use, newest first: an instructor's courses', or all for an admin" })
  async questionBank(@Args(() => QuestionBankArgs) args: QuestionBankArgs, @Ctx() ctx: GraphQLContext): Promise<QuestionPage> {
    return toPage(QuestionPage, await listQuestions(ctx.db, requireViewer(ctx), args, args));
  }

  @Authorized(...roles.staff)
  @FieldResolver(() => ID, {
    nullable: true,
    description:
      "The id of the one correct option; null unless you may read the question (its course's instructor, an admin, or an instructor with shared-bank access for the shared bank)",
  })
  async correctOptionId(@Root() question: Question, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return (await mayReadKey(ctx, question)) ? question.correctOptionId : null;
  }

  @Authorized(...roles.staff)
  @FieldResolver(() => String, { nullable: true, description: 'Why the correct option is right; null when `correctOptionId` is' })
  async explanation(@Root() question: Question, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return (await mayReadKey(ctx, question)) ? question.explanation : null;
  }

  @Authorized(...roles.staff)
  @FieldResolver(() => QuestionStatistics, {
    nullable: true,
    description: 'How students answered it in the finished attempts of every test that uses it; null when `correctOptionId` is',
  })
  async statistics(@Root() question: Question, @Ctx() ctx: GraphQLContext): Promise<QuestionStatistics | null> {
    if (!(await mayReadKey(ctx, question))) return null;
    let loader = questionStatisticsLoaders.get(ctx);
    if (!loader) {
      loader = new DataLoader<string, QuestionStatistics>(async (ids) => questionStatistics(ctx.db, [...ids]));
      questionStatisticsLoaders.set(ctx, loader);
    }
    return loader.load(question.id);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'The address of the picture shown with the question (PNG, JPEG or WebP, uploaded with PUT /api/questions/{id}/picture); null without one',
  })
  pictureURL(@Root() question: Question): string | null {
    return questionPictureAddress(question);
  }

  @Authorized(...roles.admin)
  @Mutation(() => Boolean, {
    description:
      "Gives an instructor the shared question bank (reading its answers and using its questions in their courses' tests and quizzes), or takes it away",
  })
  setSharedBankAccess(
    @Arg('userId', () => ID, { description: 'The instructor' }) userId: string,
    @Arg('granted', { description: 'true to give access, false to take it away' }) granted: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    return setSharedBankAccess(ctx.db, requireViewer(ctx), userId, granted);
  }

  @Authorized(...roles.staff)
  @Query(() => String, { description: 'The CSV template for importing questions (UTF-8, one question per row)' })
  questionImportTemplate(): string {
    return CSV_TEMPLATE;
  }

  @Authorized(...roles.staff)
  @Mutation(() => Question, { description: 'Writes a question into a course bank (its instructor or an admin) or the shared bank (admins)' })
  createQuestion(
    @Arg('input', () => QuestionInput, { description: 'The question, its options and where it belongs' }) input: QuestionInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Question> {
    return createQuestion(ctx.db, requireViewer(ctx), input);
  }

  @Authorized(...roles.staff)
  @Mutation(() => Question, { description: 'Rewrites a question' })
  updateQuestion(
    @Args(() => QuestionId) { id }: QuestionId,
    @Arg('input', () => QuestionInput, { description: 'The question as it should read now' }) input: QuestionInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Question> {
    return updateQuestion(ctx.db, requireViewer(ctx), id, input);
  }

  @Authorized(...roles.staff)
  @Mutation(() => Boolean, { description: 'Deletes a question that no model test uses' })
  deleteQuestion(@Args(() => QuestionId) { id }: QuestionId, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return deleteQuestion(ctx.db, requireViewer(ctx), id);
  }

  @Authorized(...roles.staff)
  @Mutation(() => QuestionImportReport, {
    description: 'Imports questions from a CSV file of the template; bad rows are reported, importing the same file again changes nothing',
  })
  async importQuestions(
    @Arg('csv', { description: "The file's text (UTF-8)" }) csv: string,
    @Arg('courseId', () => ID, { nullable: true, description: 'The course whose bank receives them; left out, the shared bank (admins only)' })
    courseId: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<QuestionImportReport> {
    const report = await importQuestions(ctx.db, requireViewer(ctx), courseId, csv);
    // Each reason in the page's language, as errors are.
    return { ...report, problems: report.problems.map((problem) => ({ ...problem, reason: translateMessage(ctx.language, problem.reason) })) };
  }
}

// ---- model tests --------------------------------------------------------------------------

@InputType({ description: 'A model test as its author writes it' })
class ModelTestInput implements ModelTestDraft {
  @Field({ description: 'The title' })
  title: string;

  @Field(() => String, { nullable: true, description: 'What it covers' })
  description?: string | null;

  @Field(() => Int, { description: 'Class 1 to 12, or 13 for admission tests' })
  classLevel: number;

  @Field(() => ID, { description: 'The subject' })
  subjectId: string;

  @Field(() => ID, { nullable: true, description: 'Its course; left out, a free test in no course (admins only)' })
  courseId?: string | null;

  @Field({ defaultValue: false, description: "Open to any signed-in student, not only the course's" })
  free: boolean;

  @Field(() => Int, { description: 'Minutes from the start, 1 to 600' })
  durationMinutes: number;

  @Field(() => Float, { defaultValue: 0, description: 'Marks taken off per wrong answer, 0 to 1' })
  negativeMark: number;

  @Field(() => Float, { defaultValue: 0, description: 'The score needed to pass' })
  passMark: number;

  @Field(() => Date, { nullable: true, description: 'When it opens; left out, any time' })
  opensAt?: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it closes; left out, never' })
  closesAt?: Date | null;

  @Field(() => [ID], { description: 'Its questions, in order (each attempt shuffles them)' })
  questionIds: string[];

  @Field(() => ReviewPolicy, {
    defaultValue: ReviewPolicy.AFTER_SUBMIT,
    description: 'When students see the correct options and explanations; a test with a closing time always after it closes',
  })
  reviewAfter: ReviewPolicy;

  @Field(() => Int, {
    defaultValue: DEFAULT_GRACE_SECONDS,
    description: `Seconds after the deadline in which answers chosen before it still count, 0 to ${MAX_GRACE_SECONDS} (0 for a strict live exam)`,
  })
  graceSeconds: number;

  @Field(() => Int, { nullable: true, description: 'How many of its questions each attempt draws at random; left out, all' })
  questionsPerAttempt?: number | null;
}

@ObjectType({ description: 'A page of model tests' })
class ModelTestPage extends PageOf(ModelTest) {}

@ArgsType()
class ModelTestsArgs extends PageArgs {
  @Field(() => Int, { nullable: true, description: 'Only the tests of one class (13: admission)' })
  @levelRule()
  classLevel?: number | null;

  @Field(() => ID, { nullable: true, description: 'Only the tests of one subject, such as "physics"' })
  subject?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only the tests of one course' })
  courseId?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'true: only free tests; false: only those for enrolled students' })
  free?: boolean | null;
}

const TestId = IdArgs('id', MODEL_TEST_NOT_FOUND, 'The model test');
type TestId = InstanceType<typeof TestId>;

const questionCounts = new WeakMap<GraphQLContext, DataLoader<string, number>>();
const courseTestCounts = new WeakMap<GraphQLContext, DataLoader<string, number>>();

@Resolver(() => ModelTest)
export class ModelTestResolver {
  @Query(() => ModelTestPage, { description: 'Published model tests, newest first, by class and subject' })
  async modelTests(@Args(() => ModelTestsArgs) args: ModelTestsArgs, @Ctx() ctx: GraphQLContext): Promise<ModelTestPage> {
    return toPage(ModelTestPage, await listModelTests(ctx.db, args, { ...args, subjectId: args.subject }));
  }

  @Query(() => ModelTest, { nullable: true, description: 'A published model test (a draft for its authors); null when there is none' })
  modelTest(@Arg('id', () => ID, { description: 'The test' }) id: string, @Ctx() ctx: GraphQLContext): Promise<ModelTest | null> {
    return findModelTest(ctx.db, ctx.viewer, id);
  }

  @Authorized(...roles.staff)
  @Query(() => [ModelTest], { description: "The model tests an author may edit: an instructor's courses', or all for an admin" })
  authoredModelTests(
    @Arg('courseId', () => ID, { nullable: true, description: 'Only the tests of one course' }) courseId: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ModelTest[]> {
    return listAuthoredModelTests(ctx.db, requireViewer(ctx), courseId);
  }

  @Authorized(...roles.staff)
  @Mutation(() => ModelTest, { description: 'Writes a model test, unpublished' })
  createModelTest(
    @Arg('input', () => ModelTestInput, { description: 'The test: title, questions, duration, marking and window' }) input: ModelTestInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ModelTest> {
    return createModelTest(ctx.db, requireViewer(ctx), input);
  }

  @Authorized(...roles.staff)
  @Mutation(() => ModelTest, { description: 'Rewrites a model test; attempts already started keep their questions' })
  updateModelTest(
    @Args(() => TestId) { id }: TestId,
    @Arg('input', () => ModelTestInput, { description: 'The test as it should be now' }) input: ModelTestInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ModelTest> {
    return updateModelTest(ctx.db, requireViewer(ctx), id, input);
  }

  @Authorized(...roles.staff)
  @Mutation(() => ModelTest, { description: 'Publishes a model test for students, or takes it back' })
  setModelTestPublished(
    @Args(() => TestId) { id }: TestId,
    @Arg('published', { description: 'true to publish' }) published: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ModelTest> {
    return setModelTestPublished(ctx.db, requireViewer(ctx), id, published);
  }

  @Authorized(...roles.staff)
  @Query(() => [Question], { description: "A model test's questions with their answers, for its authors" })
  async modelTestQuestions(@Args(() => TestId) { id }: TestId, @Ctx() ctx: GraphQLContext): Promise<Question[]> {
    const test = await editableTest(ctx.db, requireViewer(ctx), id);
    const ids = await testQuestionIds(ctx.db, test.id);
    const questions = new Map((await ctx.db.getRepository(Question).findBy({ id: In(ids) })).map((q) => [q.id, q]));
    return ids.map((qid) => questions.get(qid)).filter((q): q is Question => q !== undefined);
  }

  @Authorized(...roles.staff)
  @Query(() => [QuestionStatistics], { description: 'Per question of a model test: how many answered, the share correct, the wrong option chosen most' })
  async questionStatistics(@Args(() => TestId) { id }: TestId, @Ctx() ctx: GraphQLContext): Promise<QuestionStatistics[]> {
    const viewer = requireViewer(ctx);
    const test = await editableTest(ctx.db, viewer, id);
    const access = await bankAccessOf(ctx.db, viewer);
    const questions = await ctx.db
      .getRepository(Question)
      .find({ select: { id: true, courseId: true }, where: { id: In(await testQuestionIds(ctx.db, test.id)) } });
    // Statistics tell the key (the share correct, the wrong option chosen most): only of questions the author may read.
    return questionStatistics(
      ctx.db,
      questions.filter((q) => mayReadQuestion(access, q)).map((q) => q.id),
    );
  }

  @FieldResolver(() => Int, { description: 'How many questions it has' })
  questionCount(@Root() test: ModelTest, @Ctx() ctx: GraphQLContext): Promise<number> {
    let loader = questionCounts.get(ctx);
    if (!loader) {
      loader = new DataLoader<string, number>(async (ids) => {
        const rows = await ctx.db.query<Array<{ testId: string; count: number }>>(
          `SELECT "testId", count(*)::int AS "count" FROM "model_test_question" WHERE "testId" = ANY($1::uuid[]) GROUP BY "testId"`,
          [ids],
        );
        const counts = new Map(rows.map((row) => [row.testId, row.count]));
        return ids.map((id) => counts.get(id) ?? 0);
      });
      questionCounts.set(ctx, loader);
    }
    return loader.load(test.id);
  }

  @FieldResolver(() => Subject, { nullable: true, description: 'Its subject, named in both languages' })
  subject(@Root() test: ModelTest, @Ctx() ctx: GraphQLContext): Promise<Subject | null> {
    return ctx.db.getRepository(Subject).findOneBy({ id: test.subjectId });
  }

  @FieldResolver(() => String, { nullable: true, description: 'The name of its course' })
  async courseName(@Root() test: ModelTest, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return test.courseId ? ((await ctx.loaders.courseById.load(test.courseId))?.name ?? null) : null;
  }

  @Authorized(...roles.staff)
  @FieldResolver(() => [ID], { description: 'Its question ids in order, for its authors' })
  async questionIds(@Root() test: ModelTest, @Ctx() ctx: GraphQLContext): Promise<string[]> {
    await editableTest(ctx.db, requireViewer(ctx), test.id);
    return testQuestionIds(ctx.db, test.id);
  }
}

@Resolver(() => Course)
export class CoursePracticeResolver {
  @FieldResolver(() => Int, { description: 'How many lesson quizzes and published model tests the course has (the course page\'s "Total quiz")' })
  quizCount(@Root() course: Course, @Ctx() ctx: GraphQLContext): Promise<number> {
    let loader = courseTestCounts.get(ctx);
    if (!loader) {
      loader = new DataLoader<string, number>(async (ids) => {
        const [tests, quizzes] = await Promise.all([countCourseTests(ctx.db, ids), countLessonQuizzes(ctx.db, ids)]);
        return ids.map((id) => (tests.get(id) ?? 0) + (quizzes.get(id) ?? 0));
      });
      courseTestCounts.set(ctx, loader);
    }
    return loader.load(course.id);
  }
}

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
  const test = await ctx.db.getRepository(ModelTest).findOneByOrFail({ id: stored.testId });
  let attempt = stored;
  if (!attempt.submittedAt) {
    if (closingOf(attempt, test).getTime() > Date.now()) return null;
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

  @Field({ description: 'The student\'s name, or "Student" for those who hide it' })
  name: string;

  @Field(() => Float, { description: 'Marks, after negative marking' })
  score: number;

  @Field(() => Int, { description: 'Seconds taken' })
  durationSeconds: number;
}

@ObjectType({ description: 'A page of a leaderboard' })
class LeaderboardPage extends PageOf(LeaderboardEntry) {}

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
    return toPage(LeaderboardPage, await leaderboard(ctx.db, testId, args));
  }

  @Authorized(...roles.signedIn)
  @Query(() => Boolean, { description: 'Whether you appear on leaderboards as "Student" instead of your name' })
  myLeaderboardNameHidden(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    return leaderboardNameHidden(ctx.db, requireViewer(ctx));
  }

  @Authorized(...roles.signedIn)
  @Mutation(() => Boolean, { description: 'Appear on leaderboards as "Student" (true) or by your name (false)' })
  setLeaderboardNameHidden(@Arg('hidden', { description: 'true to hide your name' }) hidden: boolean, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return setLeaderboardNameHidden(ctx.db, requireViewer(ctx), hidden);
  }

  @FieldResolver(() => ModelTest, { description: 'The test' })
  async test(@Root() attempt: Attempt, @Ctx() ctx: GraphQLContext): Promise<ModelTest> {
    return ctx.db.getRepository(ModelTest).findOneByOrFail({ id: attempt.testId });
  }

  @FieldResolver(() => Boolean, {
    description: "Whether it has ended: submitted by the student, or its deadline and the test's grace window have passed",
  })
  async finished(@Root() attempt: Attempt, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    if (attempt.submittedAt !== null) return true;
    const test = await ctx.db.getRepository(ModelTest).findOneByOrFail({ id: attempt.testId });
    return closingOf(attempt, test).getTime() <= Date.now();
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
