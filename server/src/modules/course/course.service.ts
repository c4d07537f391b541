import DataLoader from 'dataloader';
import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { entityReader, type PartialEntity } from '../../db/entity-reader';
import { SqlParameters } from '../../db/sql-parameters';
import { badInput } from '../../shared/errors';
import { FREE_COURSE_SQL } from '../../shared/money';
import { isUuid } from '../../shared/validation';
import { CURSOR_UNKNOWN, fetchCursorPage, fetchPage, parseCursor, parsePage, toChangeCursor, type Page, type PageRequest } from '../../shared/paging';
import { changeConditions, changeOrder, changePosition } from '../../db/change-feed';
import { ApiScope } from '../integration/api-key.entity';
import { requireAdminOrScope, type Caller } from '../integration/api-key.service';
import { Course } from './course.entity';
import { CourseCategory, HomeSection, type CourseLanguage } from './course.enums';
import {
  CLOSE_WORD_MIN_SIMILARITY,
  closeMatches,
  countCloseMatches,
  countMatches,
  DIRECT_RANKING_MAX,
  matchingIds,
  parseSearchText,
  rankMatches,
  similarNames,
  SUGGESTION_MIN_SIMILARITY,
  walkTiers,
  type ParsedSearch,
  type Statement,
} from './course.search';
import { judgeSearchWords } from './search-word-sample';
import { visibleCourse } from './course-visibility';
import { CATALOGUE_FIGURES_SQL, RATING_COLUMNS, ratingJoin, type CatalogueFigures } from './course-figures';
import { readDirect } from '../../db/direct-read';

export interface CourseFilter {
  section?: HomeSection | null;
  category?: CourseCategory | null;
  classLevel?: number | null;
  free?: boolean | null;
  language?: CourseLanguage | null;
}

export const COURSE_NOT_FOUND = 'Course not found';
/** A course read with only the columns a client asked for (GraphQL lists and search). */
export type PartialCourse = PartialEntity<Course>;

function publishedCourses(db: DataSource): SelectQueryBuilder<Course> {
  return db.getRepository(Course).createQueryBuilder('course').where(visibleCourse('course'));
}

/**
 * The SQL conditions of a catalogue filter, their values added to `parameters`: visible courses
 * only, or those of `shown` (the changes feed's).
 */
function filterConditions(filter: CourseFilter, parameters: SqlParameters, shown = visibleCourse()): string {
  const conditions = [shown];
  switch (filter.section) {
    case HomeSection.FREE:
      conditions.push(FREE_COURSE_SQL);
      break;
    case HomeSection.PROFESSIONAL_SKILL:
      conditions.push(`"category" = ${parameters.add(CourseCategory.PROFESSIONAL)}`);
      break;
    case HomeSection.TRENDING:
      conditions.push('"trending"');
      break;
    case HomeSection.CLASS_1_TO_12:
      conditions.push(`"category" = ${parameters.add(CourseCategory.SCHOOL)}`);
      break;
  }
  if (filter.category) conditions.push(`"category" = ${parameters.add(filter.category)}`);
  if (filter.classLevel !== undefined && filter.classLevel !== null) {
    if (!Number.isInteger(filter.classLevel) || filter.classLevel < 1 || filter.classLevel > 12) {
      throw badInput('classLevel must be a class from 1 to 12', { field: 'classLevel' });
    }
    conditions.push(`"classLevel" = ${parameters.add(filter.classLevel)}`);
  }
  if (filter.free === true) conditions.push(FREE_COURSE_SQL);
  if (filter.free === false) conditions.push(`NOT ${FREE_COURSE_SQL}`);
  if (filter.language) conditions.push(`"language" = ${parameters.add(filter.language)}`);
  return conditions.join(' AND ');
}

/**
 * The catalogue: published courses, newest first, filtered and paged, with the total count.
 * `fields`: the course properties the caller reads (all when undefined).
 */
export async function listCourses(
  db: DataSource,
  filter: CourseFilter,
  paging: { offset?: number; limit?: number },
  fields?: ReadonlySet<string>,
): Promise<Page<PartialCourse>> {
  const page = parsePage(paging.offset, paging.limit);
  const courses = entityReader(db, Course);
  const parameters = new SqlParameters();
  const where = filterConditions(filter, parameters);
  const filterValues = [...parameters.values];
  // Cards show their rating: read with the courses, in the same statement.
  const rated = fields !== undefined && (fields.has('averageRating') || fields.has('ratingCount'));
  const ratingList = rated ? `, "rating"."ratingAverage", "rating"."ratingCount"` : '';
  const sql = `SELECT ${courses.selectListOf(fields)}${ratingList} FROM "course" ${rated ? ratingJoin('"course"') : ''} WHERE ${where}
    ORDER BY "createdAt" DESC, "id" ASC LIMIT ${parameters.add(page.limit)} OFFSET ${parameters.add(page.offset)}`;
  return fetchPage(
    page,
    () => courses.manyPartial(sql, parameters.values, db, rated ? RATING_COLUMNS : []),
    async () => (await db.query<Array<{ count: number }>>(`SELECT count(*)::int AS "count" FROM "course" WHERE ${where}`, filterValues))[0].count,
  );
}

/** The courses the changes feed shows: the catalogue's, and those taken off it (never a draft that was never on sale). */
const EVER_SHOWN = `(${visibleCourse()} OR "firstPublishedAt" IS NOT NULL)`;
/**
 * The course rows the changes feed reads: every course, and each once-published course deleted
 * since (course-removal.entity.ts) as its last row, taken off sale when it went.
 */
const COURSES_AND_REMOVALS = `(SELECT * FROM "course" UNION ALL
  SELECT removed.* FROM "course_removal" r,
    jsonb_populate_record(NULL::"course", r."row" || jsonb_build_object('published', false, 'updatedAt', r."removedAt")) removed)`;

export interface CourseChangesRequest {
  /** Courses changed at or after this time. */
  updatedSince?: Date | null;
  /** An endCursor of an earlier page of the feed. */
  after?: string | null;
  offset?: number;
  limit?: number;
}

/** A course as the changes feed reads it: with its position, for the page's endCursor. */
export type CourseChange = PartialCourse & { changeAt?: string };

/**
 * The catalogue as a feed of changes, for a server that keeps a copy (admins, and API keys with
 * catalog:read): every course changed at or after `updatedSince`, in (updatedAt, id) order, read
 * on from a cursor (db/change-feed.ts). A course taken off sale, or deleted after it was on sale,
 * comes as a tombstone (`published: false`), to be removed; a draft never on sale never comes. The catalogue's filters
 * narrow it as they do the catalogue, on the courses as they are now. `total` counts everything
 * the filters match, whatever the cursor.
 */
export async function listCourseChanges(
  db: DataSource,
  caller: Caller,
  filter: CourseFilter,
  request: CourseChangesRequest,
  fields?: ReadonlySet<string>,
): Promise<Page<CourseChange>> {
  requireAdminOrScope(caller, ApiScope.CATALOG_READ, CHANGES_NOT_ALLOWED);
  const page = parsePage(request.offset, request.limit);
  const after = request.after ? parseCursor(request.after) : null;
  if (after && after.kind !== 'change') throw badInput(CURSOR_UNKNOWN, { field: 'after' });
  const courses = entityReader(db, Course);
  const where = (parameters: SqlParameters, withCursor: boolean) =>
    [filterConditions(filter, parameters, EVER_SHOWN), ...changeConditions('"course"', parameters, { since: request.updatedSince, after }, withCursor)].join(
      ' AND ',
    );
  const rated = fields !== undefined && (fields.has('averageRating') || fields.has('ratingCount'));
  return fetchCursorPage<CourseChange>(
    page,
    (limit) => {
      const parameters = new SqlParameters();
      const sql = `SELECT ${courses.selectListOf(fields)}, ${changePosition('"course"')} AS "changeAt"${rated ? `, "rating"."ratingAverage", "rating"."ratingCount"` : ''}
        FROM ${COURSES_AND_REMOVALS} "course" ${rated ? ratingJoin('"course"') : ''} WHERE ${where(parameters, true)}
        ORDER BY ${changeOrder('"course"')} LIMIT ${parameters.add(limit)} OFFSET ${parameters.add(page.offset)}`;
      return courses.manyPartial(sql, parameters.values, db, ['changeAt', ...(rated ? RATING_COLUMNS : [])]);
    },
    async () => {
      const parameters = new SqlParameters();
      return (
        await db.query<Array<{ count: number }>>(
          `SELECT count(*)::int AS "count" FROM ${COURSES_AND_REMOVALS} "course" WHERE ${where(parameters, false)}`,
          parameters.values,
        )
      )[0].count;
    },
    (course) => toChangeCursor(course.changeAt!, course.id),
  );
}

export const CHANGES_NOT_ALLOWED = 'Only admins and API keys with the catalog:read scope can read the catalogue’s changes (updatedSince, after).';

/** A page of the published courses (in one language when asked), newest first, for the legacy list paths. */
export async function listAllCourses(db: DataSource, page: PageRequest, language?: CourseLanguage): Promise<Course[]> {
  const qb = publishedCourses(db);
  if (language) qb.andWhere('course.language = :language', { language });
  return qb.orderBy('course.createdAt', 'DESC').addOrderBy('course.id', 'ASC').offset(page.offset).limit(page.limit).getMany();
}

/** One published course, or null when the id is unknown or not a course id at all. */
export async function findCourse(db: DataSource, id: string): Promise<Course | null> {
  if (!isUuid(id)) return null;
  const courses = entityReader(db, Course);
  return courses.one(`SELECT ${courses.selectList} FROM "course" WHERE ${visibleCourse()} AND "id" = $1`, [id]);
}

export const SEARCH_DEFAULT_LIMIT = 20;

/**
 * Ranked search over name, instructor and description (rules in course.search.ts; texts compared
 * in the form of search-text.ts), a page at a time. When nothing matches every word, close matches
 * of misspelt words are answered instead (closeMatches), so they never rank above exact matches. A
 * rare word is answered by ranking its few matches; a common one by walking the name index tier by
 * tier. How common the words are is judged on a sample of the catalogue (search-word-sample.ts)
 * and, when the sample cannot tell, by counting up to DIRECT_RANKING_MAX + 1 matches first.
 * `fields`: the course properties the caller reads (all when undefined).
 */
export async function searchCoursePage(
  db: DataSource,
  text: string,
  paging: { offset?: number; limit?: number },
  fields?: ReadonlySet<string>,
  language?: CourseLanguage | null,
): Promise<Page<PartialCourse>> {
  const page = parsePage(paging.offset, paging.limit, SEARCH_DEFAULT_LIMIT);
  const parsed = parseSearchText(text);
  const words = judgeSearchWords(db, parsed.terms);
  const search = { ...parsed, common: words.common, language };
  const courses = entityReader(db, Course);
  const selectList = courses.selectListOf(fields);
  const exact = words.matchesMany
    ? { statement: walkTiers(search, page.limit, selectList, page.offset), count: null }
    : await rankOrWalk(db, search, page, selectList);
  const countExact = async () => exact.count ?? (await countRows(db, countMatches(search)));
  if (exact.statement) {
    const found = await courses.manyPartial(exact.statement.sql, exact.statement.parameters);
    // A page past the last match is empty, but the search did find something: no guessing then.
    if (found.length > 0 || (page.offset > 0 && (await countExact()) > 0)) {
      return fetchPage(page, () => Promise.resolve(found), countExact);
    }
  }
  // Nothing holds every word as typed: perhaps a word is misspelt.
  const close = closeMatches(search, page.limit, selectList, page.offset);
  const countClose = countCloseMatches(search);
  return fetchPage(
    page,
    async () => (close ? withWordSimilarity(db, CLOSE_WORD_MIN_SIMILARITY, (manager) => courses.manyPartial(close.sql, close.parameters, manager)) : []),
    async () => (countClose ? withWordSimilarity(db, CLOSE_WORD_MIN_SIMILARITY, (manager) => countRows(manager, countClose)) : 0),
  );
}

/** The first page of searchCoursePage, as a plain list (the deprecated `searchCourses` and older callers). */
export async function searchCourses(db: DataSource, text: string, limit?: number): Promise<Course[]>;
export async function searchCourses(
  db: DataSource,
  text: string,
  limit: number,
  fields: ReadonlySet<string> | undefined,
  language?: CourseLanguage | null,
): Promise<PartialCourse[]>;
export async function searchCourses(
  db: DataSource,
  text: string,
  limit = SEARCH_DEFAULT_LIMIT,
  fields?: ReadonlySet<string>,
  language?: CourseLanguage | null,
): Promise<PartialCourse[]> {
  return (await searchCoursePage(db, text, { offset: 0, limit }, fields, language)).items;
}

async function countRows(via: Pick<DataSource, 'query'>, statement: Statement): Promise<number> {
  const rows: Array<{ count: number }> = await via.query(statement.sql, statement.parameters);
  return rows[0].count;
}

/** Runs `read` in a transaction where pg_trgm's `<%` means a word similarity of at least `threshold`. */
function withWordSimilarity<T>(db: DataSource, threshold: number, read: (manager: EntityManager) => Promise<T>): Promise<T> {
  return db.transaction(async (manager) => {
    await manager.query(`SET LOCAL pg_trgm.word_similarity_threshold = ${Number(threshold)}`);
    return read(manager);
  });
}

export const SUGGESTIONS_MAX = 5;

/** Close matches for a search that found nothing: published courses with a name near the text. */
export async function suggestCourses(db: DataSource, text: string, limit = 3, fields?: ReadonlySet<string>): Promise<PartialCourse[]> {
  if (!Number.isInteger(limit) || limit < 1 || limit > SUGGESTIONS_MAX) {
    throw badInput(`limit must be a whole number from 1 to ${SUGGESTIONS_MAX}`, { field: 'limit' });
  }
  const courses = entityReader(db, Course);
  const { sql, parameters } = similarNames(parseSearchText(text), limit, courses.selectListOf(fields));
  return withWordSimilarity(db, SUGGESTION_MIN_SIMILARITY, (manager) => courses.manyPartial(sql, parameters, manager));
}

/**
 * Counts up to DIRECT_RANKING_MAX + 1 matches, then ranks them directly (their count known) or walks
 * the name index; no statement when none match.
 */
async function rankOrWalk(
  db: DataSource,
  search: ParsedSearch,
  page: PageRequest,
  selectList: string,
): Promise<{ statement: Statement | null; count: number | null }> {
  const ids = matchingIds(search);
  const matches: Array<{ id: string }> = await db.query(ids.sql, ids.parameters);
  if (matches.length === 0) return { statement: null, count: 0 };
  return matches.length <= DIRECT_RANKING_MAX
    ? {
        statement: rankMatches(
          search,
          matches.map((match) => match.id),
          page.limit,
          selectList,
          page.offset,
        ),
        count: matches.length,
      }
    : { statement: walkTiers(search, page.limit, selectList, page.offset), count: null };
}

/** Per request: courses by id, published or not (an owner still sees a course taken off sale), in one query. */
export function createCourseByIdLoader(db: DataSource): DataLoader<string, Course | null> {
  return new DataLoader(async (ids: readonly string[]) => {
    const reader = entityReader(db, Course);
    const courses = await reader.many(`SELECT ${reader.selectList} FROM "course" WHERE "id" = ANY($1)`, [[...ids]]);
    const byId = new Map(courses.map((course) => [course.id, course]));
    return ids.map((id) => byId.get(id) ?? null);
  });
}

/** Courses to suggest to a student: published, not owned, trending first. */
/** The home page's figures (published courses, students, instructors), counted now. */
export async function readCatalogueFigures(db: DataSource): Promise<CatalogueFigures> {
  const [figures] = await readDirect<CatalogueFigures>(db, CATALOGUE_FIGURES_SQL, []);
  return figures;
}

/**
 * Courses to suggest. For a signed-in student, ones they do not own that fit what they study: first
 * the courses of the classes they study (their school courses' classes), then those whose names are
 * close to their courses' (the same subject: "Physics for Class 9" → "Physics for Class 10"), then
 * their courses' kind (school or professional) and language, each tie broken by trending, newest.
 * For a visitor, or a student with no course yet (in their page's language first): trending, newest.
 */
export async function recommendCourses(db: DataSource, studentId: string | null, limit: number, language: CourseLanguage | null = null): Promise<Course[]> {
  if (!Number.isInteger(limit) || limit < 1 || limit > 12) throw badInput('limit must be a whole number from 1 to 12', { field: 'limit' });
  const qb = publishedCourses(db);
  if (!studentId) return qb.orderBy('course.trending', 'DESC').addOrderBy('course.createdAt', 'DESC').addOrderBy('course.id', 'ASC').limit(limit).getMany();
  const studied = await db.query<Array<{ classLevel: number | null; category: string; language: string; searchName: string }>>(
    `SELECT c."classLevel", c."category", c."language", c."searchName" FROM "enrollment" e JOIN "course" c ON c."id" = e."courseId"
      WHERE e."studentId" = $1 AND e."revokedAt" IS NULL ORDER BY e."createdAt" DESC LIMIT 20`,
    [studentId],
  );
  qb.andWhere(`NOT EXISTS (SELECT 1 FROM enrollment e WHERE e."courseId" = course.id AND e."studentId" = :studentId AND e."revokedAt" IS NULL)`, { studentId });
  if (studied.length === 0) {
    if (language) qb.addOrderBy(`(course.language = :language)`, 'DESC').setParameter('language', language);
    return qb.addOrderBy('course.trending', 'DESC').addOrderBy('course.createdAt', 'DESC').addOrderBy('course.id', 'ASC').limit(limit).getMany();
  }
  const classes = [...new Set(studied.map((row) => row.classLevel).filter((level): level is number => level !== null))];
  const names = [...new Set(studied.map((row) => row.searchName).filter(Boolean))];
  const kinds = [...new Set(studied.map((row) => row.category))];
  const languages = [...new Set(studied.map((row) => row.language))];
  // The candidates: the classes' courses, courses with close names (the name trigram index), and the
  // newest; ranked by how well they fit.
  const candidates = await db.query<Array<{ id: string }>>(
    `SELECT c."id" FROM "course" c WHERE ${visibleCourse('c')} AND c."classLevel" = ANY($1::int[])
     UNION SELECT c."id" FROM "course" c WHERE ${visibleCourse('c')} AND (c."searchName" COLLATE "C") % ANY($2::text[])
     UNION (SELECT c."id" FROM "course" c WHERE ${visibleCourse('c')} ORDER BY c."trending" DESC, c."createdAt" DESC LIMIT 100)`,
    [classes, names],
  );
  if (candidates.length === 0) return [];
  return qb
    .andWhere('course.id IN (:...candidates)', { candidates: candidates.map((row) => row.id) })
    .orderBy(`COALESCE(course."classLevel" = ANY(CAST(:classes AS int[])), false)`, 'DESC')
    .addOrderBy(`COALESCE((SELECT max(similarity(course."searchName", n)) FROM unnest(CAST(:names AS text[])) AS n), 0)`, 'DESC')
    .addOrderBy(`(CAST(course.category AS text) = ANY(CAST(:kinds AS text[])))`, 'DESC')
    .addOrderBy(`(CAST(course.language AS text) = ANY(CAST(:languages AS text[])))`, 'DESC')
    .addOrderBy('course.trending', 'DESC')
    .addOrderBy('course.createdAt', 'DESC')
    .addOrderBy('course.id', 'ASC')
    .setParameters({ classes, names, kinds, languages })
    .limit(limit)
    .getMany();
}
