import type { NextFunction, Request, Response } from 'express';
import { GraphQLError, type ValidationRule } from 'graphql';
import { sendRefusal } from './graphql-refusal';

/** PostgreSQL text cannot hold U+0000, so input carrying it is refused before anything runs. */
export const NUL_REFUSED = 'Text must not contain the NUL character';

/** No form or API of the product nests this deep; a body that does is refused before anything walks it. */
export const MAX_INPUT_DEPTH = 32;
export const TOO_DEEP = 'The request is nested too deeply';

/** Walks a parsed body without recursion (a 10 KB body can nest thousands deep): 'nul', 'deep' or null. */
function inspect(root: unknown): 'nul' | 'deep' | null {
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'nul';
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_INPUT_DEPTH) return 'deep';
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) return 'nul';
        stack.push([inner, depth + 1]);
      }
    }
  }
  return null;
}

/**
 * For parsed JSON bodies and query strings, GraphQL variables included; also refuses input nested
 * too deeply. `shape`: how the 400 is written, as GraphQL (`errors[]`) or REST answers.
 */
export function refuseNulCharacters(shape: 'graphql' | 'rest' = 'rest') {
  return (req: Request, res: Response, next: NextFunction) => {
    const problem = /%00/.test(req.originalUrl) ? 'nul' : (inspect(req.body) ?? inspect(req.query));
    if (problem) {
      sendRefusal(req, res, { status: 400, message: problem === 'nul' ? NUL_REFUSED : TOO_DEEP, code: 'BAD_USER_INPUT' }, shape);
      return;
    }
    next();
  };
}

/** For string literals written into a GraphQL document ("\u0000" escapes). */
export const noNulInGraphQLStrings: ValidationRule = (context) => ({
  StringValue(node) {
    if (node.value.includes('\u0000')) {
      context.reportError(new GraphQLError(NUL_REFUSED, { nodes: [node], extensions: { code: 'BAD_USER_INPUT' } }));
    }
  },
});
