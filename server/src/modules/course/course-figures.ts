import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import { readDirect } from '../../db/direct-read';

export interface CourseFigures {
  /** Students enrolled now: a refunded (revoked) enrollment does not count. */
  enrolled: number;
  /** Average stars of the shown reviews that give stars, to one decimal; null when there are none. */
  averageRating: number | null;
  /** How many shown reviews give stars. */
  ratingCount: number;
}

/**
 * The figures a course page shows beside the course, for every course a request touches, in one
 * statement: each statement costs a round trip and a write of its own, more than these two counts.
 */
export const COURSE_FIGURES_SQL = `SELECT ids."id" AS "courseId",
  (SELECT count(*)::int FROM "enrollment" e WHERE e."courseId" = ids."id" AND e."revokedAt" IS NULL) AS "enrolled",
  rating."average", rating."count"
  FROM unnest($1::uuid[]) AS ids("id")
  CROSS JOIN LATERAL (SELECT AVG(r."rating") AS "average", count(*)::int AS "count" FROM "review" r
    WHERE r."courseId" = ids."id" AND NOT r."hidden" AND r."rating" IS NOT NULL) rating`;

interface FiguresRow {
  courseId: string;
  enrolled: number;
  average: string | null;
  count: number;
}

/** Per request: each course's figures (`COURSE_FIGURES_SQL`), batched. */
export function createCourseFiguresLoader(db: DataSource): DataLoader<string, CourseFigures> {
  return new DataLoader(async (courseIds: readonly string[]) => {
    const rows = await readDirect<FiguresRow>(db, COURSE_FIGURES_SQL, [[...courseIds]]);
    const byCourse = new Map(
      rows.map((row) => [
        row.courseId,
        { enrolled: row.enrolled, averageRating: row.average === null ? null : Math.round(Number(row.average) * 10) / 10, ratingCount: row.count },
      ]),
    );
    return courseIds.map((id) => byCourse.get(id) ?? { enrolled: 0, averageRating: null, ratingCount: 0 });
  });
}
