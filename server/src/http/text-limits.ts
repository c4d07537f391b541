import type { NextFunction, Request, Response } from 'express';
import { GraphQLError, type ValidationRule } from 'graphql';
import { MAX_TEXT_LENGTH } from '../shared/text-rules';

export const overlongMessage = (where: string) => `${where || 'The text'} must be at most ${MAX_TEXT_LENGTH} characters`;

/** Where in a parsed JSON value the first string over MAX_TEXT_LENGTH is (`input.description`), if any. */
export function overlongTextIn(value: unknown, where: string): string | null {
  if (typeof value === 'string') return value.length > MAX_TEXT_LENGTH ? where : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = overlongTextIn(item, where ? `${where}.${index}` : String(index));
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = overlongTextIn(item, where ? `${where}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The ceiling under every field's own limit: no text input, in a REST body, a query string or
 * GraphQL variables, is longer than MAX_TEXT_LENGTH. `pick` chooses what of the request is input.
 */
export function refuseOverlongText(pick: (req: Request) => unknown) {
  return (req: Request, res: Response, next: NextFunction) => {
    const found = overlongTextIn(pick(req), '');
    if (found !== null) {
      res.status(400).json({ message: overlongMessage(found), code: 'BAD_USER_INPUT', field: found });
      return;
    }
    next();
  };
}

/** The same ceiling for string literals written into a GraphQL document. */
export const noOverlongGraphQLStrings: ValidationRule = (context) => ({
  StringValue(node) {
    if (node.value.length > MAX_TEXT_LENGTH) {
      context.reportError(new GraphQLError(overlongMessage('A text in the query'), { nodes: [node], extensions: { code: 'BAD_USER_INPUT' } }));
    }
  },
});
