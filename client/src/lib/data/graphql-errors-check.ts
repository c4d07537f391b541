import type { CombinedGraphQLErrors } from '@apollo/client';

/**
 * Whether `error` is the GraphQL errors of an answer (Apollo's `CombinedGraphQLErrors.is`, by the
 * brand Apollo puts on its errors), without loading Apollo Client for it: pages that only read
 * an error do not wait for the data layer's code.
 */
export function isGraphQLErrors(error: unknown): error is CombinedGraphQLErrors {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[Symbol.for('apollo.error')] === 'CombinedGraphQLErrors';
}
