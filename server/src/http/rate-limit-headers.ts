import type { NextFunction, Request, Response } from 'express';
import { noteLimitsInto, rateLimitHeaders, type LimitStanding } from '../shared/rate-limit';

/**
 * Every answer to a request that a rate limit counted (an API key's requests, sign-in, sign-up,
 * forms...) carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`, and a refusal
 * `Retry-After` too: written as the headers leave, from what `shared/rate-limit.ts` noted.
 */
export function rateLimitHeadersOnAnswers() {
  return (_req: Request, res: Response, next: NextFunction) => {
    const record: { standing?: LimitStanding } = {};
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    res.writeHead = ((...args: unknown[]) => {
      if (record.standing && !res.headersSent) for (const [name, value] of Object.entries(rateLimitHeaders(record.standing))) res.setHeader(name, value);
      return writeHead(...args);
    }) as Response['writeHead'];
    noteLimitsInto(record, next);
  };
}
