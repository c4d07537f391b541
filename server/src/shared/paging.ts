import { badInput } from './errors';

export interface PageRequest {
  offset: number;
  limit: number;
}

export const MAX_PAGE_SIZE = 50;
export const MAX_OFFSET = 100_000;

/** Checks paging arguments from any transport; out-of-range values are refused, not clamped. */
export function parsePage(offset: number | undefined, limit: number | undefined, defaultLimit = 12): PageRequest {
  const page = { offset: offset ?? 0, limit: limit ?? defaultLimit };
  if (!Number.isInteger(page.offset) || page.offset < 0 || page.offset > MAX_OFFSET) {
    throw badInput(`offset must be a whole number from 0 to ${MAX_OFFSET}`, { field: 'offset' });
  }
  if (!Number.isInteger(page.limit) || page.limit < 1 || page.limit > MAX_PAGE_SIZE) {
    throw badInput(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`, { field: 'limit' });
  }
  return page;
}

export interface Page<T> {
  items: T[];
  offset: number;
  limit: number;
  /** The number of matches over all pages; counted only when asked for. */
  countTotal(): Promise<number>;
  /** Whether items follow this page, when the list knows it without the total (a list read from a cursor). */
  more?: boolean;
  /** Where a list read from a cursor stands after this page (its last item); null for an empty page. */
  endCursor?: string | null;
}

/** Runs the page query now and keeps the count query for when a client asks for the total. */
export async function fetchPage<T>(page: PageRequest, fetchItems: () => Promise<T[]>, count: () => Promise<number>): Promise<Page<T>> {
  let counted: Promise<number> | undefined;
  return {
    items: await fetchItems(),
    ...page,
    countTotal: () => (counted ??= count()),
  };
}

/**
 * A page of a list read from a cursor (`after`). `fetchItems(n)` reads up to n items after the
 * cursor (one more than the page, to know whether more follow); `count` counts everything the
 * filter matches, the cursor aside, so `total` means the same on every page; `cursorOf` is the
 * position of an item, for `endCursor`.
 */
export async function fetchCursorPage<T>(
  page: PageRequest,
  fetchItems: (limit: number) => Promise<T[]>,
  count: () => Promise<number>,
  cursorOf: (item: T) => string,
): Promise<Page<T>> {
  const read = await fetchItems(page.limit + 1);
  const items = read.slice(0, page.limit);
  let counted: Promise<number> | undefined;
  const last = items.at(-1);
  return { items, ...page, countTotal: () => (counted ??= count()), more: read.length > page.limit, endCursor: last === undefined ? null : cursorOf(last) };
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const CURSOR_UNKNOWN = 'after must be an endCursor from an earlier page of this list';

/**
 * A position in a list that changes while it is read (`after`): the last item's id, opaque to
 * clients. The next page starts after that item wherever new items were added meanwhile.
 */
export const toCursor = (id: string): string => Buffer.from(`v1:${id}`).toString('base64url');

/**
 * A position in a list of changes (read with `updatedSince`), ordered by (updatedAt, id): the last
 * item's updatedAt in microseconds since 1970 (PostgreSQL keeps microseconds, JavaScript dates only
 * milliseconds) and its id.
 */
export const toChangeCursor = (updatedAtMicros: string, id: string): string => Buffer.from(`v2:${updatedAtMicros}:${id}`).toString('base64url');

export type Cursor = { kind: 'id'; id: string } | { kind: 'change'; updatedAtMicros: string; id: string };

/** What a cursor holds, or a clear refusal for anything that is not one. */
export function parseCursor(cursor: string, field = 'after'): Cursor {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const byId = new RegExp(`^v1:(${UUID})$`, 'i').exec(text);
  if (byId) return { kind: 'id', id: byId[1] };
  const byChange = new RegExp(`^v2:(\\d{1,18}):(${UUID})$`, 'i').exec(text);
  if (byChange) return { kind: 'change', updatedAtMicros: byChange[1], id: byChange[2] };
  throw badInput(CURSOR_UNKNOWN, { field });
}

/** The id behind an id cursor (`toCursor`), or a clear refusal for anything else. */
export function fromCursor(cursor: string, field = 'after'): string {
  const parsed = parseCursor(cursor, field);
  if (parsed.kind !== 'id') throw badInput(CURSOR_UNKNOWN, { field });
  return parsed.id;
}
