import type { DataSource } from 'typeorm';
import { notFound } from '../../shared/errors';
import { parsePage, type Page } from '../../shared/paging';
import { isUuid } from '../../shared/validation';
import type { Viewer } from '../../kernel/viewer';
import { User } from '../user/user.entity';
import type { Attempt } from './attempt.entity';
import { LeaderboardName, LeaderboardPreference } from './leaderboard-preference.entity';
import { text } from '../../i18n/translate';
import type { Language } from '../../i18n/languages';
import { ModelTest } from './model-test.entity';
import { editableTest, MODEL_TEST_NOT_FOUND } from './model-test.service';
import { isAdmin } from '../auth/guards';

/** Each student's first finished attempt at test $1: the attempts a leaderboard ranks (`extra`: more of their columns). */
export const firstAttempts = (extra = '') => `SELECT DISTINCT ON ("userId") "id", "userId", "score", "durationSeconds", "submittedAt"${extra} FROM "attempt"
   WHERE "testId" = $1 AND "submittedAt" IS NOT NULL ORDER BY "userId", "submittedAt", "id"`;
const FIRST_ATTEMPTS = firstAttempts();
/** The one order of a leaderboard: best score first, ties to the quicker; equal both, equal rank. */
const RANK = `rank() OVER (ORDER BY f."score" DESC, f."durationSeconds" ASC)::int`;

/**
 * A finished attempt's place on the test's leaderboard, as the leaderboard shows it: only a student's
 * first finished attempt is ranked, so a later one (practice) has no rank.
 */
export async function rankOf(db: DataSource, attempt: Pick<Attempt, 'id' | 'testId'>): Promise<{ rank: number | null; participants: number }> {
  // A practice set is sat alone: no rank.
  if (!attempt.testId) return { rank: null, participants: 1 };
  const [row] = await db.query<Array<{ rank: number | null; participants: number }>>(
    `WITH f AS (${FIRST_ATTEMPTS}), ranked AS (SELECT f."id", ${RANK} AS "rank" FROM f)
     SELECT (SELECT "rank" FROM ranked WHERE "id" = $2) AS "rank", (SELECT count(*) FROM f)::int AS "participants"`,
    [attempt.testId, attempt.id],
  );
  return { rank: row.rank, participants: row.participants };
}

/** Everyone's place on a test's leaderboard, best first: the merit list a closed live exam's results are sent from. */
export async function meritRanks(db: DataSource, testId: string): Promise<Array<{ userId: string; rank: number; score: number; participants: number }>> {
  const rows = await db.query<Array<{ userId: string; rank: number; score: string; participants: number }>>(
    `WITH f AS (${FIRST_ATTEMPTS})
     SELECT f."userId", ${RANK} AS "rank", f."score", (SELECT count(*) FROM f)::int AS "participants"
       FROM f ORDER BY f."score" DESC, f."durationSeconds" ASC, f."submittedAt" ASC`,
    [testId],
  );
  return rows.map((row) => ({ ...row, score: Number(row.score) }));
}

export interface LeaderboardRow {
  rank: number;
  name: string;
  score: number;
  durationSeconds: number;
}

/** Words put before a name in Bangladesh that are not the first name (Md., মোঃ). */
const PREFIXES = new Set(['md', 'md.', 'mst', 'mst.', 'mohd', 'mohd.', 'মোঃ', 'মো.', 'মোহাঃ', 'মোছাঃ', 'মোসাঃ', 'মিসেস', 'mrs', 'mrs.', 'mr', 'mr.']);

/** "Rahim Uddin" → "Rahim U.", "মোঃ রহিম উদ্দিন" → "রহিম উ.", a one-word name as it is. */
export function firstNameAndInitial(fullName: string): string {
  let words = fullName.normalize('NFC').trim().split(/\s+/u).filter(Boolean);
  while (words.length > 1 && PREFIXES.has(words[0].toLowerCase())) words = words.slice(1);
  if (words.length <= 1) return words[0] ?? '';
  const last = words[words.length - 1];
  const [initial] = new Intl.Segmenter('bn', { granularity: 'grapheme' }).segment(last);
  // A Bangla initial is the letter (or conjunct) without its vowel sign: হাসান → হ.
  return `${words[0]} ${initial.segment.replace(/[\u0981-\u0983\u09BE-\u09C4\u09C7\u09C8\u09CB\u09CC\u09D7]/gu, '')}.`;
}

/** The name a leaderboard shows for a student, by their choice; `anonymous` for those who show none. */
export function leaderboardNameOf(fullName: string, shown: LeaderboardName | null, anonymous: string): string {
  if (shown === LeaderboardName.NONE) return anonymous;
  if (shown === LeaderboardName.FULL_NAME) return fullName;
  return firstNameAndInitial(fullName) || anonymous;
}

/**
 * Everyone's first finished attempt at a test, best first (ties by time). Each name as its student
 * chose: by default the first name and an initial, never a full name the student did not choose.
 */
export async function leaderboard(
  db: DataSource,
  testId: string,
  paging: { offset?: number; limit?: number },
  language: Language = 'en',
): Promise<Page<LeaderboardRow>> {
  const page = parsePage(paging.offset, paging.limit, 20);
  if (!isUuid(testId) || !(await db.getRepository(ModelTest).existsBy({ id: testId, published: true })))
    throw notFound(MODEL_TEST_NOT_FOUND, 'MODEL_TEST_NOT_FOUND');
  const firsts = FIRST_ATTEMPTS;
  const rows = await db.query<Array<{ rank: number; name: string; shown: LeaderboardName | null; score: string; durationSeconds: number }>>(
    `SELECT ${RANK} AS "rank", u."name", p."nameShown" AS "shown",
            f."score", f."durationSeconds"
       FROM (${firsts}) f JOIN "${db.getMetadata(User).tableName}" u ON u."id" = f."userId"
       LEFT JOIN "${db.getMetadata(LeaderboardPreference).tableName}" p ON p."userId" = f."userId"
      ORDER BY f."score" DESC, f."durationSeconds" ASC, f."submittedAt" ASC LIMIT $2 OFFSET $3`,
    [testId, page.limit, page.offset],
  );
  const anonymous = text(language, 'leaderboard.anonymous');
  return {
    items: rows.map((row) => ({
      rank: row.rank,
      name: leaderboardNameOf(row.name, row.shown, anonymous),
      score: Number(row.score),
      durationSeconds: row.durationSeconds,
    })),
    ...page,
    countTotal: async () => (await db.query<Array<{ count: number }>>(`SELECT count(*)::int AS "count" FROM (${firsts}) f`, [testId]))[0].count,
  };
}

export async function setLeaderboardName(db: DataSource, viewer: Viewer, nameShown: LeaderboardName): Promise<LeaderboardName> {
  await db.getRepository(LeaderboardPreference).upsert({ userId: viewer.id, nameShown }, ['userId']);
  return nameShown;
}

export async function leaderboardName(db: DataSource, viewer: Viewer): Promise<LeaderboardName> {
  return (await db.getRepository(LeaderboardPreference).findOneBy({ userId: viewer.id }))?.nameShown ?? LeaderboardName.FIRST_NAME_AND_INITIAL;
}

export interface ModelTestResultRow {
  attemptId: string;
  /** Null for a student outside the reader's reach (not enrolled in the test's course, for its instructor). */
  studentId: string | null;
  name: string;
  email: string | null;
  enrolled: boolean;
  rank: number;
  score: number;
  correct: number;
  wrong: number;
  skipped: number;
  durationSeconds: number;
  passed: boolean;
  submittedAt: Date;
}

/**
 * A model test's results for its course's instructor (or an admin, or their API key with
 * practice:read): each student's first finished attempt (the one the leaderboard ranks), best
 * first, with the marks. A student enrolled in the test's course is named in full with their email,
 * as the instructor's list of students shows them; anyone else who sat a free test (any admin
 * reader excepted) only as the leaderboard shows them, without email or id.
 */
export async function modelTestResults(
  db: DataSource,
  reader: Viewer,
  testId: string,
  paging: { offset?: number; limit?: number },
  language: Language = 'en',
): Promise<Page<ModelTestResultRow>> {
  const page = parsePage(paging.offset, paging.limit, 20);
  const test = await editableTest(db, reader, testId);
  const firsts = firstAttempts(', "correct", "wrong", "skipped"');
  const rows = await db.query<
    Array<
      Omit<ModelTestResultRow, 'studentId' | 'name' | 'email' | 'score' | 'passed'> & {
        userId: string;
        name: string;
        email: string | null;
        shown: LeaderboardName | null;
        score: string;
      }
    >
  >(
    `SELECT f."id" AS "attemptId", f."userId", ${RANK} AS "rank", u."name", u."email", p."nameShown" AS "shown",
            f."score", f."correct", f."wrong", f."skipped", f."durationSeconds", f."submittedAt",
            EXISTS (SELECT 1 FROM "enrollment" e WHERE e."studentId" = f."userId" AND e."courseId" = $2 AND e."revokedAt" IS NULL) AS "enrolled"
       FROM (${firsts}) f JOIN "${db.getMetadata(User).tableName}" u ON u."id" = f."userId"
       LEFT JOIN "${db.getMetadata(LeaderboardPreference).tableName}" p ON p."userId" = f."userId"
      ORDER BY f."score" DESC, f."durationSeconds" ASC, f."submittedAt" ASC, f."id" ASC LIMIT $3 OFFSET $4`,
    [test.id, test.courseId, page.limit, page.offset],
  );
  const anonymous = text(language, 'leaderboard.anonymous');
  return {
    items: rows.map(({ userId, name, email, shown, score, ...row }) => {
      const known = isAdmin(reader) || row.enrolled;
      return {
        ...row,
        studentId: known ? userId : null,
        name: known ? name : leaderboardNameOf(name, shown, anonymous),
        email: known ? email : null,
        score: Number(score),
        passed: Number(score) >= test.passMark,
      };
    }),
    ...page,
    countTotal: async () => (await db.query<Array<{ count: number }>>(`SELECT count(*)::int AS "count" FROM (${FIRST_ATTEMPTS}) f`, [test.id]))[0].count,
  };
}
