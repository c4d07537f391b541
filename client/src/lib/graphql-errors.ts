import { CombinedGraphQLErrors } from '@apollo/client';

/** What to show for a failed mutation: the server's message, and its per-field messages if any. */
export function describeError(error: unknown): { message: string; fields: Record<string, string> } {
  if (CombinedGraphQLErrors.is(error) && error.errors.length > 0) {
    const first = error.errors[0];
    const fields = (first.extensions?.fields ?? {}) as Record<string, string>;
    return { message: first.message, fields };
  }
  return { message: 'We could not reach the server. Check your connection and try again.', fields: {} };
}
