import type { NextFunction, Request, Response } from 'express';
import { errorCodes, BODY_TOO_LARGE, type ErrorCode } from '../shared/error-codes';
import { translateMessage } from '../i18n/translate';

/**
 * What the HTTP layer refuses on `/graphql` before Apollo Server reads the request (a text over
 * the limit, a NUL character, a body too large or not JSON) still answers as GraphQL does:
 * `{"errors":[{"message","extensions":{"code","category",…}}]}`, with the same HTTP status as on
 * REST, so a GraphQL client reads it like any other error. REST paths answer `{"message","code"}`.
 */
export type Refusal = { status: number; message: string; code: ErrorCode | typeof BODY_TOO_LARGE; data?: Record<string, unknown> };

export function sendRefusal(req: Request, res: Response, { status, message, code, data }: Refusal, shape: 'graphql' | 'rest'): void {
  const category = code === BODY_TOO_LARGE ? 'BAD_USER_INPUT' : errorCodes[code];
  if (shape === 'rest') {
    res.status(status).json({ message, code, category, ...data });
    return;
  }
  // GraphQL over HTTP: a client that prefers `application/graphql-response+json` (Apollo Client
  // does) is answered in it, so it reads the errors of a 4xx answer rather than only its status.
  if (req.accepts(['application/json', GRAPHQL_RESPONSE]) === GRAPHQL_RESPONSE) res.type(GRAPHQL_RESPONSE);
  res.status(status).json({ errors: [{ message: translateMessage(req.language ?? 'en', message), extensions: { code, category, ...data } }] });
}

const GRAPHQL_RESPONSE = 'application/graphql-response+json';

export const BODY_TOO_LARGE_MESSAGE = 'The request body is too large';
export const BODY_NOT_JSON = 'The request body is not valid JSON';

/** Errors of the JSON body parser on `/graphql` (too large, not JSON), as GraphQL answers; anything else goes on. */
export function graphqlBodyErrors(error: unknown, req: Request, res: Response, next: NextFunction): void {
  const type = (error as { type?: string }).type;
  if (type === 'entity.too.large') return sendRefusal(req, res, { status: 413, message: BODY_TOO_LARGE_MESSAGE, code: BODY_TOO_LARGE }, 'graphql');
  if (type === 'entity.parse.failed') return sendRefusal(req, res, { status: 400, message: BODY_NOT_JSON, code: 'BAD_USER_INPUT' }, 'graphql');
  next(error);
}
