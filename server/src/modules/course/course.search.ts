import type { SelectQueryBuilder } from 'typeorm';
import { badInput } from '../../shared/errors';
import { escapeLike } from '../../shared/text-rules';
import type { Course } from './course.entity';

export const MAX_SEARCH_LENGTH = 100;
export const MAX_SEARCH_TERMS = 8;
/** Up to this many matches are ranked directly; beyond it, the name index is walked tier by tier. */
export const DIRECT_RANKING_MAX = 200;

/** Must match the expression of the "course_search_trgm" index in the migrations. */
const documentSql = (alias: string) => `lower(${alias}."name" || ' ' || ${alias}."instructor" || ' ' || ${alias}."description")`;
/** Must match the expressions of the "course_search_name_*" indexes (SearchIndexes migration). */
const nameKeySql = (alias: string) => `(lower(${alias}."name") COLLATE "C")`;

/**
 * The ranking, best first: names starting with the whole phrase, names containing it, then the
 * other matches; alphabetical by lower-cased name within a tier.
 */
const tiers = (alias: string) => [
  { rank: 2, nameTest: `${nameKeySql(alias)} LIKE :prefix` },
  { rank: 1, nameTest: `${nameKeySql(alias)} LIKE :anywhere` },
  { rank: 0, nameTest: 'true' },
];

export interface ParsedSearch {
  phrase: string;
  terms: string[];
}

/** Splits the visitor's text into lower-cased words; refuses empty or oversized searches. */
export function parseSearchText(text: string): ParsedSearch {
  const phrase = text.trim().replace(/\s+/g, ' ').toLowerCase();
  if (phrase.length === 0) throw badInput('Type something to search for', { field: 'text' });
  if (phrase.length > MAX_SEARCH_LENGTH) {
    throw badInput(`Search text must be at most ${MAX_SEARCH_LENGTH} characters`, { field: 'text' });
  }
  const terms = [...new Set(phrase.split(' '))].slice(0, MAX_SEARCH_TERMS);
  return { phrase, terms };
}

function searchParameters({ phrase, terms }: ParsedSearch): Record<string, unknown> {
  const parameters: Record<string, unknown> = { prefix: `${escapeLike(phrase)}%`, anywhere: `%${escapeLike(phrase)}%` };
  terms.forEach((term, i) => (parameters[`term${i}`] = `%${escapeLike(term)}%`));
  return parameters;
}

/** Every word must appear (as a whole or part of a word) in the name, instructor or description. */
export function whereEveryTerm(qb: SelectQueryBuilder<Course>, search: ParsedSearch): SelectQueryBuilder<Course> {
  const document = documentSql(qb.alias);
  search.terms.forEach((_, i) => qb.andWhere(`${document} LIKE :term${i}`));
  return qb.setParameters(searchParameters(search));
}

/** Orders a small set of matches (found with whereEveryTerm) by the ranking. */
export function rankMatches(qb: SelectQueryBuilder<Course>, search: ParsedSearch): SelectQueryBuilder<Course> {
  const whens = tiers(qb.alias).map(({ rank, nameTest }) => `WHEN ${nameTest} THEN ${rank}`).join(' ');
  return qb
    .addSelect(`CASE ${whens} END`, 'search_tier')
    .addSelect(nameKeySql(qb.alias), 'search_key')
    .setParameters(searchParameters(search))
    .orderBy('search_tier', 'DESC')
    .addOrderBy('search_key', 'ASC')
    .addOrderBy(`${qb.alias}.id`, 'ASC');
}

/**
 * The best `limit` matches among many: each tier is its own bounded query, so PostgreSQL walks the
 * name index until it has `limit` rows instead of ranking every match (a word found in nearly every
 * course took seconds at 100,000 courses when ranked in one piece).
 */
export function walkTiers(qb: SelectQueryBuilder<Course>, search: ParsedSearch, limit: number): SelectQueryBuilder<Course> {
  const everyTerm = search.terms.map((_, i) => `${documentSql('c')} LIKE :term${i}`).join(' AND ');
  const ranked = tiers('c')
    .map(({ rank, nameTest }, i, all) => {
      const notBetter = all.slice(0, i).map((better) => `NOT (${better.nameTest})`);
      return `(SELECT c."id", ${rank} AS "tier", ${nameKeySql('c')} AS "key" FROM "course" c
        WHERE c."published" AND ${[nameTest, ...notBetter, everyTerm].join(' AND ')}
        ORDER BY ${nameKeySql('c')}, c."id" LIMIT :searchLimit)`;
    })
    .join(' UNION ALL ');
  return qb
    .innerJoin(`(${ranked})`, 'ranked', `ranked."id" = ${qb.alias}."id"`)
    .setParameters({ ...searchParameters(search), searchLimit: limit })
    .orderBy('ranked."tier"', 'DESC')
    .addOrderBy('ranked."key"', 'ASC')
    .addOrderBy(`${qb.alias}.id`, 'ASC');
}
