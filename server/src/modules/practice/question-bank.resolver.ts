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
import type { GraphQLContext } from '../../kernel/context';
import { IdArgs } from '../../graphql/id-args';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { roles } from '../auth/guards';
import { Difficulty, Question } from './question.entity';
import { questionPictureAddress } from './question-picture';
import {
  createQuestion,
  deleteQuestion,
  listQuestions,
  QUESTION_NOT_FOUND,
  setSharedBankAccess,
  updateQuestion,
  mayReadQuestion,
  type QuestionDraft,
} from './question-bank.service';

import { levelRule } from './class-level-rule';
import { BoardTag, BoardTagInput, boardTagOf } from './board-tag';
import { CSV_TEMPLATE, describeProblem, importQuestions } from './question-import.service';

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

  @Field(() => Boolean, {
    nullable: true,
    description: 'false keeps it for exams only: it never appears in the practice sets students make; left out, true (or as it was, when rewriting)',
  })
  usableInPractice?: boolean | null;

  @Field(() => BoardTagInput, {
    nullable: true,
    description: 'The board exam that set it (board and year, both or neither); null: none; left out, none (or as it was, when rewriting)',
  })
  boardTag?: BoardTagInput | null;
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

  @Field(() => Boolean, { nullable: true, description: 'true: only board questions (those with a board-exam tag)' })
  boardQuestionsOnly?: boolean | null;
}

@ObjectType({ description: 'A row of a CSV import that was not imported' })
class ImportProblemType {
  @Field(() => Int, { description: 'The line of the file, counting the header as line 1' })
  line: number;

  @Field(() => String, {
    nullable: true,
    description:
      'The column of the cell that is wrong (class, subject, chapter, difficulty, question, option1-option6, correct, explanation, practice, board, year); null for the whole row',
  })
  column: string | null;

  @Field({ description: "Why the row was not imported, naming the column, in the request's language" })
  reason: string;
}

@ObjectType({ description: 'What a CSV import did' })
class QuestionImportReport {
  @Field(() => Int, { description: 'Questions added' })
  imported: number;

  @Field(() => Int, { description: 'Rows imported before whose explanation, difficulty, practice use or board tag the file changed, now updated' })
  updated: number;

  @Field(() => Int, { description: 'Rows already imported before, exactly as they are: left as they were' })
  unchanged: number;

  @Field(() => [ImportProblemType], { description: 'Bad rows, with their line and reason' })
  problems: ImportProblemType[];
}

@ObjectType({ description: 'How students answered one question in finished attempts' })
export class QuestionStatistics {
  @Field(() => ID, { description: 'The question' })
  questionId: string;

  @Field(() => Int, { description: 'How many answered it' })
  answered: number;

  @Field(() => Float, { description: 'The share of those answers that were correct, 0 to 1' })
  correctShare: number;

  @Field(() => ID, { nullable: true, description: 'The wrong option chosen most, if any wrong answer was given' })
  mostChosenWrongOptionId: string | null;
}

/** Whether the signed-in staff member may read a question's key (the bank access is asked once per request). */
async function mayReadKey(ctx: GraphQLContext, question: Question): Promise<boolean> {
  const access = ctx.questionBankAccess();
  return access !== null && mayReadQuestion(await access, question);
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
    return ctx.loaders.questionStatistics.load(question.id);
  }

  @FieldResolver(() => BoardTag, {
    nullable: true,
    description: 'The board exam that set it (an education board and a year); null for a question of no board exam',
  })
  boardTag(@Root() question: Question): BoardTag | null {
    return boardTagOf(question);
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
    return { ...report, problems: report.problems.map((problem) => ({ ...problem, reason: describeProblem(ctx.language, problem) })) };
  }
}
