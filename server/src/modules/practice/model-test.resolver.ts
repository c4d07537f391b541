import { In } from 'typeorm';
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
import { Course } from '../course/course.entity';
import { DEFAULT_GRACE_SECONDS, MAX_GRACE_SECONDS, ModelTest, ReviewPolicy } from './model-test.entity';
import {
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
import { Question } from './question.entity';
import { questionStatistics, bankAccessOf, mayReadQuestion } from './question-bank.service';
import { Subject } from './subject.entity';

import { levelRule } from './class-level-rule';
import { ApiScope } from '../integration/api-key.entity';
import { readerOf } from '../integration/api-key.service';
import { QuestionStatistics } from './question-bank.resolver';

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
  @Query(() => [ModelTest], {
    description: "The model tests an author may edit: an instructor's courses', or all for an admin (and their API keys with practice:read)",
  })
  authoredModelTests(
    @Arg('courseId', () => ID, { nullable: true, description: 'Only the tests of one course' }) courseId: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ModelTest[]> {
    return listAuthoredModelTests(ctx.db, readerOf(ctx, ApiScope.PRACTICE_READ), courseId);
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
    const viewer = readerOf(ctx, ApiScope.PRACTICE_READ);
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
    return ctx.loaders.testQuestionCount.load(test.id);
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
    return ctx.loaders.courseQuizCount.load(course.id);
  }
}
