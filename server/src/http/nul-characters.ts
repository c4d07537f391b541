import type { NextFunction, Request, Response } from 'express';
import { GraphQLError, type ValidationRule } from 'graphql';

/** PostgreSQL text cannot hold U+0000, so input carrying it is refused before anything runs. */
export const NUL_REFUSED = 'Text must not contain the NUL character';

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner));
  return false;
}

/** For parsed JSON bodies and query strings, GraphQL variables included. */
export function refuseNulCharacters(req: Request, res: Response, next: NextFunction) {
  if (/%00/.test(req.originalUrl) || containsNul(req.body) || containsNul(req.query)) {
    res.status(400).json({ message: NUL_REFUSED, code: 'BAD_USER_INPUT' });
    return;
  }
  next();
}

/** For string literals written into a GraphQL document ("\u0000" escapes). */
export const noNulInGraphQLStrings: ValidationRule = (context) => ({
  StringValue(node) {
    if (node.value.includes('\u0000')) {
      context.reportError(new GraphQLError(NUL_REFUSED, { nodes: [node], extensions: { code: 'BAD_USER_INPUT' } }));
    }
  },
});
