import type { ApolloClient } from '@apollo/client';
import { LogoutDocument, RefreshSessionDocument, type SessionUser_UserFragment } from '../features/account/api/session.generated';

export type SessionUser = SessionUser_UserFragment;
export type SessionState = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: SessionUser };

/** Refresh a little before the 15-minute access token runs out. */
const REFRESH_EVERY_MS = 12 * 60 * 1000;

/**
 * The browser's sign-in: the access token lives only in memory; the httpOnly refresh cookie
 * (which scripts cannot read) brings it back after a reload. Tabs tell each other about sign-out.
 * A page rendered on the server has no tab to talk to (`shareAcrossTabs: false`) and stays 'loading'.
 */
export function createSession({ shareAcrossTabs = true }: { shareAcrossTabs?: boolean } = {}) {
  let client: ApolloClient | undefined;
  let token: string | null = null;
  let state: SessionState = { status: 'loading' };
  let refreshing: Promise<boolean> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const channel = !shareAcrossTabs || typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('shikhon-session');

  const setState = (next: SessionState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  const forget = async () => {
    clearTimeout(timer);
    token = null;
    const wasSignedIn = state.status === 'signedIn';
    setState({ status: 'signedOut' });
    // Only a real sign-out clears cached data; clearing while queries are in flight would drop them.
    if (wasSignedIn) await client?.clearStore();
  };

  const session = {
    getToken: () => token,
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    attach(apollo: ApolloClient) {
      client = apollo;
    },

    signedIn({ accessToken, user }: { accessToken: string; user: SessionUser }) {
      const wasSignedIn = state.status === 'signedIn';
      token = accessToken;
      clearTimeout(timer);
      timer = setTimeout(() => void session.refresh(), REFRESH_EVERY_MS);
      setState({ status: 'signedIn', user });
      channel?.postMessage('signed-in');
      // What the page shows was read as a visitor (a server-rendered page always is); some of it
      // depends on who is looking, such as whether they own the course.
      if (!wasSignedIn) void client?.refetchQueries({ include: 'active' });
    },

    updateUser(user: Partial<SessionUser>) {
      if (state.status === 'signedIn') setState({ status: 'signedIn', user: { ...state.user, ...user } });
    },

    /** Trades the refresh cookie for a new access token; false when there is no session any more. */
    refresh(): Promise<boolean> {
      refreshing ??= (async () => {
        try {
          const result = await client!.mutate({ mutation: RefreshSessionDocument, context: { skipSessionRetry: true } });
          const payload = result.data?.refreshSession;
          if (!payload) {
            await forget();
            return false;
          }
          session.signedIn(payload);
          return true;
        } catch {
          await forget();
          return false;
        } finally {
          refreshing = null;
        }
      })();
      return refreshing;
    },

    async signOut() {
      try {
        await client?.mutate({ mutation: LogoutDocument, context: { skipSessionRetry: true } });
      } finally {
        await forget();
        channel?.postMessage('signed-out');
      }
    },
  };

  if (channel) {
    channel.onmessage = (event) => {
      if (event.data === 'signed-out' && state.status === 'signedIn') void forget();
      if (event.data === 'signed-in' && state.status !== 'signedIn') void session.refresh();
    };
  }
  return session;
}

export type Session = ReturnType<typeof createSession>;
