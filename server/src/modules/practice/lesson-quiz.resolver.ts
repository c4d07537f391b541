import { Args, ArgsType, Authorized, Ctx, Field, FieldResolver, ID, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { IdArgs } from '../../graphql/id-args';
import { roles } from '../auth/guards';
import { Course } from '../course/course.entity';
import { COURSE_NOT_FOUND } from '../course/course.service';
import { Lesson } from '../course/lesson.entity';
import {
  answerLessonQuiz,
  editableQuizQuestions,
  LESSON_NOT_FOUND,
  lessonQuiz,
  retryLessonQuiz,
  setCourseQuizPassPercent,
  setLessonQuiz,
  type LessonQuizView,
  type QuizAnswerView,
} from './lesson-quiz.service';
import { Question, QuestionOption } from './question.entity';

@ObjectType({ description: 'A question of a lesson quiz as a student sees it before answering: no correct option, no explanation' })
class QuizQuestion {
  @Field(() => ID, { description: 'The question' })
  id: string;

  @Field({ description: 'The question; formulas between $…$' })
  text: string;

  @Field(() => [QuestionOption], { description: "Its options, in this round's order (each new round shuffles them)" })
  options: QuestionOption[];
}

@ObjectType({ description: 'A checked answer to a question of a lesson quiz; the correct option and the explanation once the round ends' })
class QuizAnswer {
  @Field(() => ID, { description: 'The question answered' })
  questionId: string;

  @Field(() => ID, { description: 'The option chosen (the first answer of the round)' })
  optionId: string;

  @Field({ description: 'Whether the chosen option is the correct one' })
  correct: boolean;

  @Field(() => ID, { nullable: true, description: 'The correct option; null until every question of the round is answered' })
  correctOptionId: string | null;

  @Field(() => String, { nullable: true, description: 'Why the correct option is right; null until the round ends' })
  explanation: string | null;
}

@ObjectType({ description: "A lesson's quiz as the enrolled student sees it: its questions, the answers of the round under way and the best result" })
class LessonQuiz {
  @Field(() => ID, { description: 'The lesson' })
  lessonId: string;

  @Field(() => [QuizQuestion], { description: 'The questions in order, without their answers' })
  questions: QuizQuestion[];

  @Field(() => [QuizAnswer], { description: 'The questions answered in the round under way, each checked' })
  answers: QuizAnswer[];

  @Field(() => Int, {
    nullable: true,
    description: 'The pass mark the course requires, in whole percent of the questions; null: the quiz is practice and does not hold back completion',
  })
  passPercent: number | null;

  @Field(() => Int, { nullable: true, description: 'Correct answers in the best finished round; null before a round is finished' })
  bestCorrect: number | null;

  @Field(() => Int, { nullable: true, description: 'Questions in that best round' })
  bestTotal: number | null;

  @Field(() => Int, { description: 'Rounds finished (every question answered)' })
  rounds: number;

  @Field({ description: 'Whether the best round reaches the pass mark (without a pass mark: whether a round was finished)' })
  passed: boolean;
}

@ObjectType({ description: 'The answer just checked and the quiz after it' })
class QuizAnswerResult {
  @Field(() => QuizAnswer, { description: 'The answer, checked' })
  answer: QuizAnswer;

  @Field(() => LessonQuiz, { description: 'The quiz after this answer (the best result changes when a round is finished)' })
  quiz: LessonQuiz;
}

const asQuiz = (view: LessonQuizView): LessonQuiz => Object.assign(new LessonQuiz(), view);
const asAnswer = (view: QuizAnswerView): QuizAnswer => Object.assign(new QuizAnswer(), view);

const LessonId = IdArgs('lessonId', LESSON_NOT_FOUND, 'The lesson', 'LESSON_NOT_FOUND');
type LessonId = InstanceType<typeof LessonId>;

@ArgsType()
class QuizAnswerArgs extends LessonId {
  @Field(() => ID, { description: "A question of the lesson's quiz" })
  questionId: string;

  @Field(() => ID, { description: 'One of its options' })
  optionId: string;
}

@ArgsType()
class LessonQuizArgs extends LessonId {
  @Field(() => [ID], { description: "The quiz's questions in order, from the course's bank or the shared bank, at most 50; empty: no quiz" })
  questionIds: string[];
}

const CourseId = IdArgs('courseId', COURSE_NOT_FOUND, 'The course', 'COURSE_NOT_FOUND');
type CourseId = InstanceType<typeof CourseId>;

@ArgsType()
class PassPercentArgs extends CourseId {
  @Field(() => Int, { nullable: true, description: 'Whole percent, 1 to 100; null: quizzes are practice only' })
  percent: number | null;
}

@Resolver(() => LessonQuiz)
export class LessonQuizResolver {
  @Authorized(...roles.student)
  @Query(() => LessonQuiz, { nullable: true, description: "A lesson's quiz, for a student enrolled in its course; null when the lesson has none" })
  async lessonQuiz(@Args(() => LessonId) { lessonId }: LessonId, @Ctx() ctx: GraphQLContext): Promise<LessonQuiz | null> {
    const quiz = await lessonQuiz(ctx.db, requireViewer(ctx), lessonId);
    return quiz ? asQuiz(quiz) : null;
  }

  @Authorized(...roles.student)
  @Mutation(() => QuizAnswerResult, {
    description:
      "Answers a question of a lesson's quiz and checks it at once; the round's first answer counts, and answering the last question keeps the best round",
  })
  async answerLessonQuiz(
    @Args(() => QuizAnswerArgs) { lessonId, questionId, optionId }: QuizAnswerArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<QuizAnswerResult> {
    const { answer, quiz } = await answerLessonQuiz(ctx.db, requireViewer(ctx), lessonId, questionId, optionId);
    return Object.assign(new QuizAnswerResult(), { answer: asAnswer(answer), quiz: asQuiz(quiz) });
  }

  @Authorized(...roles.student)
  @Mutation(() => LessonQuiz, { description: "Starts a lesson's quiz again: the round's answers are cleared, the best result is kept" })
  async retryLessonQuiz(@Args(() => LessonId) { lessonId }: LessonId, @Ctx() ctx: GraphQLContext): Promise<LessonQuiz> {
    return asQuiz(await retryLessonQuiz(ctx.db, requireViewer(ctx), lessonId));
  }

  @Authorized(...roles.staff)
  @Query(() => [Question], { description: "A lesson's quiz questions with their answers, for the course's instructor and admins" })
  lessonQuizQuestions(@Args(() => LessonId) { lessonId }: LessonId, @Ctx() ctx: GraphQLContext): Promise<Question[]> {
    return editableQuizQuestions(ctx.db, requireViewer(ctx), lessonId);
  }

  @Authorized(...roles.staff)
  @Mutation(() => [Question], { description: "Sets a lesson's quiz (the course's instructor or an admin); answers its questions in order" })
  setLessonQuiz(@Args(() => LessonQuizArgs) { lessonId, questionIds }: LessonQuizArgs, @Ctx() ctx: GraphQLContext): Promise<Question[]> {
    return setLessonQuiz(ctx.db, requireViewer(ctx), lessonId, questionIds);
  }

  @Authorized(...roles.staff)
  @Mutation(() => Course, { description: "Sets the pass mark of a course's lesson quizzes that a lesson needs to count as completed, or clears it" })
  setCourseQuizPassPercent(@Args(() => PassPercentArgs) { courseId, percent }: PassPercentArgs, @Ctx() ctx: GraphQLContext): Promise<Course> {
    return setCourseQuizPassPercent(ctx.db, requireViewer(ctx), courseId, percent ?? null);
  }
}

@Resolver(() => Lesson)
export class LessonQuizCountResolver {
  @FieldResolver(() => Int, { description: 'How many questions its quiz has; 0 when it has none' })
  quizQuestionCount(@Root() lesson: Lesson, @Ctx() ctx: GraphQLContext): Promise<number> {
    return ctx.loaders.quizQuestionCount.load(lesson.id);
  }
}
