import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { countInto } from '../db/query-counter';
import type { AppLogger } from '../logger';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: AppLogger;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Gives each request an id (kept from X-Request-Id when sane), a child logger and one access log line. */
export function requestContext(log: AppLogger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get('x-request-id');
    req.id = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    req.log = log.child({ requestId: req.id });
    res.setHeader('X-Request-Id', req.id);
    const started = process.hrtime.bigint();
    const tally = { statements: 0 };
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      req.log.info(
        { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10, sql: tally.statements },
        'request',
      );
    });
    countInto(tally, next);
  };
}
