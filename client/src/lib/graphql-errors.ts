import { CombinedGraphQLErrors } from '@apollo/client';
import type { Translate } from './i18n';

/**
 * What to show for a failed mutation: the server's message (in the page's language, the server
 * decides), and its per-field messages if any; `t` words the failure to reach the server.
 */
export function describeError(error: unknown, t?: Translate): { message: string; fields: Record<string, string> } {
  if (CombinedGraphQLErrors.is(error) && error.errors.length > 0) {
    const first = error.errors[0];
    const fields = (first.extensions?.fields ?? {}) as Record<string, string>;
    return { message: first.message, fields };
  }
  return { message: t ? t('common.noConnection') : 'We could not reach the server. Check your connection and try again.', fields: {} };
}
