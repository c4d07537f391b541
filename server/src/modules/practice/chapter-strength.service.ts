import type { DataSource } from 'typeorm';
import { In } from 'typeorm';
import type { Viewer } from '../../kernel/viewer';
import { Chapter } from './subject.entity';

export interface ChapterStrength {
  chapter: Chapter;
  answered: number;
  correct: number;
  /** correct / answered, 0 to 1. */
  share: number;
}

/**
 * The student's accuracy in each chapter over every attempt: model tests once submitted, practice
 * sets as they are answered (each answer's key is shown at once). Weakest first; of equal shares,
 * the chapter answered more often first.
 */
export async function chapterStrengths(db: DataSource, viewer: Viewer): Promise<ChapterStrength[]> {
  const rows = await db.query<Array<{ chapterId: string; answered: number; correct: number }>>(
    `SELECT q."chapterId", count(*)::int AS "answered", count(*) FILTER (WHERE aa."optionId" = q."correctOptionId")::int AS "correct"
       FROM "attempt_answer" aa JOIN "attempt" a ON a."id" = aa."attemptId" JOIN "question" q ON q."id" = aa."questionId"
      WHERE a."userId" = $1 AND q."chapterId" IS NOT NULL AND (a."submittedAt" IS NOT NULL OR a."testId" IS NULL)
      GROUP BY q."chapterId"`,
    [viewer.id],
  );
  if (rows.length === 0) return [];
  const chapters = new Map((await db.getRepository(Chapter).findBy({ id: In(rows.map((row) => row.chapterId)) })).map((c) => [c.id, c]));
  return rows
    .filter((row) => chapters.has(row.chapterId))
    .map((row) => ({ chapter: chapters.get(row.chapterId)!, answered: row.answered, correct: row.correct, share: row.correct / row.answered }))
    .sort((a, b) => a.share - b.share || b.answered - a.answered || a.chapter.position - b.chapter.position);
}
