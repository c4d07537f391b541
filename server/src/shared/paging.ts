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
 * A position in a list that changes while it is read (`after`): the last item's id, opaque to
 * clients. The next page starts after that item wherever new items were added meanwhile.
 */
export const toCursor = (id: string): string => Buffer.from(`v1:${id}`).toString('base64url');

/** The id behind a cursor, or a clear refusal for anything that is not one. */
export function fromCursor(cursor: string, field = 'after'): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^v1:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(text);
  if (!match) throw badInput(`${field} must be an endCursor from an earlier page of this list`, { field });
  return match[1];
}
