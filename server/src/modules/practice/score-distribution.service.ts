import type { DataSource } from 'typeorm';
import type { Viewer } from '../../kernel/viewer';
import { ModelTestQuestion } from './model-test.entity';
import { editableTest } from './model-test.service';
import { firstAttempts } from './leaderboard.service';

/** At most this many bars: fewer for a short test (one a mark). */
const MAX_BUCKETS = 10;

export interface ScoreBucket {
  /** The lowest score of the bar (included). */
  from: number;
  /** The highest (excluded, except for the last bar, which holds full marks). */
  to: number;
  students: number;
}

export interface ScoreDistribution {
  testId: string;
  maxScore: number;
  passMark: number;
  participants: number;
  passed: number;
  averageScore: number | null;
  buckets: ScoreBucket[];
}

/**
 * How a model test's students scored, for its author (the course's instructor, an admin): each
 * student's first finished attempt (the one the leaderboard ranks), counted in up to ten bars of
 * equal width from 0 to full marks (a negative score, from negative marking, counts in the first).
 */
export async function modelTestScoreDistribution(db: DataSource, viewer: Viewer, testId: string): Promise<ScoreDistribution> {
  const test = await editableTest(db, viewer, testId);
  const maxScore = await db.getRepository(ModelTestQuestion).countBy({ testId: test.id });
  const count = Math.min(MAX_BUCKETS, maxScore);
  const [summary] = await db.query<Array<{ participants: number; passed: number; average: string | null }>>(
    `SELECT COUNT(*)::int AS participants, COUNT(*) FILTER (WHERE f."score" >= $2)::int AS passed, AVG(f."score") AS average FROM (${firstAttempts()}) f`,
    [test.id, test.passMark],
  );
  const counts =
    count === 0
      ? []
      : await db.query<Array<{ bucket: number; students: number }>>(
          `SELECT LEAST(width_bucket(GREATEST(f."score", 0), 0, $2::numeric, $3::int), $3::int) AS bucket, COUNT(*)::int AS students
             FROM (${firstAttempts()}) f GROUP BY 1`,
          [test.id, maxScore, count],
        );
  const width = count === 0 ? 0 : maxScore / count;
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    testId: test.id,
    maxScore,
    passMark: test.passMark,
    participants: summary.participants,
    passed: summary.passed,
    averageScore: summary.average === null ? null : round(Number(summary.average)),
    buckets: Array.from({ length: count }, (_, index) => ({
      from: round(index * width),
      to: round((index + 1) * width),
      students: counts.find((row) => row.bucket === index + 1)?.students ?? 0,
    })),
  };
}
