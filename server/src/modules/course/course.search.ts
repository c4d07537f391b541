import { SqlParameters } from '../../db/sql-parameters';
import { badInput, textTooLong } from '../../shared/errors';
import { escapeLike } from '../../shared/text-rules';
import type { CourseLanguage } from './course.enums';
import { classTermPattern, searchTerms, searchText } from './search-text';
import { visibleCourse } from './course-visibility';

export const MAX_SEARCH_LENGTH = 100;
export const MAX_SEARCH_TERMS = 8;
/** Up to this many matches are ranked directly; beyond it, the name index is walked tier by tier. */
export const DIRECT_RANKING_MAX = 200;

/** A course's searched text (name, instructor, description) in the form search compares (search-text.ts); under the "course_search_trgm" index. */
export const SEARCH_DOCUMENT = `c."searchDocument"`;
/** The name in that form; must match the expressions of the "course_search_name_*" indexes (SearchTextBangla migration). */
const NAME_KEY = `(c."searchName" COLLATE "C")`;
/**
 * That name with every number padded to 12 digits, so that names sort in natural order:
 * "Class 3" before "Class 10".
 */
const naturalNameKey = (
  table: string,
) => `((SELECT string_agg(CASE WHEN m.part[1] ~ '^[0-9]' THEN lpad(m.part[1], GREATEST(length(m.part[1]), 12), '0') ELSE m.part[1] END, '' ORDER BY m.n)
  FROM regexp_matches(${table}."searchName", '[0-9]+|[^0-9]+', 'g') WITH ORDINALITY AS m(part, n)) COLLATE "C")`;
const NATURAL_NAME_KEY = naturalNameKey('c');

export interface ParsedSearch {
  phrase: string;
  terms: string[];
  /** Terms found in most courses (search-word-sample.ts): checked on the rows the others found, not in the index. */
  common?: ReadonlySet<string>;
  /** Only courses taught in this language. */
  language?: CourseLanguage | null;
}

/** The published courses a search may answer: all, or those taught in its language. */
function searchable(search: ParsedSearch, parameters: SqlParameters): string {
  return search.language ? `${visibleCourse('c')} AND c."language" = ${parameters.add(search.language)}` : visibleCourse('c');
}

export interface Statement {
  sql: string;
  parameters: unknown[];
}

/** Splits the visitor's text, in the form search compares (search-text.ts), into words; refuses empty or oversized searches. */
export function parseSearchText(text: string): ParsedSearch {
  if (text.trim().length > MAX_SEARCH_LENGTH) {
    throw textTooLong(`Search text must be at most ${MAX_SEARCH_LENGTH} characters`, 'text', MAX_SEARCH_LENGTH);
  }
  const phrase = searchText(text).trim().replace(/\s+/g, ' ');
  if (phrase.length === 0) throw badInput('Type something to search for', { field: 'text' });
  const terms = [...new Set(searchTerms(phrase))].slice(0, MAX_SEARCH_TERMS);
  return { phrase, terms };
}

/**
 * A term found in the name, instructor or description: a word as a whole or part of a word, a class
 * only as that class (search-text.ts). A common word is tested with strpos, which the trigram index
 * cannot answer, so PostgreSQL tests it on the rows that the other words found in the index.
 */
function termTest(search: ParsedSearch, term: string, parameters: SqlParameters): string {
  const classPattern = classTermPattern(term);
  // The trigram index cannot narrow the class's pattern (its digit must not be followed by another),
  // so the plain text of the class, which it can, comes first: at 100,000 courses "class 9" leaves
  // about 9,000 rows to check instead of 42,000.
  if (classPattern !== null)
    return `${SEARCH_DOCUMENT} LIKE ${parameters.add(`%${escapeLike(term)}%`)} AND ${SEARCH_DOCUMENT} ~ ${parameters.add(classPattern)}`;
  return search.common?.has(term)
    ? `strpos(${SEARCH_DOCUMENT}, ${parameters.add(term)}) > 0`
    : `${SEARCH_DOCUMENT} LIKE ${parameters.add(`%${escapeLike(term)}%`)}`;
}

/** Every term must be found. */
function everyTerm(search: ParsedSearch, parameters: SqlParameters): string {
  return search.terms.map((term) => termTest(search, term, parameters)).join(' AND ');
}

/**
 * The ranking, best first: names starting with the whole phrase, names containing it, then the
 * other matches; in natural order of the lower-cased name within a tier.
 */
function tiers(search: ParsedSearch, parameters: SqlParameters) {
  const prefix = parameters.add(`${escapeLike(search.phrase)}%`);
  const anywhere = parameters.add(`%${escapeLike(search.phrase)}%`);
  return [
    { rank: 2, nameTest: `${NAME_KEY} LIKE ${prefix}` },
    { rank: 1, nameTest: `${NAME_KEY} LIKE ${anywhere}` },
    { rank: 0, nameTest: 'true' },
  ];
}

/** How close a course name must be to a search that found nothing to be suggested (pg_trgm word similarity, 0 to 1). */
export const SUGGESTION_MIN_SIMILARITY = 0.3;

/**
 * Published courses whose names hold something close to the phrase (a misspelt word, a missing
 * letter), closest first. Runs after SET LOCAL pg_trgm.word_similarity_threshold, so that the `<%`
 * test can use the names' trigram index.
 */
export function similarNames(search: ParsedSearch, limit: number, selectList: string): Statement {
  const parameters = new SqlParameters();
  const phrase = parameters.add(search.phrase);
  const sql = `SELECT ${selectList} FROM "course" c WHERE ${visibleCourse('c')} AND ${phrase} <% ${NAME_KEY}
    ORDER BY word_similarity(${phrase}, ${NAME_KEY}) DESC, ${NATURAL_NAME_KEY}, c."id" LIMIT ${parameters.add(limit)}`;
  return { sql, parameters: parameters.values };
}

/**
 * Words at least this long may be misspelt: a search that matches nothing exactly looks for words
 * close to them. Numbers are never guessed ("class 9" is not "class 8"), nor words common in the
 * catalogue (they are spelt right, and their trigrams are in most courses).
 */
export const CLOSE_WORD_MIN_LENGTH = 4;
const mayBeMisspelt = (search: ParsedSearch, term: string) =>
  [...term].length >= CLOSE_WORD_MIN_LENGTH && !/^[0-9]+$/.test(term) && classTermPattern(term) === null && !search.common?.has(term);
/** How close (pg_trgm word similarity, 0 to 1) a word must be to a misspelt one: "phisics" is 0.45 from "physics". */
export const CLOSE_WORD_MIN_SIMILARITY = 0.45;

/**
 * For a search that matched nothing exactly: published courses in which every word appears, or,
 * for a word that may be misspelt, a word close to it, so "phisics" finds Physics. Runs after SET LOCAL pg_trgm.word_similarity_threshold = CLOSE_WORD_MIN_SIMILARITY, so
 * that the `<%` test is answered by the trigram index. Names closest to the phrase first, then the
 * closest texts. Null when no word is long enough to be misspelt.
 */
export function closeMatches(search: ParsedSearch, limit: number, selectList: string, offset = 0): Statement | null {
  const close = closeConditions(search);
  if (!close) return null;
  const { parameters, where, closeWords } = close;
  const closeness = closeWords.map((term) => `word_similarity(${parameters.add(term)}, ${SEARCH_DOCUMENT})`).join(' + ');
  const sql = `SELECT ${selectList} FROM "course" c WHERE ${where}
    ORDER BY word_similarity(${parameters.add(search.phrase)}, ${NAME_KEY}) DESC, ${closeness} DESC, ${NATURAL_NAME_KEY}, c."id" LIMIT ${parameters.add(limit)} OFFSET ${parameters.add(offset)}`;
  return { sql, parameters: parameters.values };
}

/** How many close matches closeMatches pages through (run under the same similarity threshold); null as there. */
export function countCloseMatches(search: ParsedSearch): Statement | null {
  const close = closeConditions(search);
  return close ? { sql: `SELECT count(*)::int AS "count" FROM "course" c WHERE ${close.where}`, parameters: close.parameters.values } : null;
}

function closeConditions(search: ParsedSearch) {
  const closeWords = search.terms.filter((term) => mayBeMisspelt(search, term));
  if (closeWords.length === 0) return null;
  const parameters = new SqlParameters();
  const conditions = search.terms.map((term) => {
    const exact = termTest({ terms: search.terms, phrase: search.phrase }, term, parameters);
    return closeWords.includes(term) ? `(${exact} OR ${parameters.add(term)} <% ${SEARCH_DOCUMENT})` : exact;
  });
  return { parameters, closeWords, where: `${searchable(search, parameters)} AND ${conditions.join(' AND ')}` };
}

/** The ids of up to DIRECT_RANKING_MAX + 1 published matches, in no order. */
export function matchingIds(search: ParsedSearch): Statement {
  const parameters = new SqlParameters();
  const sql = `SELECT c."id" FROM "course" c WHERE ${searchable(search, parameters)} AND ${everyTerm(search, parameters)} LIMIT ${DIRECT_RANKING_MAX + 1}`;
  return { sql, parameters: parameters.values };
}

/** How many published courses hold every word (for a page's total). */
export function countMatches(search: ParsedSearch): Statement {
  const parameters = new SqlParameters();
  const sql = `SELECT count(*)::int AS "count" FROM "course" c WHERE ${searchable(search, parameters)} AND ${everyTerm(search, parameters)}`;
  return { sql, parameters: parameters.values };
}

/** The `limit` matches after the first `offset` of a few (found by matchingIds), ranked; `selectList` from the course reader. */
export function rankMatches(search: ParsedSearch, ids: string[], limit: number, selectList: string, offset = 0): Statement {
  const parameters = new SqlParameters();
  const whens = tiers(search, parameters)
    .map(({ rank, nameTest }) => `WHEN ${nameTest} THEN ${rank}`)
    .join(' ');
  const sql = `SELECT ${selectList} FROM "course" c WHERE ${visibleCourse('c')} AND c."id" = ANY(${parameters.add(ids)})
    ORDER BY CASE ${whens} END DESC, ${NATURAL_NAME_KEY}, c."id" LIMIT ${parameters.add(limit)} OFFSET ${parameters.add(offset)}`;
  return { sql, parameters: parameters.values };
}

/**
 * The best `limit` matches among many, after the first `offset`: each tier is its own bounded query,
 * so PostgreSQL walks the name index until it has `offset + limit` rows instead of ranking every
 * match (a word found in nearly every course took seconds at 100,000 courses when ranked in one
 * piece). The index holds plain alphabetical order: pages are cut in that order (tier, then name),
 * so every match is on exactly one page, and a page's rows are then put in natural order among
 * themselves. A tier is read only when the better ones left the page short: otherwise none of its
 * rows could be shown, and a tier with few rows would walk the whole index to find them.
 */
export function walkTiers(search: ParsedSearch, limit: number, selectList: string, offset = 0): Statement {
  const parameters = new SqlParameters();
  const terms = everyTerm(search, parameters);
  const courses = searchable(search, parameters);
  const reach = parameters.add(offset + limit);
  const all = tiers(search, parameters);
  const walks = all.map(({ rank, nameTest }, i) => {
    const notBetter = all.slice(0, i).map((better) => `NOT (${better.nameTest})`);
    const betterRows = all.slice(0, i).map((_, j) => `(SELECT count(*) FROM "tier${j}")`);
    const needed = betterRows.length > 0 ? [`${betterRows.join(' + ')} < ${reach}`] : [];
    return `"tier${i}" AS (SELECT c."id", ${rank} AS "tier", ${NAME_KEY} AS "key" FROM "course" c
        WHERE ${[...needed, courses, nameTest, ...notBetter, terms].join(' AND ')}
        ORDER BY ${NAME_KEY}, c."id" LIMIT ${reach})`;
  });
  const ranked = all.map((_, i) => `SELECT * FROM "tier${i}"`).join(' UNION ALL ');
  const sql = `WITH ${walks.join(', ')}, "page" AS (SELECT * FROM (${ranked}) ranked ORDER BY "tier" DESC, "key", "id" LIMIT ${parameters.add(limit)} OFFSET ${parameters.add(offset)})
    SELECT ${selectList} FROM "course" JOIN "page" USING ("id")
    ORDER BY "page"."tier" DESC, ${naturalNameKey('"course"')}, "page"."key", "id"`;
  return { sql, parameters: parameters.values };
}
