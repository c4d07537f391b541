import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../shared/errors';
import { BODY_TOO_LARGE, SERVICE_UNAVAILABLE } from '../shared/error-codes';
import { translateMessage } from '../i18n/translate';
import { BODY_NOT_JSON, BODY_TOO_LARGE_MESSAGE, sendRefusal } from './graphql-refusal';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../shared/database-down';

export const ROUTE_NOT_FOUND = 'Route not found!';
export const SOMETHING_WENT_WRONG = 'Something went wrong!';
export const BAD_PERCENT_ENCODING = 'The address is not valid: a %-escape in it does not decode to text (write % itself as %25)';

export function notFoundHandler(_req: Request, res: Response) {
  res.status(404).json({ message: ROUTE_NOT_FOUND });
}

/** What of an AppError's data REST answers beside `code` (GraphQL carries it all in `extensions`). */
const restData = (details: Record<string, unknown> = {}) =>
  Object.fromEntries(Object.entries(details).filter(([key]) => key === 'field' || key === 'max' || key === 'retryAfterSeconds'));

/**
 * Domain errors keep their message, code (shared/error-codes.ts), category and data (`field`,
 * `max`); body errors say what was wrong; anything else is logged and masked.
 */
export function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction) {
  if (error instanceof AppError) {
    // Refused before GraphQL ran (a bearer token or API key that does not verify, a key past its limit).
    if (req.path === '/graphql') {
      sendRefusal(req, res, { status: error.httpStatus, message: error.message, code: error.code, data: error.details }, 'graphql');
      return;
    }
    res.status(error.httpStatus).json({ message: error.message, code: error.code, category: error.category, ...restData(error.details) });
    return;
  }
  const bodyError = error as { type?: string; status?: number };
  if (bodyError.type === 'entity.too.large') {
    sendRefusal(req, res, { status: 413, message: BODY_TOO_LARGE_MESSAGE, code: BODY_TOO_LARGE }, 'rest');
    return;
  }
  if (bodyError.type === 'entity.parse.failed') {
    sendRefusal(req, res, { status: 400, message: BODY_NOT_JSON, code: 'BAD_USER_INPUT' }, 'rest');
    return;
  }
  // The router could not decode a %-escape in the path (`/api/users/%ZZ`): the client's mistake.
  if (error instanceof URIError) {
    res.status(400).json({ message: BAD_PERCENT_ENCODING, code: 'BAD_USER_INPUT', category: 'BAD_USER_INPUT' });
    return;
  }
  // Other request errors that say they are the client's and safe to show (unsupported charset, aborted body...).
  const clientError = error as { status?: unknown; expose?: unknown; message?: unknown };
  if (typeof clientError.status === 'number' && clientError.status >= 400 && clientError.status < 500 && clientError.expose === true) {
    res.status(clientError.status).json({ message: String(clientError.message) });
    return;
  }
  if (isDatabaseUnavailable(error)) {
    req.log?.warn({ err: error }, 'database unavailable');
    res.setHeader('Retry-After', RETRY_AFTER_SECONDS);
    // On /graphql (a session read before GraphQL runs), an answer a GraphQL client reads: errors[] with the code.
    if (req.path === '/graphql')
      res.status(503).json({
        errors: [
          { message: translateMessage(req.language ?? 'en', DATABASE_UNAVAILABLE), extensions: { code: SERVICE_UNAVAILABLE, category: SERVICE_UNAVAILABLE } },
        ],
      });
    else res.status(503).json({ message: DATABASE_UNAVAILABLE });
    return;
  }
  const reference = crypto.randomUUID();
  req.log?.error({ err: error, reference }, 'unexpected error');
  res.status(500).json({ message: SOMETHING_WENT_WRONG, reference });
}
