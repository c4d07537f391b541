import type { Request } from 'express';
import { MAX_PAGE_SIZE, parsePage, type PageRequest } from '../shared/paging';
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
