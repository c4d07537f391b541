import type { DataSource } from 'typeorm';
import type { Viewer } from '../../kernel/viewer';
import { AppError, badInput, notFound } from '../../shared/errors';
import { isUuid } from '../../shared/validation';
import { readDirect } from '../../db/direct-read';
import { AttemptAnswer } from './attempt.entity';
import {
  ANSWER_TOO_LATE,
  ATTEMPT_NOT_FOUND,
  ATTEMPT_SUBMITTED,
  NOT_YOUR_ATTEMPT,
  OPTION_NOT_OF_QUESTION,
  PRACTICE_ANSWERS_ONCE,
  QUESTION_NOT_IN_ATTEMPT,
  TIME_IS_UP,
} from './attempt.service';

/**
 * Saves the option a student chose, while the attempt is theirs and unsubmitted. Before the deadline
 * (by the database's clock) any answer counts; after it, an answer the page recorded before the
 * deadline (`chosenAt`, by the server's clock as the page knew it) counts until the grace window
 * ends, and is refused with ANSWER_TOO_LATE after. Of two answers to a question, the one chosen last
 * counts, whatever order they arrive in. The attempt's row is shared-locked, so a submission waits
 * for an answer being saved and an answer never lands after the result was counted.
 */
export async function saveAnswer(
  db: DataSource,
  viewer: Viewer,
  attemptId: string,
  questionId: string,
  optionId: string,
  chosenAt?: Date | null,
): Promise<AttemptAnswer> {
  if (!isUuid(attemptId)) throw notFound(ATTEMPT_NOT_FOUND, 'ATTEMPT_NOT_FOUND');
  if (chosenAt && Number.isNaN(chosenAt.getTime())) throw badInput('chosenAt must be a date and time', { field: 'chosenAt' });
  // One statement, its own transaction (exam night sends thousands a second): the attempt is read and
  // share-locked (a submission waits for it), the answer saved only when every rule below holds, and the
  // rules' facts come back so that a refusal says which one failed.
  const [row] = await readDirect<SaveFacts & { saved: SavedAnswerRow | null }>(
    db,
    `WITH "a" AS (
       SELECT a."id", a."userId", a."startedAt", a."testId" IS NULL AS "practice", a."submittedAt" IS NOT NULL AS "submitted",
              now() >= a."deadline" AS "late", now() >= a."deadline" + make_interval(secs => t."graceSeconds") AS "pastGrace",
              coalesce($4::timestamptz < a."deadline", false) AS "chosenInTime", $2::text = ANY(a."questionOrder"::text[]) AS "inAttempt",
              EXISTS (SELECT 1 FROM "question" q WHERE q."id" = $5::uuid AND q."options" @> jsonb_build_array(jsonb_build_object('id', $3::text))) AS "optionOfQuestion"
         FROM "attempt" a LEFT JOIN "model_test" t ON t."id" = a."testId" WHERE a."id" = $1 FOR SHARE OF a
     ), "saved" AS (
       INSERT INTO "attempt_answer" ("attemptId", "questionId", "optionId", "chosenAt")
       SELECT a."id", $5::uuid, $6::uuid, greatest(a."startedAt", least(coalesce($4::timestamptz, now()), now())) FROM "a" a
        WHERE a."userId" = $7 AND NOT a."submitted" AND NOT a."practice" AND (NOT a."late" OR a."chosenInTime") AND NOT a."pastGrace"
          AND a."inAttempt" AND a."optionOfQuestion"
       ON CONFLICT ("attemptId", "questionId") DO UPDATE SET "optionId" = EXCLUDED."optionId", "answeredAt" = now(), "chosenAt" = EXCLUDED."chosenAt"
         WHERE "attempt_answer"."chosenAt" IS NULL OR "attempt_answer"."chosenAt" <= EXCLUDED."chosenAt"
       RETURNING "attemptId", "questionId", "optionId", "answeredAt", "chosenAt"
     )
     SELECT a."userId", a."practice", a."submitted", a."late", a."pastGrace", a."chosenInTime", a."inAttempt", a."optionOfQuestion",
            (SELECT row_to_json(s) FROM "saved" s) AS "saved"
       FROM "a" a`,
    [attemptId, questionId, optionId, chosenAt ?? null, isUuid(questionId) ? questionId : null, isUuid(optionId) ? optionId : null, viewer.id],
  );
  if (!row) throw notFound(ATTEMPT_NOT_FOUND, 'ATTEMPT_NOT_FOUND');
  if (row.userId !== viewer.id) throw new AppError('FORBIDDEN', NOT_YOUR_ATTEMPT);
  if (row.submitted) throw new AppError('ATTEMPT_CLOSED', ATTEMPT_SUBMITTED);
  // A practice answer, once its key is shown, stays as given (answerPractice).
  if (row.practice) throw new AppError('CONFLICT', PRACTICE_ANSWERS_ONCE);
  if (row.late && !row.chosenInTime) throw new AppError('ATTEMPT_CLOSED', TIME_IS_UP);
  if (row.pastGrace) throw new AppError('ANSWER_TOO_LATE', ANSWER_TOO_LATE);
  if (!row.inAttempt) throw badInput(QUESTION_NOT_IN_ATTEMPT, { field: 'questionId' });
  if (!row.optionOfQuestion) throw badInput(OPTION_NOT_OF_QUESTION, { field: 'optionId' });
  if (row.saved) return savedAnswer(row.saved);
  // An answer chosen before the one already saved changes nothing.
  return db.getRepository(AttemptAnswer).findOneByOrFail({ attemptId, questionId });
}

/** What saveAnswer's statement learns of the attempt, the question and the option. */
interface SaveFacts {
  userId: string;
  practice: boolean;
  submitted: boolean;
  late: boolean;
  pastGrace: boolean;
  chosenInTime: boolean;
  inAttempt: boolean;
  optionOfQuestion: boolean;
}

/** A saved answer as row_to_json gives it (dates as text). */
interface SavedAnswerRow {
  attemptId: string;
  questionId: string;
  optionId: string;
  answeredAt: string;
  chosenAt: string | null;
}

const savedAnswer = (row: SavedAnswerRow): AttemptAnswer =>
  Object.assign(new AttemptAnswer(), { ...row, answeredAt: new Date(row.answeredAt), chosenAt: row.chosenAt === null ? null : new Date(row.chosenAt) });
