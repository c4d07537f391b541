import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { countInto } from '../db/query-counter';
import type { AppLogger } from '../logger';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: AppLogger;
    /** Fields for this request's access log line, added by what handles it (GraphQL's operation name). */
    logFields: Record<string, unknown>;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Gives each request an id (kept from X-Request-Id when sane), a child logger and one access log line. */
export function requestContext(log: AppLogger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get('x-request-id');
    req.id = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    req.log = log.child({ requestId: req.id });
    req.logFields = {};
    res.setHeader('X-Request-Id', req.id);
    const started = process.hrtime.bigint();
    const tally = { statements: 0 };
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      req.log.info(
        {
          method: req.method,
          // The whole path: inside a mounted router (`/graphql`), req.path is only what follows the mount point.
          path: loggedPath(req.originalUrl),
          ...req.logFields,
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
          sql: tally.statements,
        },
        'request',
      );
    });
    countInto(tally, next);
  };
}

/**
 * The path as the access log keeps it: no query string, and no signed stream token (an address with
 * one plays for anyone until it expires, so it is a secret like a password).
 */
export function loggedPath(url: string): string {
  return url.split('?')[0].replace(/^(\/media\/lessons\/[^/]+\/)[^/]+/, '$1[token]');
}
