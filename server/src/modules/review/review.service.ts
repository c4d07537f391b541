import type { DataSource } from 'typeorm';
import { entityReader, type PartialEntity } from '../../db/entity-reader';
import { SqlParameters } from '../../db/sql-parameters';
import { AppError, notFound } from '../../shared/errors';
import { fetchPage, parsePage, type Page, type PageRequest } from '../../shared/paging';
import type { Viewer } from '../../kernel/viewer';
import { Course } from '../course/course.entity';
import { COURSE_NOT_FOUND } from '../course/course.service';
import { isUuid } from '../../shared/validation';
import { findActiveEnrollment } from '../enrollment/enrollment.service';
import { User } from '../user/user.entity';
import { Review } from './review.entity';
import { requireRole, roles } from '../auth/guards';

export const REVIEW_NOT_FOUND = 'Review not found';
export const MAX_REVIEW_TEXT = 2000;
export const MAX_REVIEW_TITLE = 120;
export const ONLY_ENROLLED_REVIEW = 'Only students enrolled in this course can review it';

export interface ReviewFilter {
  courseId?: string | null;
  /** Only reviews of at least this many stars (1 to 5). */
  minRating?: number | null;
  /** true: only reviews students wrote here; false: only the testimonials imported from the old site. */
  written?: boolean | null;
  /** newest (the default), or highest rated: only reviews with stars and text, most stars first, then newest. */
  order?: ReviewOrder | null;
}

export enum ReviewOrder {
  NEWEST = 'NEWEST',
  HIGHEST_RATED = 'HIGHEST_RATED',
}

/**
 * Learner reviews, newest first, optionally of one course or of at least some stars; hidden ones
 * never. `fields`: the review properties the caller reads (all when undefined).
 */
export async function listReviews(
  db: DataSource,
  paging: { offset?: number; limit?: number },
  { courseId, minRating, written, order }: ReviewFilter = {},
  fields?: ReadonlySet<string>,
): Promise<Page<PartialEntity<Review>>> {
  const page = parsePage(paging.offset, paging.limit);
  if (courseId && !isUuid(courseId))
    return fetchPage(
      page,
      () => Promise.resolve([]),
      () => Promise.resolve(0),
    );
  const parameters = new SqlParameters();
  const conditions = ['NOT "hidden"'];
  if (courseId) conditions.push(`"courseId" = ${parameters.add(courseId)}`);
  if (minRating != null) conditions.push(`"rating" >= ${parameters.add(minRating)}`);
  if (written != null) conditions.push(written ? '"authorId" IS NOT NULL' : '"authorId" IS NULL');
  const highestRated = order === ReviewOrder.HIGHEST_RATED;
  if (highestRated) conditions.push(`"rating" IS NOT NULL AND btrim("text") <> ''`);
  const where = conditions.join(' AND ');
  const filterValues = [...parameters.values];
  const reviews = entityReader(db, Review);
  const sql = `SELECT ${reviews.selectListOf(fields)} FROM "review" WHERE ${where}
    ORDER BY ${highestRated ? '"rating" DESC, ' : ''}"createdAt" DESC, "id" ASC LIMIT ${parameters.add(page.limit)} OFFSET ${parameters.add(page.offset)}`;
  return fetchPage(
    page,
    () => reviews.manyPartial(sql, parameters.values),
    async () => (await db.query<Array<{ count: number }>>(`SELECT count(*)::int AS "count" FROM "review" WHERE ${where}`, filterValues))[0].count,
  );
}

/** A page of the shown reviews, newest first, for the legacy static file path. */
export function listAllReviews(db: DataSource, page: PageRequest): Promise<Review[]> {
  return db.getRepository(Review).find({ where: { hidden: false }, order: { createdAt: 'DESC', id: 'ASC' }, skip: page.offset, take: page.limit });
}

export interface ReviewDraft {
  courseId: string;
  rating: number;
  text: string;
  title?: string | null;
}

/** A student's review (that passed ReviewInput's rules) of a course they are enrolled in; writing again edits their review. */
export async function submitReview(db: DataSource, viewer: Viewer, draft: ReviewDraft): Promise<Review> {
  requireRole(viewer, roles.student, ONLY_ENROLLED_REVIEW);
  const course = await db.getRepository(Course).findOneBy({ id: draft.courseId });
  if (!course) throw notFound(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
  if (!(await findActiveEnrollment(db, viewer.id, course.id))) throw new AppError('NOT_ENROLLED', ONLY_ENROLLED_REVIEW);
  const { rating } = draft;
  // NFC, so that the same Bangla text typed on two keyboards is stored alike.
  const text = draft.text.trim().normalize('NFC');
  const title = draft.title?.trim().normalize('NFC') || null;
  const author = await db.getRepository(User).findOneByOrFail({ id: viewer.id });
  await db
    .createQueryBuilder()
    .insert()
    .into(Review)
    .values({
      authorId: viewer.id,
      courseId: course.id,
      rating,
      text,
      title,
      name: author.name,
      img: author.image,
      info: `Student from ${course.name}`,
      hidden: false,
    })
    .orUpdate(['rating', 'text', 'title', 'name', 'img', 'info', 'updatedAt'], ['authorId', 'courseId'], { indexPredicate: '"authorId" IS NOT NULL' })
    .execute();
  return db.getRepository(Review).findOneByOrFail({ authorId: viewer.id, courseId: course.id });
}

/** The viewer's own review of a course, or null. */
export async function findOwnReview(db: DataSource, viewer: Viewer, courseId: string): Promise<Review | null> {
  if (!isUuid(courseId)) return null;
  return db.getRepository(Review).findOneBy({ authorId: viewer.id, courseId });
}

/** Deletes the viewer's own review of a course; false when there was none. */
export async function deleteOwnReview(db: DataSource, viewer: Viewer, courseId: string): Promise<boolean> {
  if (!isUuid(courseId)) return false;
  const result = await db.getRepository(Review).delete({ authorId: viewer.id, courseId });
  return (result.affected ?? 0) > 0;
}

export async function setReviewHidden(db: DataSource, viewer: Viewer, id: string, hidden: boolean): Promise<Review> {
  requireRole(viewer, roles.admin, 'Only admins can hide reviews');
  const review = await db.getRepository(Review).findOneBy({ id });
  if (!review) throw notFound(REVIEW_NOT_FOUND, 'REVIEW_NOT_FOUND');
  await db.getRepository(Review).update(review.id, { hidden });
  return { ...review, hidden };
}
