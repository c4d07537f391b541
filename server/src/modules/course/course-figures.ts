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
 * A course's students enrolled now (the course is `ids."id"`), shown only by the fields in
 * ENROLLMENT_FIELDS (graphql/public-response-cache.ts): an enrollment's notice forgets just those.
 */
export const ENROLLED_SQL = `(SELECT count(*)::int FROM "enrollment" e WHERE e."courseId" = ids."id" AND e."revokedAt" IS NULL)`;

/**
 * The figures a course page shows beside the course, for every course a request touches, in one
 * statement: each statement costs a round trip and a write of its own, more than these two counts.
 */
export const COURSE_FIGURES_SQL = `SELECT ids."id" AS "courseId",
  ${ENROLLED_SQL} AS "enrolled",
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

/** The average of a course's stars as shown: to one decimal; null when nobody gave stars. */
export function roundRating(average: string | number | null): number | null {
  return average === null ? null : Math.round(Number(average) * 10) / 10;
}

/**
 * A course's rating read in the same statement as the course (a catalogue list reads it for every
 * card at once, rather than one more statement per list): a LATERAL join on the course table's
 * alias, giving "ratingAverage" (the raw average) and "ratingCount".
 */
export const RATING_COLUMNS = ['ratingAverage', 'ratingCount'] as const;
export const ratingJoin = (course: string) => `CROSS JOIN LATERAL (SELECT AVG(r."rating") AS "ratingAverage", count(*)::int AS "ratingCount" FROM "review" r
    WHERE r."courseId" = ${course}."id" AND NOT r."hidden" AND r."rating" IS NOT NULL) "rating"`;

/** The rating a course was read with (`ratingJoin`), or undefined when it was read without. */
export function prefetchedRating(course: object): Pick<CourseFigures, 'averageRating' | 'ratingCount'> | undefined {
  const read = course as { ratingAverage?: string | null; ratingCount?: number };
  return read.ratingCount === undefined ? undefined : { averageRating: roundRating(read.ratingAverage ?? null), ratingCount: read.ratingCount };
}

/** Per request: each course's figures (`COURSE_FIGURES_SQL`), batched. */
export function createCourseFiguresLoader(db: DataSource): DataLoader<string, CourseFigures> {
  return new DataLoader(async (courseIds: readonly string[]) => {
    const rows = await readDirect<FiguresRow>(db, COURSE_FIGURES_SQL, [[...courseIds]]);
    const byCourse = new Map(rows.map((row) => [row.courseId, { enrolled: row.enrolled, averageRating: roundRating(row.average), ratingCount: row.count }]));
    return courseIds.map((id) => byCourse.get(id) ?? { enrolled: 0, averageRating: null, ratingCount: 0 });
  });
}

/** The home page's figures, counted now. */
export interface CatalogueFigures {
  /** Courses the catalogue shows. */
  courses: number;
  /** Accounts with the student role (a closed account does not count). */
  students: number;
  /** Distinct instructors of the courses the catalogue shows (by account, or by name for an imported course without one). */
  instructors: number;
}

/**
 * The home page's figures as the database keeps them (catalogue-count.entity.ts: triggers count the
 * rows as they change, by the catalogue's condition of visible-courses.json), in one statement that
 * reads three rows whatever the catalogue's size; a figure never counted yet is 0.
 */
export const CATALOGUE_FIGURES_SQL = `SELECT
    coalesce(max("count") FILTER (WHERE "name" = 'courses'), 0)::int AS "courses",
    coalesce(max("count") FILTER (WHERE "name" = 'students'), 0)::int AS "students",
    coalesce(max("count") FILTER (WHERE "name" = 'instructors'), 0)::int AS "instructors"
  FROM "catalogue_count"`;
