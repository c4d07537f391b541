import type { Request } from 'express';
import { MAX_OFFSET, MAX_PAGE_SIZE, parsePage, type PageRequest } from '../shared/paging';
import type { ParameterDoc } from '../shared/route-docs';
import { wholeNumberOf } from '../shared/digits';

/**
 * The page a legacy list answers: `offset` (default 0) and `limit` (default and most: MAX_PAGE_SIZE)
 * from the query string, checked like GraphQL's. The answer keeps the old shape, a plain array.
 */
export function legacyPage(req: Request): PageRequest {
  const wholeNumber = (name: string) => {
    const raw = req.query[name];
    if (raw === undefined) return undefined;
    return typeof raw === 'string' ? wholeNumberOf(raw, 7) : NaN;
  };
  return parsePage(wholeNumber('offset'), wholeNumber('limit'), MAX_PAGE_SIZE);
}

/** The query parameters `legacyPage` reads, as route descriptions give them (the same limits). */
export const LEGACY_PAGE_QUERY: Readonly<Record<string, ParameterDoc>> = {
  offset: {
    description: `How many items to skip (default 0); digits may be Bangla (০-৯)`,
    schema: { type: 'integer', minimum: 0, maximum: MAX_OFFSET, default: 0 },
  },
  limit: {
    description: `How many items at most (default and most: ${MAX_PAGE_SIZE}); a value out of range answers 400 BAD_USER_INPUT`,
    schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: MAX_PAGE_SIZE },
  },
};
