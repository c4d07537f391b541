import { isGraphQLErrors } from './data';
import type { MessageKey, Translate } from './i18n';
import type { ErrorCode } from '../gql/error-code';

/** What the server says about a refusal, beside its message (server/src/shared/error-codes.ts). */
export interface ErrorFacts {
  /** The domain code (`TEXT_TOO_LONG`, `ALREADY_ENROLLED`...) or a bare category. */
  code: ErrorCode | null;
  /** The broad class: `BAD_USER_INPUT`, `UNAUTHENTICATED`, `FORBIDDEN`, `NOT_FOUND`, `CONFLICT`... */
  category: ErrorCode | null;
  field: string | null;
  max: number | null;
}

/**
 * Codes the client words itself, in the page's language, from the data beside the code; other
 * codes show the server's message (which the server also sends in the page's language).
 */
const wordedCodes: Partial<Record<ErrorCode, MessageKey>> = {
  TEXT_TOO_LONG: 'errors.TEXT_TOO_LONG',
  ALREADY_ENROLLED: 'errors.ALREADY_ENROLLED',
  PAYMENT_IN_PROGRESS: 'errors.PAYMENT_IN_PROGRESS',
  QUIZ_NOT_PASSED: 'errors.QUIZ_NOT_PASSED',
  CODE_USED_UP: 'errors.CODE_USED_UP',
};

/** The code, category and data of a GraphQL error (its first one); nulls for anything else. */
export function errorFacts(error: unknown): ErrorFacts {
  const extensions = isGraphQLErrors(error) ? error.errors[0]?.extensions : undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  // The server names its codes in the schema (ErrorCode); what it sends is one of them.
  const code = (value: unknown) => text(value) as ErrorCode | null;
  return {
    code: code(extensions?.code),
    category: code(extensions?.category) ?? code(extensions?.code),
    field: text(extensions?.field),
    max: typeof extensions?.max === 'number' ? extensions.max : null,
  };
}

/**
 * What to show for a failed request: for the codes the client words itself, its own message in the
 * page's language; otherwise the server's message (in the page's language, the server decides); and
 * its per-field messages if any. `t` words the failure to reach the server. Branch on `code` or
 * `category`, never on the message's wording.
 */
export function describeError(error: unknown, t?: Translate): ErrorFacts & { message: string; fields: Record<string, string> } {
  const facts = errorFacts(error);
  if (isGraphQLErrors(error) && error.errors.length > 0) {
    const first = error.errors[0];
    const fields = (first.extensions?.fields ?? {}) as Record<string, string>;
    const key = facts.code ? wordedCodes[facts.code] : undefined;
    return { ...facts, message: key && t ? t(key, { max: facts.max ?? 0 }) : first.message, fields };
  }
  return { ...facts, message: t ? t('common.noConnection') : 'We could not reach the server. Check your connection and try again.', fields: {} };
}
