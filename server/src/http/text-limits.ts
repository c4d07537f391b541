import type { NextFunction, Request, Response } from 'express';
import { GraphQLError, type ValidationRule } from 'graphql';
import { MAX_TEXT_LENGTH } from '../shared/text-rules';
import { sendRefusal } from './graphql-refusal';

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
 * GraphQL variables, is longer than MAX_TEXT_LENGTH. `pick` chooses what of the request is input;
 * `shape` how the 400 is written (TEXT_TOO_LONG with `field` and `max`, as GraphQL or REST answers).
 */
export function refuseOverlongText(pick: (req: Request) => unknown, shape: 'graphql' | 'rest' = 'rest') {
  return (req: Request, res: Response, next: NextFunction) => {
    const found = overlongTextIn(pick(req), '');
    if (found !== null) {
      // On GraphQL the field is the variable's path (`input.message`), as the operation names it.
      const field = shape === 'graphql' ? found.replace(/^variables\./, '') : found;
      sendRefusal(req, res, { status: 400, message: overlongMessage(found), code: 'TEXT_TOO_LONG', data: { field, max: MAX_TEXT_LENGTH } }, shape);
      return;
    }
    next();
  };
}

/** The same ceiling for string literals written into a GraphQL document. */
export const noOverlongGraphQLStrings: ValidationRule = (context) => ({
  StringValue(node) {
    if (node.value.length > MAX_TEXT_LENGTH) {
      context.reportError(
        new GraphQLError(overlongMessage('A text in the query'), { nodes: [node], extensions: { code: 'TEXT_TOO_LONG', max: MAX_TEXT_LENGTH } }),
      );
    }
  },
});
