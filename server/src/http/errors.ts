import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../shared/errors';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../shared/database-down';

export const ROUTE_NOT_FOUND = 'Route not found!';
export const SOMETHING_WENT_WRONG = 'Something went wrong!';
export const BAD_PERCENT_ENCODING = 'The address is not valid: a %-escape in it does not decode to text (write % itself as %25)';

export function notFoundHandler(_req: Request, res: Response) {
  res.status(404).json({ message: ROUTE_NOT_FOUND });
}

/** Domain errors keep their message; body errors say what was wrong; anything else is logged and masked. */
export function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction) {
  if (error instanceof AppError) {
    res.status(error.httpStatus).json({ message: error.message, code: error.code });
    return;
  }
  const bodyError = error as { type?: string; status?: number };
  if (bodyError.type === 'entity.too.large') {
    res.status(413).json({ message: 'The request body is too large' });
    return;
  }
  if (bodyError.type === 'entity.parse.failed') {
    res.status(400).json({ message: 'The request body is not valid JSON' });
    return;
  }
  // The router could not decode a %-escape in the path (`/api/users/%ZZ`): the client's mistake.
  if (error instanceof URIError) {
    res.status(400).json({ message: BAD_PERCENT_ENCODING, code: 'BAD_USER_INPUT' });
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
    res.status(503).json({ message: DATABASE_UNAVAILABLE });
    return;
  }
  const reference = crypto.randomUUID();
  req.log?.error({ err: error, reference }, 'unexpected error');
  res.status(500).json({ message: SOMETHING_WENT_WRONG, reference });
}
