import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, InMemoryCache } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { SetContextLink } from '@apollo/client/link/context';
import { Observable } from 'rxjs';
import type { Session } from './session';
import type { ErrorCode } from '../gql/error-code';
import { fetchLearningServerClock } from './server-clock';

declare module '@apollo/client' {
  interface DefaultContext {
    /** Sent by HttpLink with the request. */
    headers?: Record<string, string>;
    /** The request is not retried after a session refresh (the refresh itself, logout, a retry). */
    skipSessionRetry?: boolean;
    /** Sent without the access token: the refresh and the sign-out work from the session cookie, and
     * the server refuses (401) any request with a token that has run out. */
    withoutToken?: boolean;
  }
}

const isSessionEnded = (error: unknown) =>
  CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === ('UNAUTHENTICATED' satisfies ErrorCode));

/**
 * Every request carries the in-memory access token. When the server says the token has run out
 * (UNAUTHENTICATED, with HTTP 401 for any operation), the session is refreshed once from its cookie
 * and the request is sent again.
 */
export function createApolloClient(
  session: Session,
  { uri = '/graphql', fetch, ssrMode = false }: { uri?: string; fetch?: typeof globalThis.fetch; ssrMode?: boolean } = {},
) {
  const withToken = new SetContextLink((context) => {
    const token = context.withoutToken ? null : session.getToken();
    return token ? { headers: { ...context.headers, authorization: `Bearer ${token}` } } : {};
  });
  const retryAfterRefresh = new ErrorLink(({ error, operation, forward }) => {
    const sentToken = Boolean(operation.getContext().headers?.authorization);
    if (!sentToken || operation.getContext().skipSessionRetry || !isSessionEnded(error)) return;
    return new Observable<ApolloLink.Result>((subscriber) => {
      void session.refresh().then((ok) => {
        if (!ok) return subscriber.error(error);
        operation.setContext({ skipSessionRetry: true });
        forward(operation).subscribe(subscriber);
      });
    });
  });
  const client = new ApolloClient({
    link: ApolloLink.from([
      retryAfterRefresh,
      withToken,
      new HttpLink({ uri, fetch: ssrMode ? fetch : fetchLearningServerClock(fetch ?? ((...args) => globalThis.fetch(...args))), credentials: 'same-origin' }),
    ]),
    cache: new InMemoryCache(),
    ssrMode,
  });
  return client;
}
