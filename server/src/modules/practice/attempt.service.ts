import { randomInt } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { In } from 'typeorm';
import { AppError, notFound } from '../../shared/errors';
import { parsePage, type Page } from '../../shared/paging';
import { isUuid } from '../../shared/validation';
import { isAdmin, teaches } from '../auth/guards';
import type { Viewer } from '../../kernel/viewer';
import { Course } from '../course/course.entity';
import { findActiveEnrollment } from '../enrollment/enrollment.service';
import { Attempt, AttemptAnswer } from './attempt.entity';
import { ModelTest, ReviewPolicy } from './model-test.entity';
import { MODEL_TEST_NOT_FOUND, testQuestionIds } from './model-test.service';
import { Question } from './question.entity';
import { type BoardTag, boardTagOf } from './board-tag';
import { questionPictureAddress } from './question-picture';
import { Chapter } from './subject.entity';

export const ATTEMPT_NOT_FOUND = 'Attempt not found';
export const NOT_YOUR_ATTEMPT = 'This attempt belongs to another student';
export const ATTEMPT_SUBMITTED = 'This attempt has been submitted; its answers can no longer change';
export const TIME_IS_UP = 'Time is up: answers after the deadline are not accepted';
export const ANSWER_TOO_LATE = 'This answer was chosen in time but reached us after the grace window: it does not count';
export const QUESTION_NOT_IN_ATTEMPT = 'This question is not part of the attempt';
export const OPTION_NOT_OF_QUESTION = 'This option does not belong to the question';
export const TEST_NEEDS_ENROLLMENT = 'This model test is for the students of its course: enroll in the course to take it';
export const TEST_NOT_OPEN_YET = 'This model test has not opened yet';
export const TEST_CLOSED = 'This model test has closed';
export const TEST_HAS_NO_QUESTIONS = 'This model test has no questions yet';
export const PRACTICE_ANSWERS_ONCE = 'In a practice set each question is answered once, and its explanation shown';

/** Schedules the server's own submission of an attempt at its deadline (a job in the PostgreSQL queue). */
export interface DeadlineScheduler {
  schedule(attemptId: string, deadline: Date): Promise<void>;
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** Who may take a test, and so be reminded of it: anyone when it is free; else its course's students and teachers, and admins. */
export async function requireTestAccess(db: DataSource, viewer: Viewer, test: ModelTest): Promise<void> {
  if (test.free || isAdmin(viewer)) return;
  if (!test.courseId) return;
  const course = await db.getRepository(Course).findOneBy({ id: test.courseId });
  if (course && teaches(viewer, course)) return;
  if (!(await findActiveEnrollment(db, viewer.id, test.courseId))) throw new AppError('NOT_ENROLLED', TEST_NEEDS_ENROLLMENT);
}

/**
 * Starts the viewer's attempt at a published model test, or returns their unfinished one. The
 * deadline is fixed now: the start plus the duration, or the test's closing time if sooner.
 */
export async function startAttempt(db: DataSource, scheduler: DeadlineScheduler, viewer: Viewer, testId: string): Promise<Attempt> {
  const test = isUuid(testId) ? await db.getRepository(ModelTest).findOneBy({ id: testId, published: true }) : null;
  if (!test) throw notFound(MODEL_TEST_NOT_FOUND, 'MODEL_TEST_NOT_FOUND');
  await requireTestAccess(db, viewer, test);
  const unfinished = await db
    .getRepository(Attempt)
    .createQueryBuilder('a')
    .where('a."testId" = :t AND a."userId" = :u AND a."submittedAt" IS NULL', { t: test.id, u: viewer.id })
    .getOne();
  if (unfinished) {
    if (unfinished.deadline && unfinished.deadline.getTime() > Date.now()) return unfinished;
    await finishAttempt(db, unfinished.id);
  }
  const now = new Date();
  if (test.opensAt && test.opensAt > now) throw new AppError('TEST_NOT_OPEN', TEST_NOT_OPEN_YET);
  if (test.closesAt && test.closesAt <= now) throw new AppError('TEST_NOT_OPEN', TEST_CLOSED);
  const questionIds = await testQuestionIds(db, test.id);
  if (questionIds.length === 0) throw new AppError('CONFLICT', TEST_HAS_NO_QUESTIONS);
  // A test may draw each attempt's questions from a larger pool.
  const drawn = shuffled(questionIds).slice(0, test.questionsPerAttempt ?? questionIds.length);
  const questions = await db.getRepository(Question).find({ select: { id: true, options: true }, where: { id: In(drawn) } });
  const optionOrder = Object.fromEntries(questions.map((q) => [q.id, shuffled(q.options.map((o) => o.id))]));
  const byDuration = now.getTime() + test.durationMinutes * 60_000;
  const deadline = new Date(test.closesAt ? Math.min(byDuration, test.closesAt.getTime()) : byDuration);
  // The partial unique index keeps one unfinished attempt per student and test, even for two starts at once.
  const inserted = await db
    .createQueryBuilder()
    .insert()
    .into(Attempt)
    .values({ testId: test.id, userId: viewer.id, startedAt: now, deadline, questionOrder: drawn, optionOrder })
    .orIgnore()
    .returning('id')
    .execute();
  const attempt = await db
    .getRepository(Attempt)
    .createQueryBuilder('a')
    .where('a."testId" = :t AND a."userId" = :u AND a."submittedAt" IS NULL', { t: test.id, u: viewer.id })
    .getOneOrFail();
  if ((inserted.raw as unknown[]).length > 0) await scheduler.schedule(attempt.id, closingOf(attempt, test)!);
  return attempt;
}

/**
 * When an attempt takes no more answers: its deadline plus the test's grace window, in which an
 * answer chosen before the deadline but held back by the network still counts. The server submits
 * the attempt then (the queue's job), unless the student did first.
 */
export function closingOf(attempt: Pick<Attempt, 'deadline'>, test: Pick<ModelTest, 'graceSeconds'>): Date | null {
  return attempt.deadline ? new Date(attempt.deadline.getTime() + test.graceSeconds * 1000) : null;
}

/**
 * The rules a practice set is held to, as if it were a test: no time, no negative marks, no pass
 * mark, its key open once submitted (each answer's key is shown as it is given: practice-set.service.ts).
 */
export const PRACTICE_RULES: ModelTest = Object.assign(new ModelTest(), {
  negativeMark: 0,
  passMark: 0,
  graceSeconds: 0,
  opensAt: null,
  closesAt: null,
  reviewAfter: ReviewPolicy.AFTER_SUBMIT,
});

/** The test an attempt sits, or the practice rules for a practice set. */
export async function rulesOf(db: DataSource | EntityManager, attempt: Pick<Attempt, 'testId'>): Promise<ModelTest> {
  return attempt.testId ? db.getRepository(ModelTest).findOneByOrFail({ id: attempt.testId }) : PRACTICE_RULES;
}

/** The viewer's own attempt (or any, for an admin), as it is: reading never submits it. */
export async function readAttempt(db: DataSource, viewer: Viewer, id: string): Promise<Attempt> {
  const attempt = isUuid(id) ? await db.getRepository(Attempt).findOneBy({ id }) : null;
  if (!attempt) throw notFound(ATTEMPT_NOT_FOUND, 'ATTEMPT_NOT_FOUND');
  if (attempt.userId !== viewer.id && !isAdmin(viewer)) throw new AppError('FORBIDDEN', NOT_YOUR_ATTEMPT);
  return attempt;
}

export async function answersOf(db: DataSource | EntityManager, attemptId: string): Promise<AttemptAnswer[]> {
  return db.getRepository(AttemptAnswer).find({ where: { attemptId }, order: { answeredAt: 'ASC' } });
}

/** The student's own submission; submitting again (or at the same moment) gives the one result. */
export async function submitAttempt(db: DataSource, viewer: Viewer, attemptId: string): Promise<Attempt> {
  const attempt = isUuid(attemptId) ? await db.getRepository(Attempt).findOneBy({ id: attemptId }) : null;
  if (!attempt) throw notFound(ATTEMPT_NOT_FOUND, 'ATTEMPT_NOT_FOUND');
  if (attempt.userId !== viewer.id) throw new AppError('FORBIDDEN', NOT_YOUR_ATTEMPT);
  return finishAttempt(db, attempt.id);
}

export interface Score {
  correct: number;
  wrong: number;
  skipped: number;
  score: number;
}

/** An attempt's marks from its answers: 1 per correct answer, the test's negative mark off per wrong one. */
export async function scoreOf(manager: DataSource | EntityManager, attempt: Attempt, test: ModelTest): Promise<Score> {
  const questions = await manager.getRepository(Question).find({ select: { id: true, correctOptionId: true }, where: { id: In(attempt.questionOrder) } });
  const answers = new Map((await answersOf(manager, attempt.id)).map((a) => [a.questionId, a.optionId]));
  let correct = 0;
  let wrong = 0;
  for (const question of questions) {
    const chosen = answers.get(question.id);
    if (chosen === undefined) continue;
    if (chosen === question.correctOptionId) correct += 1;
    else wrong += 1;
  }
  const skipped = attempt.questionOrder.length - correct - wrong;
  return { correct, wrong, skipped, score: Math.round((correct - wrong * test.negativeMark) * 100) / 100 };
}

/**
 * Counts an attempt's result once: under the row's lock, only an unsubmitted attempt is counted;
 * a later call returns what was counted. Used by the student's submission and by the server when
 * the grace window ends. The submission time is never later than the deadline.
 */
export async function finishAttempt(db: DataSource, attemptId: string): Promise<Attempt> {
  return db.transaction(async (manager) => {
    const [locked] = await manager.query<Array<{ id: string; submitted: boolean }>>(
      `SELECT "id", "submittedAt" IS NOT NULL AS "submitted" FROM "attempt" WHERE "id" = $1 FOR UPDATE`,
      [attemptId],
    );
    if (!locked) throw notFound(ATTEMPT_NOT_FOUND, 'ATTEMPT_NOT_FOUND');
    if (!locked.submitted) {
      const attempt = await manager.getRepository(Attempt).findOneByOrFail({ id: attemptId });
      const test = await rulesOf(manager, attempt);
      const { correct, wrong, skipped, score } = await scoreOf(manager, attempt, test);
      await manager.query(
        `UPDATE "attempt" SET "submittedAt" = least(now(), "deadline"), "correct" = $2, "wrong" = $3, "skipped" = $4, "score" = $5,
           "durationSeconds" = greatest(0, ceil(extract(epoch FROM least(now(), "deadline") - "startedAt")))::int
         WHERE "id" = $1`,
        [attemptId, correct, wrong, skipped, score],
      );
    }
    return manager.getRepository(Attempt).findOneByOrFail({ id: attemptId });
  });
}

/** The server's submission when the grace window after the deadline ends (the queue's job): nothing if the student already submitted. */
export async function finishAtDeadline(db: DataSource, attemptId: string): Promise<void> {
  const attempt = await db.getRepository(Attempt).findOneBy({ id: attemptId });
  if (!attempt || attempt.submittedAt) return;
  const closing = closingOf(attempt, await rulesOf(db, attempt));
  if (!closing) return;
  if (closing.getTime() > Date.now()) throw new Error(`attempt ${attemptId} closes at ${closing.toISOString()}: too early`);
  await finishAttempt(db, attemptId);
}

export interface ReviewItem {
  questionId: string;
  text: string;
  options: Array<{ id: string; text: string }>;
  chosenOptionId: string | null;
  /** Whether the chosen option was the correct one; null when skipped. */
  answeredCorrectly: boolean | null;
  /** The key and its explanation: null until the review opens (reviewOpensAt). */
  correctOptionId: string | null;
  explanation: string | null;
  chapterId: string | null;
  pictureURL: string | null;
  /** The board exam that set the question; null for none. */
  boardTag: BoardTag | null;
}

/**
 * When the students of a test may see its correct options and explanations: a test with a closing
 * time once it closed and its grace window passed (nobody may still answer), whatever its policy;
 * an any-time test at each submission, or never when its author chose to review after a close it does
 * not have. Before that a student sees the score and which answers were right.
 */
export function reviewOpensAt(test: Pick<ModelTest, 'closesAt' | 'graceSeconds' | 'reviewAfter'>, attempt: Pick<Attempt, 'submittedAt'>): Date | null {
  if (test.closesAt) return new Date(test.closesAt.getTime() + test.graceSeconds * 1000);
  return test.reviewAfter === ReviewPolicy.AFTER_SUBMIT ? attempt.submittedAt : null;
}

export function reviewIsOpen(
  test: Pick<ModelTest, 'closesAt' | 'graceSeconds' | 'reviewAfter'>,
  attempt: Pick<Attempt, 'submittedAt'>,
  now = new Date(),
): boolean {
  const opens = reviewOpensAt(test, attempt);
  return attempt.submittedAt !== null && opens !== null && opens.getTime() <= now.getTime();
}

/** Every question of a finished attempt in its order, with the student's answer and whether it was right; the key and explanations once the review is open. */
export async function reviewOf(db: DataSource, attempt: Attempt, test: ModelTest): Promise<ReviewItem[]> {
  if (!attempt.submittedAt) return [];
  const open = reviewIsOpen(test, attempt);
  const questions = new Map((await db.getRepository(Question).find({ where: { id: In(attempt.questionOrder) } })).map((q) => [q.id, q]));
  const answers = new Map((await answersOf(db, attempt.id)).map((a) => [a.questionId, a.optionId]));
  return attempt.questionOrder
    .filter((id) => questions.has(id))
    .map((id) => {
      const question = questions.get(id)!;
      const chosen = answers.get(id) ?? null;
      return {
        questionId: id,
        text: question.text,
        options: orderedOptions(attempt, question),
        chosenOptionId: chosen,
        answeredCorrectly: chosen === null ? null : chosen === question.correctOptionId,
        correctOptionId: open ? question.correctOptionId : null,
        explanation: open ? question.explanation : null,
        chapterId: question.chapterId,
        pictureURL: questionPictureAddress(question),
        boardTag: boardTagOf(question),
      };
    });
}

export interface ChapterScore {
  chapterId: string;
  nameBn: string;
  nameEn: string;
  correct: number;
  total: number;
}

/** Strengths and weaknesses: the share of correct answers in each chapter the test covered. */
export async function chapterScores(db: DataSource, review: ReviewItem[]): Promise<ChapterScore[]> {
  const ids = [...new Set(review.map((item) => item.chapterId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return [];
  const chapters = await db.getRepository(Chapter).find({ where: { id: In(ids) }, order: { position: 'ASC' } });
  return chapters.map((chapter) => {
    const items = review.filter((item) => item.chapterId === chapter.id);
    return {
      chapterId: chapter.id,
      nameBn: chapter.nameBn,
      nameEn: chapter.nameEn,
      correct: items.filter((item) => item.answeredCorrectly === true).length,
      total: items.length,
    };
  });
}

export function orderedOptions(attempt: Attempt, question: Question): Array<{ id: string; text: string }> {
  const order = attempt.optionOrder[question.id] ?? question.options.map((o) => o.id);
  const byId = new Map(question.options.map((o) => [o.id, o]));
  return order.filter((id) => byId.has(id)).map((id) => ({ id, text: byId.get(id)!.text }));
}

/** The questions of an attempt in its shuffled order, options shuffled too, without what is correct. */
export async function questionsOf(
  db: DataSource,
  attempt: Attempt,
): Promise<Array<{ id: string; text: string; options: Array<{ id: string; text: string }>; pictureURL: string | null }>> {
  const questions = new Map(
    (
      await db.getRepository(Question).find({
        select: { id: true, text: true, options: true, pictureType: true, pictureDigest: true },
        where: { id: In(attempt.questionOrder) },
      })
    ).map((q) => [q.id, q]),
  );
  return attempt.questionOrder
    .filter((id) => questions.has(id))
    .map((id) => ({
      id,
      text: questions.get(id)!.text,
      options: orderedOptions(attempt, questions.get(id)!),
      pictureURL: questionPictureAddress(questions.get(id)!),
    }));
}

/** The viewer's attempts, newest first, as they are (the queue submits those whose time is up). */
export async function listMyAttempts(db: DataSource, viewer: Viewer, paging: { offset?: number; limit?: number }): Promise<Page<Attempt>> {
  const page = parsePage(paging.offset, paging.limit, 20);
  const where = { userId: viewer.id };
  const items = await db.getRepository(Attempt).find({ where, order: { startedAt: 'DESC', id: 'ASC' }, skip: page.offset, take: page.limit });
  return { items, ...page, countTotal: () => db.getRepository(Attempt).countBy(where) };
}
