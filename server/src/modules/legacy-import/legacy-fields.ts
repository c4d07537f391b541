import { isUuid } from '../../shared/validation';

/**
 * Reading the old MongoDB documents' fields: texts, ids and dates as the mappers (legacy-course.ts,
 * legacy-documents.ts) take them. Each mapper answers the new model's fields, or the reason the
 * document cannot be imported. Nothing here touches the database.
 */
export type Mapped<T> = { legacyId: string; fields: T; notes?: string[] } | { legacyId: string | null; error: string };

/** What the mappers need from the run: the rate that proposes a price in the other currency. */
export interface MapOptions {
  usdToBdt: number;
}

export type Doc = Record<string, unknown>;

const MAX_TEXT = 20_000;

/** The first of `keys` that holds text (or a number), trimmed, whole. */
export function wholeText(doc: Doc, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = doc[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

/** As `wholeText`, at most MAX_TEXT characters (a course's texts are read whole and checked against the editor's limits). */
export function text(doc: Doc, ...keys: string[]): string | null {
  return wholeText(doc, ...keys)?.slice(0, MAX_TEXT) ?? null;
}

export function legacyIdOf(doc: Doc): string | null {
  const id = doc._id ?? doc.id;
  if (typeof id === 'string' && id.trim()) return id.trim();
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return null;
}

/** The old `id` (a UUID) is kept as the new id, so old links and references still find the row. */
export function keptId(doc: Doc): string | null {
  return typeof doc.id === 'string' && isUuid(doc.id) ? doc.id.toLowerCase() : null;
}

export function dateOf(doc: Doc, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = doc[key];
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  return null;
}

/**
 * Why PostgreSQL would refuse a text of the document, or null: a NUL character (text and jsonb
 * cannot hold U+0000) or half of a UTF-16 pair, which is not Unicode. Checked before anything is
 * written, so such a record is refused alone instead of failing its whole batch.
 */
export function unstorableText(value: unknown, at = ''): string | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return `a NUL character (\\u0000) in ${at || 'the document'}: PostgreSQL cannot store it`;
    if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value))
      return `half of a UTF-16 pair in ${at || 'the document'}: not Unicode text PostgreSQL can store`;
    return null;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const problem = unstorableText(item, `${at}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = unstorableText(key, at ? `a key of ${at}` : 'a key') ?? unstorableText(item, at ? `${at}.${key}` : key);
      if (problem) return problem;
    }
  }
  return null;
}

export function refuse(legacyId: string | null, reason: string): { legacyId: string | null; error: string } {
  return { legacyId, error: reason };
}

export function withId<T>(legacyId: string | null, fields: T): Mapped<T> {
  return legacyId ? { legacyId, fields } : refuse(legacyId, 'missing _id');
}
