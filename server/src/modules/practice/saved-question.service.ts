import type { DataSource } from 'typeorm';
import { In } from 'typeorm';
import { AppError, notFound } from '../../shared/errors';
import { parsePage, type Page } from '../../shared/paging';
import { isUuid } from '../../shared/validation';
import type { Viewer } from '../../kernel/viewer';
import { SavedQuestion } from './practice-set.entity';
import { Question } from './question.entity';
import { QUESTION_NOT_FOUND } from './question-bank.service';
import { questionPictureAddress } from './question-picture';
import { boardTagOf, type BoardTag } from './board-tag';

export const SAVE_AFTER_ANSWERING = 'Answer the question first, then save it';

export interface SavedQuestionItem {
  questionId: string;
  text: string;
  options: Array<{ id: string; text: string }>;
  pictureURL: string | null;
  subjectId: string;
  chapterId: string | null;
  classLevel: number;
  boardTag: BoardTag | null;
  savedAt: Date;
}

/** Whether the student met the question in one of their attempts and answered it, or saw it in a finished one. */
async function hasMet(db: DataSource, viewer: Viewer, questionId: string): Promise<boolean> {
  const [row] = await db.query<Array<{ met: boolean }>>(
    `SELECT EXISTS (SELECT 1 FROM "attempt_answer" aa JOIN "attempt" a ON a."id" = aa."attemptId" WHERE a."userId" = $1 AND aa."questionId" = $2)
         OR EXISTS (SELECT 1 FROM "attempt" a WHERE a."userId" = $1 AND a."submittedAt" IS NOT NULL AND $2 = ANY(a."questionOrder")) AS "met"`,
    [viewer.id, questionId],
  );
  return row.met;
}

/** Saves a question the student has answered (saving again changes nothing). */
export async function saveQuestion(db: DataSource, viewer: Viewer, questionId: string): Promise<boolean> {
  if (!isUuid(questionId) || !(await db.getRepository(Question).existsBy({ id: questionId }))) throw notFound(QUESTION_NOT_FOUND, 'QUESTION_NOT_FOUND');
  if (!(await hasMet(db, viewer, questionId))) throw new AppError('NOT_ANSWERED_YET', SAVE_AFTER_ANSWERING);
  await db.createQueryBuilder().insert().into(SavedQuestion).values({ userId: viewer.id, questionId }).orIgnore().execute();
  return true;
}

/** Takes a question off the student's saved ones (nothing happens when it was not saved). */
export async function unsaveQuestion(db: DataSource, viewer: Viewer, questionId: string): Promise<boolean> {
  if (isUuid(questionId)) await db.getRepository(SavedQuestion).delete({ userId: viewer.id, questionId });
  return false;
}

/** The student's saved questions, the latest saved first: the question and its options, never the key. */
export async function listSavedQuestions(db: DataSource, viewer: Viewer, paging: { offset?: number; limit?: number }): Promise<Page<SavedQuestionItem>> {
  const page = parsePage(paging.offset, paging.limit, 20);
  const where = { userId: viewer.id };
  const saved = await db.getRepository(SavedQuestion).find({ where, order: { savedAt: 'DESC', questionId: 'ASC' }, skip: page.offset, take: page.limit });
  const questions = new Map(
    (
      await db.getRepository(Question).find({
        select: {
          id: true,
          text: true,
          options: true,
          subjectId: true,
          chapterId: true,
          classLevel: true,
          pictureType: true,
          pictureDigest: true,
          board: true,
          boardYear: true,
        },
        where: { id: In(saved.map((s) => s.questionId)) },
      })
    ).map((q) => [q.id, q]),
  );
  const items = saved
    .filter((s) => questions.has(s.questionId))
    .map((s) => {
      const q = questions.get(s.questionId)!;
      return {
        questionId: q.id,
        text: q.text,
        options: q.options,
        pictureURL: questionPictureAddress(q),
        subjectId: q.subjectId,
        chapterId: q.chapterId,
        classLevel: q.classLevel,
        boardTag: boardTagOf(q),
        savedAt: s.savedAt,
      };
    });
  return { items, ...page, countTotal: () => db.getRepository(SavedQuestion).countBy(where) };
}

/** Which of these questions the student has saved. */
export async function savedAmong(db: DataSource, viewer: Viewer, questionIds: string[]): Promise<string[]> {
  if (questionIds.length === 0) return [];
  const rows = await db.getRepository(SavedQuestion).find({ select: { questionId: true }, where: { userId: viewer.id, questionId: In(questionIds) } });
  return rows.map((row) => row.questionId);
}
