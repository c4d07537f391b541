import { randomInt } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { In } from 'typeorm';
import { AppError, badInput, notFound } from '../../shared/errors';
import { isUuid } from '../../shared/validation';
import { isAdmin } from '../auth/guards';
import type { Viewer } from '../../kernel/viewer';
import { Attempt, AttemptAnswer } from './attempt.entity';
import {
  ATTEMPT_NOT_FOUND,
  ATTEMPT_SUBMITTED,
  NOT_YOUR_ATTEMPT,
  OPTION_NOT_OF_QUESTION,
  QUESTION_NOT_IN_ATTEMPT,
  readAttempt,
  rulesOf,
} from './attempt.service';
import { PracticeSet, PracticeSource } from './practice-set.entity';
import { type Difficulty, Question } from './question.entity';
import { CHAPTER_NOT_FOUND, SUBJECT_NOT_FOUND } from './question-bank.service';
import { Chapter, Subject } from './subject.entity';
import { MAX_LEVEL, MIN_LEVEL } from './syllabus';
import { type BoardTag, boardTagOf } from './board-tag';

export const PRACTICE_SIZES = [10, 20, 30] as const;
export const NO_PRACTICE_QUESTIONS = 'No practice questions match what you picked yet: choose more chapters or any difficulty';
export const NOTHING_TO_RETRY = 'No wrong answers to practise again in this attempt';
export const ATTEMPT_NOT_FINISHED = 'Finish the attempt first, then practise its wrong answers';
export const NOT_A_PRACTICE_SET = 'This attempt is a model test: its answers are saved with saveAnswer and shown after it ends';
export const PRACTICE_SIZE_RULE = 'A practice set has 10, 20 or 30 questions';
export const MAX_PRACTICE_CHAPTERS = 20;

/**
 * Which questions may reach practice at all: those marked usable in practice, and not while they
 * are in a published model test that has not closed (with its grace window), so a practice set
 * never shows a live exam's question with its key.
 */
export const PRACTICE_ELIGIBLE = `q."usableInPractice" AND NOT EXISTS (
  SELECT 1 FROM "model_test_question" mq JOIN "model_test" t ON t."id" = mq."testId"
   WHERE mq."questionId" = q."id" AND t."published" AND t."closesAt" + make_interval(secs => t."graceSeconds") > now())`;

/** The classes sharing a book: 9 and 10 (SSC) read the same books, as do 11 and 12 (HSC). */
export function classesOfBook(classLevel: number): number[] {
  if (classLevel === 9 || classLevel === 10) return [9, 10];
  if (classLevel === 11 || classLevel === 12) return [11, 12];
  return [classLevel];
}

export interface PracticeRequest {
  classLevel: number;
  subjectId: string;
  chapterIds?: string[] | null;
  count: number;
  difficulty?: Difficulty | null;
  /** Only board questions (those with a board-exam tag). */
  boardQuestionsOnly?: boolean | null;
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** Opens an attempt at a new practice set of these questions, in this order, options shuffled. */
async function openPracticeAttempt(
  db: DataSource,
  viewer: Viewer,
  set: Omit<PracticeSet, 'id' | 'userId' | 'createdAt'>,
  questionIds: string[],
): Promise<Attempt> {
  const questions = await db.getRepository(Question).find({ select: { id: true, options: true }, where: { id: In(questionIds) } });
  const optionOrder = Object.fromEntries(questions.map((q) => [q.id, shuffled(q.options.map((o) => o.id))]));
  return db.transaction(async (manager) => {
    const saved = await manager.getRepository(PracticeSet).save({ ...set, userId: viewer.id });
    return manager.getRepository(Attempt).save({
      testId: null,
      practiceSetId: saved.id,
      userId: viewer.id,
      deadline: null,
      questionOrder: questionIds.filter((id) => id in optionOrder),
      optionOrder,
    });
  });
}

/**
 * A practice set the student asks for: up to `count` (10, 20 or 30) questions of a class's subject,
 * from the chapters picked (none: the whole subject), of one difficulty or any. Questions come from
 * the shared bank and the banks of the student's courses, only those usable in practice (and, when
 * asked, only board questions), the ones the student has not met yet first.
 */
export async function startPractice(db: DataSource, viewer: Viewer, request: PracticeRequest): Promise<Attempt> {
  const chapterIds = [...new Set(request.chapterIds ?? [])];
  if (!Number.isInteger(request.classLevel) || request.classLevel < MIN_LEVEL || request.classLevel > MAX_LEVEL)
    throw badInput('The class must be 1 to 12, or 13 for admission', { field: 'classLevel' });
  if (!(PRACTICE_SIZES as readonly number[]).includes(request.count)) throw badInput(PRACTICE_SIZE_RULE, { field: 'count' });
  if (chapterIds.length > MAX_PRACTICE_CHAPTERS) throw badInput(`Pick at most ${MAX_PRACTICE_CHAPTERS} chapters`, { field: 'chapterIds' });
  if (!(await db.getRepository(Subject).existsBy({ id: request.subjectId }))) throw badInput(SUBJECT_NOT_FOUND, { field: 'subjectId' });
  const classes = classesOfBook(request.classLevel);
  if (chapterIds.length) {
    const found = chapterIds.every(isUuid) ? await db.getRepository(Chapter).findBy({ id: In(chapterIds) }) : [];
    if (found.length !== chapterIds.length || found.some((c) => c.subjectId !== request.subjectId || !classes.includes(c.classLevel)))
      throw badInput(CHAPTER_NOT_FOUND, { field: 'chapterIds' });
  }
  const rows = await db.query<Array<{ id: string }>>(
    `SELECT q."id" FROM "question" q
      WHERE ${PRACTICE_ELIGIBLE}
        AND q."subjectId" = $1 AND q."classLevel" = ANY($2::smallint[])
        AND (cardinality($3::uuid[]) = 0 OR q."chapterId" = ANY($3::uuid[]))
        AND ($4::text IS NULL OR q."difficulty"::text = $4)
        AND (NOT $8 OR q."board" IS NOT NULL)
        AND ($6 OR q."courseId" IS NULL
             OR q."courseId" IN (SELECT "courseId" FROM "enrollment" WHERE "studentId" = $5 AND "revokedAt" IS NULL)
             OR q."courseId" IN (SELECT "id" FROM "course" WHERE "instructorId" = $5))
      ORDER BY EXISTS (SELECT 1 FROM "attempt_answer" aa JOIN "attempt" a ON a."id" = aa."attemptId"
                        WHERE a."userId" = $5 AND aa."questionId" = q."id"), random()
      LIMIT $7`,
    [request.subjectId, classes, chapterIds, request.difficulty ?? null, viewer.id, isAdmin(viewer), request.count, request.boardQuestionsOnly === true],
  );
  if (rows.length === 0) throw notFound(NO_PRACTICE_QUESTIONS, 'NO_PRACTICE_QUESTIONS');
  return openPracticeAttempt(
    db,
    viewer,
    {
      source: PracticeSource.CHAPTERS,
      classLevel: request.classLevel,
      subjectId: request.subjectId,
      chapterIds,
      difficulty: request.difficulty ?? null,
      boardQuestionsOnly: request.boardQuestionsOnly === true,
      fromAttemptId: null,
    },
    rows.map((row) => row.id),
  );
}

/**
 * A practice set of the questions answered wrongly in one of the student's finished attempts (a
 * model test or a practice set), those usable in practice.
 */
export async function retryWrongAnswers(db: DataSource, viewer: Viewer, attemptId: string): Promise<Attempt> {
  const attempt = await readAttempt(db, viewer, attemptId);
  if (attempt.userId !== viewer.id) throw new AppError('FORBIDDEN', NOT_YOUR_ATTEMPT);
  if (!attempt.submittedAt) {
    const rules = await rulesOf(db, attempt);
    const ended = attempt.deadline && attempt.deadline.getTime() + rules.graceSeconds * 1000 <= Date.now();
    if (!ended) throw new AppError('ATTEMPT_NOT_FINISHED', ATTEMPT_NOT_FINISHED);
  }
  const rows = await db.query<Array<{ id: string }>>(
    `SELECT q."id" FROM "attempt_answer" aa JOIN "question" q ON q."id" = aa."questionId"
      WHERE aa."attemptId" = $1 AND aa."optionId" <> q."correctOptionId" AND ${PRACTICE_ELIGIBLE}`,
    [attempt.id],
  );
  if (rows.length === 0) throw new AppError('NOTHING_TO_RETRY', NOTHING_TO_RETRY);
  const wrong = new Set(rows.map((row) => row.id));
  return openPracticeAttempt(
    db,
    viewer,
    {
      source: PracticeSource.WRONG_ANSWERS,
      classLevel: null,
      subjectId: null,
      chapterIds: [],
      difficulty: null,
      boardQuestionsOnly: false,
      fromAttemptId: attempt.id,
    },
    shuffled(attempt.questionOrder.filter((id) => wrong.has(id))),
  );
}

/** A practice set of the student's saved questions (those usable in practice), the latest saved first, up to `count`. */
export async function practiseSavedQuestions(db: DataSource, viewer: Viewer, count: number): Promise<Attempt> {
  if (!(PRACTICE_SIZES as readonly number[]).includes(count)) throw badInput(PRACTICE_SIZE_RULE, { field: 'count' });
  const rows = await db.query<Array<{ id: string }>>(
    `SELECT q."id" FROM "saved_question" s JOIN "question" q ON q."id" = s."questionId"
      WHERE s."userId" = $1 AND ${PRACTICE_ELIGIBLE} ORDER BY s."savedAt" DESC LIMIT $2`,
    [viewer.id, count],
  );
  if (rows.length === 0) throw notFound(NO_PRACTICE_QUESTIONS, 'NO_PRACTICE_QUESTIONS');
  return openPracticeAttempt(
    db,
    viewer,
    {
      source: PracticeSource.SAVED,
      classLevel: null,
      subjectId: null,
      chapterIds: [],
      difficulty: null,
      boardQuestionsOnly: false,
      fromAttemptId: null,
    },
    shuffled(rows.map((row) => row.id)),
  );
}

export interface PracticeFeedback {
  questionId: string;
  chosenOptionId: string;
  answeredCorrectly: boolean;
  correctOptionId: string;
  explanation: string;
  /** The board exam that set the question; null for none. */
  boardTag: BoardTag | null;
}

async function feedbackOf(manager: DataSource | EntityManager, answers: AttemptAnswer[]): Promise<PracticeFeedback[]> {
  if (answers.length === 0) return [];
  const questions = new Map(
    (
      await manager.getRepository(Question).find({
        select: { id: true, correctOptionId: true, explanation: true, board: true, boardYear: true },
        where: { id: In(answers.map((a) => a.questionId)) },
      })
    ).map((q) => [q.id, q]),
  );
  return answers
    .filter((answer) => questions.has(answer.questionId))
    .map((answer) => {
      const question = questions.get(answer.questionId)!;
      return {
        questionId: answer.questionId,
        chosenOptionId: answer.optionId,
        answeredCorrectly: answer.optionId === question.correctOptionId,
        correctOptionId: question.correctOptionId,
        explanation: question.explanation,
        boardTag: boardTagOf(question),
      };
    });
}

/**
 * Answers one question of the student's practice set and shows its key and explanation. Each
 * question is answered once: answering again (a retry after a lost answer) shows what was given.
 */
export async function answerPractice(db: DataSource, viewer: Viewer, attemptId: string, questionId: string, optionId: string): Promise<PracticeFeedback> {
  if (!isUuid(attemptId)) throw notFound(ATTEMPT_NOT_FOUND, 'ATTEMPT_NOT_FOUND');
  return db.transaction(async (manager) => {
    const attempt = await manager.getRepository(Attempt).findOne({ where: { id: attemptId }, lock: { mode: 'pessimistic_write' } });
    if (!attempt) throw notFound(ATTEMPT_NOT_FOUND, 'ATTEMPT_NOT_FOUND');
    if (attempt.userId !== viewer.id) throw new AppError('FORBIDDEN', NOT_YOUR_ATTEMPT);
    if (attempt.testId) throw new AppError('CONFLICT', NOT_A_PRACTICE_SET);
    if (attempt.submittedAt) throw new AppError('ATTEMPT_CLOSED', ATTEMPT_SUBMITTED);
    if (!isUuid(questionId) || !attempt.questionOrder.includes(questionId)) throw badInput(QUESTION_NOT_IN_ATTEMPT, { field: 'questionId' });
    const question = await manager.getRepository(Question).findOneOrFail({ select: { id: true, options: true }, where: { id: questionId } });
    if (!question.options.some((option) => option.id === optionId)) throw badInput(OPTION_NOT_OF_QUESTION, { field: 'optionId' });
    await manager
      .createQueryBuilder()
      .insert()
      .into(AttemptAnswer)
      .values({ attemptId, questionId, optionId, chosenAt: () => 'now()' })
      .orIgnore()
      .execute();
    const answer = await manager.getRepository(AttemptAnswer).findOneByOrFail({ attemptId, questionId });
    return (await feedbackOf(manager, [answer]))[0];
  });
}

export type PracticeKey = Omit<PracticeFeedback, 'chosenOptionId' | 'answeredCorrectly'>;

/**
 * The key and explanation of every question of the student's own practice set, given when it starts
 * so that it can be answered with no network (the answers are sent with answerPractice on return).
 * Nothing for a model test, nor for anyone else's attempt (an admin's included), nor for a question
 * that has since gone into a live exam.
 */
export async function practiceKeys(db: DataSource, viewer: Viewer | null, attempt: Attempt): Promise<PracticeKey[]> {
  if (attempt.testId || !attempt.practiceSetId || !viewer || attempt.userId !== viewer.id || attempt.questionOrder.length === 0) return [];
  const eligible = await db.query<Array<{ id: string }>>(`SELECT q."id" FROM "question" q WHERE q."id" = ANY($1::uuid[]) AND ${PRACTICE_ELIGIBLE}`, [
    attempt.questionOrder,
  ]);
  if (eligible.length === 0) return [];
  const questions = new Map(
    (
      await db.getRepository(Question).find({
        select: { id: true, correctOptionId: true, explanation: true, board: true, boardYear: true },
        where: { id: In(eligible.map((row) => row.id)) },
      })
    ).map((q) => [q.id, q]),
  );
  return attempt.questionOrder.flatMap((id) => {
    const question = questions.get(id);
    return question ? [{ questionId: id, correctOptionId: question.correctOptionId, explanation: question.explanation, boardTag: boardTagOf(question) }] : [];
  });
}

/** The keys and explanations of a practice set's answered questions; nothing for a model test. */
export async function practiceFeedback(db: DataSource, attempt: Attempt): Promise<PracticeFeedback[]> {
  if (attempt.testId) return [];
  return feedbackOf(db, await db.getRepository(AttemptAnswer).find({ where: { attemptId: attempt.id }, order: { answeredAt: 'ASC' } }));
}
