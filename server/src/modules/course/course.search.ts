import type { SelectQueryBuilder } from 'typeorm';
import { badInput } from '../../shared/errors';
import { escapeLike } from '../../shared/text-rules';
import type { Course } from './course.entity';

export const MAX_SEARCH_LENGTH = 100;
export const MAX_SEARCH_TERMS = 8;

/** Must match the expression of the "course_search_trgm" index in the migrations. */
const searchDocumentSql = `lower(course."name" || ' ' || course."instructor" || ' ' || course."description")`;

/** Splits the visitor's text into lower-cased words; refuses empty or oversized searches. */
export function parseSearchText(text: string): { phrase: string; terms: string[] } {
  const phrase = text.trim().replace(/\s+/g, ' ').toLowerCase();
  if (phrase.length === 0) throw badInput('Type something to search for', { field: 'text' });
  if (phrase.length > MAX_SEARCH_LENGTH) {
    throw badInput(`Search text must be at most ${MAX_SEARCH_LENGTH} characters`, { field: 'text' });
  }
  const terms = [...new Set(phrase.split(' '))].slice(0, MAX_SEARCH_TERMS);
  return { phrase, terms };
}

/**
 * Every word must appear (as a whole or part of a word) in the name, instructor or description,
 * case-insensitively; the trigram index serves the LIKE tests. Results are ranked: the whole phrase
 * in the name first, then names starting with it, then by trigram similarity to the name.
 */
export function applySearch(qb: SelectQueryBuilder<Course>, text: string): SelectQueryBuilder<Course> {
  const { phrase, terms } = parseSearchText(text);
  terms.forEach((term, i) => {
    qb.andWhere(`${searchDocumentSql} LIKE :term${i}`, { [`term${i}`]: `%${escapeLike(term)}%` });
  });
  return qb
    .addSelect(
      `(CASE WHEN lower(course."name") LIKE :prefix THEN 2 WHEN lower(course."name") LIKE :anywhere THEN 1 ELSE 0 END)
        + word_similarity(:phrase, lower(course."name"))`,
      'rank',
    )
    .setParameters({ phrase, prefix: `${escapeLike(phrase)}%`, anywhere: `%${escapeLike(phrase)}%` })
    .orderBy('rank', 'DESC')
    .addOrderBy('course.name', 'ASC')
    .addOrderBy('course.id', 'ASC');
}
