import { createHash } from 'node:crypto';
import DataLoader from 'dataloader';
import type { DataSource, EntityManager } from 'typeorm';
import { In } from 'typeorm';
import { AppError, badInput, notFound } from '../../shared/errors';
import { isUuid } from '../../shared/validation';
import { requireCourseEditor, requireRole, roles } from '../auth/guards';
import type { Viewer } from '../../kernel/viewer';
import { Course } from '../course/course.entity';
import { COURSE_NOT_FOUND } from '../course/course.service';
import { Lesson } from '../course/lesson.entity';
import { findActiveEnrollment } from '../enrollment/enrollment.service';
import { LessonQuizAnswer, LessonQuizQuestion, LessonQuizResult } from './lesson-quiz.entity';
import { QUESTION_NOT_FOUND, requireUsableQuestions } from './question-bank.service';
import { requireConfirmedAccount } from '../auth/email-verification.service';
import { Question, type QuestionOption } from './question.entity';

export const LESSON_NOT_FOUND = 'Lesson not found';
export const ENROLL_TO_TAKE_QUIZ = "Enroll in this course to take its lessons' quizzes";
export const NO_QUIZ = 'This lesson has no quiz';
export const OPTION_NOT_OF_QUESTION = "That option is not one of the question's options";
export const QUIZ_NOT_PASSED = "Pass this lesson's quiz to complete the lesson";
export const QUIZ_QUESTION_TWICE = 'A question is in the list twice';
export const MAX_QUIZ_QUESTIONS = 50;

/** A question as a student sees it before answering: no correct option, no explanation. */
export interface QuizQuestionView {
  id: string;
  text: string;
  options: QuestionOption[];
}

/** An answer of the round under way, checked; the correct option and the explanation only once the round ends. */
export interface QuizAnswerView {
  questionId: string;
  optionId: string;
  correct: boolean;
  correctOptionId: string | null;
  explanation: string | null;
}

export interface LessonQuizView {
  lessonId: string;
  courseId: string;
  questions: QuizQuestionView[];
  answers: QuizAnswerView[];
  passPercent: number | null;
  bestCorrect: number | null;
  bestTotal: number | null;
  rounds: number;
  passed: boolean;
}

/** Whether a best result reaches the pass mark (in whole percent); without a pass mark, a finished round is enough. */
export function reachesPassMark(bestCorrect: number | null, bestTotal: number | null, passPercent: number | null): boolean {
  if (bestCorrect === null || !bestTotal) return false;
  if (passPercent === null) return true;
  return bestCorrect * 100 >= passPercent * bestTotal;
}

/** The quiz's question ids in order; empty when the lesson has no quiz. */
export async function quizQuestionIds(db: DataSource | EntityManager, lessonId: string): Promise<string[]> {
  const rows = await db.getRepository(LessonQuizQuestion).find({ where: { lessonId }, order: { position: 'ASC' } });
  return rows.map((row) => row.questionId);
}

async function quizQuestions(db: DataSource | EntityManager, lessonId: string): Promise<Question[]> {
  const ids = await quizQuestionIds(db, lessonId);
  if (ids.length === 0) return [];
  const byId = new Map((await db.getRepository(Question).findBy({ id: In(ids) })).map((q) => [q.id, q]));
  return ids.map((id) => byId.get(id)).filter((q): q is Question => q !== undefined);
}

async function findLesson(db: DataSource | EntityManager, lessonId: string): Promise<{ lesson: Lesson; course: Course }> {
  const lesson = isUuid(lessonId) ? await db.getRepository(Lesson).findOneBy({ id: lessonId }) : null;
  if (!lesson) throw notFound(LESSON_NOT_FOUND, 'LESSON_NOT_FOUND');
  const course = await db.getRepository(Course).findOneByOrFail({ id: lesson.courseId });
  return { lesson, course };
}

/** The lesson, for a student enrolled in its course; refused otherwise. */
async function enrolledLesson(db: DataSource | EntityManager, viewer: Viewer, lessonId: string): Promise<{ lesson: Lesson; course: Course }> {
  requireRole(viewer, roles.student);
  const found = await findLesson(db, lessonId);
  if (!(await findActiveEnrollment(db, viewer.id, found.lesson.courseId))) throw new AppError('NOT_ENROLLED', ENROLL_TO_TAKE_QUIZ);
  return found;
}

/** The key shows only when the round ends: during a round it would answer the questions still open, and copying it would pass the next round. */
const answerView = (answer: Pick<LessonQuizAnswer, 'questionId' | 'optionId' | 'correct'>, question: Question, roundEnded: boolean): QuizAnswerView => ({
  questionId: answer.questionId,
  optionId: answer.optionId,
  correct: answer.correct,
  correctOptionId: roundEnded ? question.correctOptionId : null,
  explanation: roundEnded ? question.explanation : null,
});

/** A question's options in the order of one student's round: the same all round long, another in the next round. */
function roundOrder(options: QuestionOption[], studentId: string, lessonId: string, round: number, questionId: string): QuestionOption[] {
  const place = (optionId: string) => createHash('sha256').update(`${studentId}:${lessonId}:${round}:${questionId}:${optionId}`).digest('hex');
  return options
    .map((o) => ({ option: { id: o.id, text: o.text }, place: place(o.id) }))
    .sort((a, b) => a.place.localeCompare(b.place))
    .map((o) => o.option);
}

async function quizView(db: DataSource | EntityManager, studentId: string, lesson: Lesson, course: Course): Promise<LessonQuizView | null> {
  const questions = await quizQuestions(db, lesson.id);
  if (questions.length === 0) return null;
  const [answers, result] = await Promise.all([
    db.getRepository(LessonQuizAnswer).findBy({ studentId, lessonId: lesson.id, questionId: In(questions.map((q) => q.id)) }),
    db.getRepository(LessonQuizResult).findOneBy({ studentId, lessonId: lesson.id }),
  ]);
  const byQuestion = new Map(questions.map((q) => [q.id, q]));
  const bestCorrect = result?.bestCorrect ?? null;
  const bestTotal = result?.bestTotal ?? null;
  const roundEnded = answers.length === questions.length;
  // A finished round is counted in `rounds` already: its order stays the one it was answered in.
  const round = (result?.rounds ?? 0) - (roundEnded ? 1 : 0);
  return {
    lessonId: lesson.id,
    courseId: course.id,
    // Only what a student may see before answering: never the correct option or the explanation.
    questions: questions.map((q) => ({ id: q.id, text: q.text, options: roundOrder(q.options, studentId, lesson.id, round, q.id) })),
    answers: questions.flatMap((q) => {
      const answer = answers.find((a) => a.questionId === q.id);
      return answer ? [answerView(answer, byQuestion.get(q.id)!, roundEnded)] : [];
    }),
    passPercent: course.quizPassPercent,
    bestCorrect,
    bestTotal,
    rounds: result?.rounds ?? 0,
    passed: reachesPassMark(bestCorrect, bestTotal, course.quizPassPercent),
  };
}

/** A lesson's quiz as the enrolled student sees it now; null when the lesson has none. */
export async function lessonQuiz(db: DataSource, viewer: Viewer, lessonId: string): Promise<LessonQuizView | null> {
  const { lesson, course } = await enrolledLesson(db, viewer, lessonId);
  return quizView(db, viewer.id, lesson, course);
}

/**
 * Checks one answer at once: the first answer to a question in a round counts (answering it again
 * gives the same answer back); answering the round's last question finishes the round, and the best
 * round is kept. One student's answers to a lesson's quiz are written one at a time.
 */
export async function answerLessonQuiz(
  db: DataSource,
  viewer: Viewer,
  lessonId: string,
  questionId: string,
  optionId: string,
): Promise<{ answer: QuizAnswerView; quiz: LessonQuizView }> {
  return db.transaction(async (manager) => {
    const { lesson, course } = await enrolledLesson(manager, viewer, lessonId);
    const questions = await quizQuestions(manager, lesson.id);
    if (questions.length === 0) throw notFound(NO_QUIZ, 'QUIZ_NOT_FOUND');
    const question = questions.find((q) => q.id === questionId);
    if (!question) throw notFound(QUESTION_NOT_FOUND, 'QUESTION_NOT_FOUND');
    if (!question.options.some((option) => option.id === optionId)) throw badInput(OPTION_NOT_OF_QUESTION, { field: 'optionId' });

    // The student's result row, locked: answers to this quiz by the same student wait for each other.
    await manager.query(
      `INSERT INTO lesson_quiz_result ("studentId", "lessonId", "courseId") VALUES ($1, $2, $3) ON CONFLICT ("studentId", "lessonId") DO NOTHING`,
      [viewer.id, lesson.id, course.id],
    );
    const [result] = await manager.query<Array<{ bestCorrect: number | null; bestTotal: number | null }>>(
      `SELECT "bestCorrect", "bestTotal" FROM lesson_quiz_result WHERE "studentId" = $1 AND "lessonId" = $2 FOR UPDATE`,
      [viewer.id, lesson.id],
    );
    const answers = manager.getRepository(LessonQuizAnswer);
    const earlier = await answers.findOneBy({ studentId: viewer.id, lessonId: lesson.id, questionId });
    if (earlier) {
      const quiz = (await quizView(manager, viewer.id, lesson, course))!;
      return { answer: quiz.answers.find((a) => a.questionId === questionId)!, quiz };
    }

    const correct = optionId === question.correctOptionId;
    await answers.insert({ studentId: viewer.id, lessonId: lesson.id, questionId, optionId, correct });
    const round = await answers.findBy({ studentId: viewer.id, lessonId: lesson.id, questionId: In(questions.map((q) => q.id)) });
    if (round.length === questions.length) {
      const score = round.filter((a) => a.correct).length;
      const total = questions.length;
      const better = result.bestCorrect === null || !result.bestTotal || score * result.bestTotal > result.bestCorrect * total;
      await manager.query(
        `UPDATE lesson_quiz_result SET rounds = rounds + 1, "updatedAt" = now()${better ? ', "bestCorrect" = $3, "bestTotal" = $4' : ''}
         WHERE "studentId" = $1 AND "lessonId" = $2`,
        better ? [viewer.id, lesson.id, score, total] : [viewer.id, lesson.id],
      );
    }
    const quiz = (await quizView(manager, viewer.id, lesson, course))!;
    return { answer: quiz.answers.find((a) => a.questionId === questionId)!, quiz };
  });
}

/** Starts the quiz again: the round's answers go, the best result stays. */
export async function retryLessonQuiz(db: DataSource, viewer: Viewer, lessonId: string): Promise<LessonQuizView> {
  const { lesson, course } = await enrolledLesson(db, viewer, lessonId);
  await db.getRepository(LessonQuizAnswer).delete({ studentId: viewer.id, lessonId: lesson.id });
  const quiz = await quizView(db, viewer.id, lesson, course);
  if (!quiz) throw notFound(NO_QUIZ, 'QUIZ_NOT_FOUND');
  return quiz;
}

/**
 * Refuses to mark a lesson completed while its course requires the quizzes' pass mark and the
 * student has not reached it in the lesson's quiz. Used by progress.service.
 */
export async function requireQuizPassed(db: DataSource | EntityManager, studentId: string, lesson: Lesson): Promise<void> {
  const course = await db.getRepository(Course).findOneBy({ id: lesson.courseId });
  if (!course || course.quizPassPercent === null) return;
  if (!(await db.getRepository(LessonQuizQuestion).existsBy({ lessonId: lesson.id }))) return;
  const result = await db.getRepository(LessonQuizResult).findOneBy({ studentId, lessonId: lesson.id });
  if (!reachesPassMark(result?.bestCorrect ?? null, result?.bestTotal ?? null, course.quizPassPercent))
    throw new AppError('QUIZ_NOT_PASSED', QUIZ_NOT_PASSED, { passPercent: course.quizPassPercent });
}

// ---- authoring ----------------------------------------------------------------------------

async function editableLesson(db: DataSource | EntityManager, viewer: Viewer, lessonId: string): Promise<{ lesson: Lesson; course: Course }> {
  requireRole(viewer, roles.staff);
  await requireConfirmedAccount(db, viewer.id);
  const found = await findLesson(db, lessonId);
  requireCourseEditor(viewer, found.course);
  return found;
}

/** A lesson's quiz questions with their answers, for the course's editors. */
export async function editableQuizQuestions(db: DataSource, viewer: Viewer, lessonId: string): Promise<Question[]> {
  const { lesson } = await editableLesson(db, viewer, lessonId);
  return quizQuestions(db, lesson.id);
}

/**
 * Sets a lesson's quiz (an empty list removes it): questions of the lesson's own course bank, or of
 * the shared bank, at most 50. Students' answers to questions taken out no longer count.
 */
export async function setLessonQuiz(db: DataSource, viewer: Viewer, lessonId: string, questionIds: string[]): Promise<Question[]> {
  const { lesson, course } = await editableLesson(db, viewer, lessonId);
  if (questionIds.length > MAX_QUIZ_QUESTIONS) throw badInput(`A lesson quiz has at most ${MAX_QUIZ_QUESTIONS} questions`, { field: 'questionIds' });
  if (new Set(questionIds).size !== questionIds.length) throw badInput(QUIZ_QUESTION_TWICE, { field: 'questionIds' });
  await requireUsableQuestions(db, viewer, course.id, questionIds);
  await db.transaction(async (manager) => {
    await manager.getRepository(LessonQuizQuestion).delete({ lessonId: lesson.id });
    if (questionIds.length)
      await manager
        .getRepository(LessonQuizQuestion)
        .insert(questionIds.map((questionId, index) => ({ lessonId: lesson.id, questionId, position: index + 1 })));
  });
  return quizQuestions(db, lesson.id);
}

/** Sets the pass mark of a course's lesson quizzes (whole percent, 1 to 100), or null for practice only. */
export async function setCourseQuizPassPercent(db: DataSource, viewer: Viewer, courseId: string, percent: number | null): Promise<Course> {
  requireRole(viewer, roles.staff);
  const course = isUuid(courseId) ? await db.getRepository(Course).findOneBy({ id: courseId }) : null;
  if (!course) throw notFound(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
  requireCourseEditor(viewer, course);
  if (percent !== null && !(Number.isInteger(percent) && percent >= 1 && percent <= 100))
    throw badInput('The pass mark must be a whole percent from 1 to 100', { field: 'percent' });
  await db.getRepository(Course).update(course.id, { quizPassPercent: percent });
  return db.getRepository(Course).findOneByOrFail({ id: course.id });
}

/** How many questions each lesson's quiz has (0: none), in one statement for the lessons of a request. */
export function createQuizQuestionCountLoader(db: DataSource): DataLoader<string, number> {
  return new DataLoader<string, number>(async (ids) => {
    const rows = await db.query<Array<{ lessonId: string; count: number }>>(
      `SELECT "lessonId", count(*)::int AS "count" FROM lesson_quiz_question WHERE "lessonId" = ANY($1::uuid[]) GROUP BY "lessonId"`,
      [ids],
    );
    const counts = new Map(rows.map((row) => [row.lessonId, row.count]));
    return ids.map((id) => counts.get(id) ?? 0);
  });
}

/** The number of lessons with a quiz in each course (lessons hidden after a failed video left out). */
export async function countLessonQuizzes(db: DataSource, courseIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await db.query<Array<{ courseId: string; count: number }>>(
    `SELECT l."courseId", count(DISTINCT l.id)::int AS "count"
     FROM lesson_quiz_question q JOIN lesson l ON l.id = q."lessonId"
     WHERE l."courseId" = ANY($1::uuid[]) AND l."hiddenSince" IS NULL GROUP BY l."courseId"`,
    [courseIds],
  );
  return new Map(rows.map((row) => [row.courseId, row.count]));
}
