import type { DataSource } from 'typeorm';
import { uncounted } from '../../db/query-counter';
import { SEARCH_DOCUMENT } from './course.search';
import { holdsTerm } from './search-text';
import { visibleCourse } from './course-visibility';

/** About this many published courses, drawn at random, tell how common a search word is. */
export const SAMPLE_SIZE = 1000;
/** With fewer sampled courses the catalogue is small, and every word is looked up in the index. */
export const MIN_SAMPLE = 100;
/** A word found in at least this share of the sample is common. */
export const COMMON_SHARE = 0.2;
const MAX_AGE_MS = 10 * 60_000;

const SAMPLE_SQL = `SELECT ${SEARCH_DOCUMENT} AS "document" FROM "course" c
  TABLESAMPLE BERNOULLI (least(100, 100.0 * ${SAMPLE_SIZE} / greatest((SELECT "reltuples" FROM "pg_class" WHERE "oid" = '"course"'::regclass), 1)))
  WHERE ${visibleCourse('c')} LIMIT ${2 * SAMPLE_SIZE}`;

export interface WordJudgement {
  /**
   * The words found in most courses, save the rarest: a word like "class" or "learn" narrows the
   * matches little but makes PostgreSQL read most of the trigram index, so it is better checked on
   * the rows that the rarer words found.
   */
  common: Set<string>;
  /** Whether a common share of the courses holds every word: the matches need no counting first. */
  matchesMany: boolean;
}

/** At most this many words' shares are kept per sample (search text is anyone's to type). */
const MAX_KEPT_WORDS = 10_000;

/**
 * How common a search's words are in `documents`, a sample of the catalogue. `shares`: each word's
 * share of the sample, kept from earlier searches on the same sample (filled here), so a word is
 * checked against every sampled course only once per sample.
 */
export function judgeWords(terms: readonly string[], documents: readonly string[], shares = new Map<string, number>()): WordJudgement {
  if (documents.length < MIN_SAMPLE) return { common: new Set(), matchesMany: false };
  const share = (holds: (document: string) => boolean) => documents.filter(holds).length / documents.length;
  const shareOf = (term: string) => {
    let known = shares.get(term);
    if (known === undefined) {
      known = share((document) => holdsTerm(document, term));
      if (shares.size < MAX_KEPT_WORDS) shares.set(term, known);
    }
    return known;
  };
  const wordShares = terms.map((term) => ({ term, share: shareOf(term) }));
  // The courses holding every word are no more than those holding any one of them.
  const matchesMany =
    wordShares.every((word) => word.share >= COMMON_SHARE) &&
    (terms.length === 1 || share((document) => terms.every((term) => holdsTerm(document, term))) >= COMMON_SHARE);
  if (terms.length < 2) return { common: new Set(), matchesMany };
  const rarest = wordShares.reduce((rarer, next) => (next.share < rarer.share ? next : rarer));
  return { common: new Set(wordShares.filter((word) => word !== rarest && word.share >= COMMON_SHARE).map((word) => word.term)), matchesMany };
}

interface Sample {
  documents: string[];
  /** Each word's share of these documents, as judged so far. */
  shares: Map<string, number>;
  takenAt: number;
  loading: Promise<void> | null;
}

const samples = new WeakMap<DataSource, Sample>();

function sampleOf(db: DataSource): Sample {
  let sample = samples.get(db);
  if (!sample) {
    sample = { documents: [], shares: new Map(), takenAt: 0, loading: null };
    samples.set(db, sample);
  }
  return sample;
}

/** Draws a sample; a failure keeps the old one, and a later search tries again. */
function draw(db: DataSource, sample: Sample): Promise<void> {
  sample.loading = uncounted(async () => {
    try {
      const rows: Array<{ document: string }> = await db.query(SAMPLE_SQL);
      sample.documents = rows.map((row) => row.document);
      sample.shares = new Map();
      sample.takenAt = Date.now();
    } catch {
      // The database is away or closing; searches still work without a sample, only slower.
    } finally {
      sample.loading = null;
    }
  });
  return sample.loading;
}

/** Draws a new sample of the catalogue as it is now, after any drawing already under way. */
export async function refreshWordSample(db: DataSource): Promise<void> {
  const sample = sampleOf(db);
  await sample.loading;
  await draw(db, sample);
}

/** How common a search's words are, by the current sample; a sample older than ten minutes is redrawn in the background. */
export function judgeSearchWords(db: DataSource, terms: readonly string[]): WordJudgement {
  const sample = sampleOf(db);
  if (Date.now() - sample.takenAt > MAX_AGE_MS && !sample.loading) void draw(db, sample);
  return judgeWords(terms, sample.documents, sample.shares);
}
