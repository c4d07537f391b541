import type { DataSource } from 'typeorm';
import { notFound } from '../../shared/errors';
import { parsePage, type Page } from '../../shared/paging';
import { isUuid } from '../../shared/validation';
import type { Viewer } from '../auth/viewer';
import { User } from '../user/user.entity';
import type { Attempt } from './attempt.entity';
import { LeaderboardPreference } from './leaderboard-preference.entity';
import { ModelTest } from './model-test.entity';
import { MODEL_TEST_NOT_FOUND } from './model-test.service';

export const ANONYMOUS_NAME = 'Student';

/** Each student's first finished attempt at test $1: the attempts a leaderboard ranks. */
const FIRST_ATTEMPTS = `SELECT DISTINCT ON ("userId") "id", "userId", "score", "durationSeconds", "submittedAt" FROM "attempt"
   WHERE "testId" = $1 AND "submittedAt" IS NOT NULL ORDER BY "userId", "submittedAt", "id"`;
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

export interface LeaderboardRow {
  rank: number;
  name: string;
  score: number;
  durationSeconds: number;
}

/** Everyone's first finished attempt at a test, best first (ties by time); names only, or "Student" for those who hide theirs. */
export async function leaderboard(db: DataSource, testId: string, paging: { offset?: number; limit?: number }): Promise<Page<LeaderboardRow>> {
  const page = parsePage(paging.offset, paging.limit, 20);
  if (!isUuid(testId) || !(await db.getRepository(ModelTest).existsBy({ id: testId, published: true })))
    throw notFound(MODEL_TEST_NOT_FOUND, 'MODEL_TEST_NOT_FOUND');
  const firsts = FIRST_ATTEMPTS;
  const rows = await db.query<Array<{ rank: number; name: string; hidden: boolean | null; score: string; durationSeconds: number }>>(
    `SELECT ${RANK} AS "rank", u."name", p."hideName" AS "hidden",
            f."score", f."durationSeconds"
       FROM (${firsts}) f JOIN "${db.getMetadata(User).tableName}" u ON u."id" = f."userId"
       LEFT JOIN "${db.getMetadata(LeaderboardPreference).tableName}" p ON p."userId" = f."userId"
      ORDER BY f."score" DESC, f."durationSeconds" ASC, f."submittedAt" ASC LIMIT $2 OFFSET $3`,
    [testId, page.limit, page.offset],
  );
  return {
    items: rows.map((row) => ({
      rank: row.rank,
      name: row.hidden ? ANONYMOUS_NAME : row.name,
      score: Number(row.score),
      durationSeconds: row.durationSeconds,
    })),
    ...page,
    countTotal: async () => (await db.query<Array<{ count: number }>>(`SELECT count(*)::int AS "count" FROM (${firsts}) f`, [testId]))[0].count,
  };
}

export async function setLeaderboardNameHidden(db: DataSource, viewer: Viewer, hideName: boolean): Promise<boolean> {
  await db.getRepository(LeaderboardPreference).upsert({ userId: viewer.id, hideName }, ['userId']);
  return hideName;
}

export async function leaderboardNameHidden(db: DataSource, viewer: Viewer): Promise<boolean> {
  return (await db.getRepository(LeaderboardPreference).findOneBy({ userId: viewer.id }))?.hideName ?? false;
}
