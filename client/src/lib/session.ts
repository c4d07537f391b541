import type { DataSource } from './data';
import { isGraphQLErrors } from './data/graphql-errors-check';
import { LogoutDocument, RefreshSessionDocument } from './session.generated';
import type { SessionUser_UserFragment } from './session-user.generated';

export type SessionUser = SessionUser_UserFragment;
export type SessionState = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: SessionUser };

/**
 * A cookie that only tells the server this browser was signed in at its last visit (no secret: the
 * session itself is the httpOnly refresh cookie, which page requests do not carry). Without it,
 * the server draws a page's header for a visitor, with Login and Registration.
 */
export const SIGNED_IN_HINT_COOKIE = 'shikhon_signed_in';

/** Whether a request's Cookie header says the browser was signed in: if not, it is drawn as a visitor's. */
export function hintsSignedIn(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

function rememberSignedIn(signedIn: boolean) {
  if (typeof document === 'undefined') return;
  const hinted = hintsSignedIn(document.cookie);
  if (signedIn === hinted) return;
  document.cookie = signedIn
    ? `${SIGNED_IN_HINT_COOKIE}=1; path=/; max-age=${30 * 24 * 3600}; samesite=strict`
    : `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0; samesite=strict`;
}

/** Refresh a little before the 15-minute access token runs out. */
const REFRESH_EVERY_MS = 12 * 60 * 1000;

/**
 * The browser's sign-in: the access token lives only in memory; the httpOnly refresh cookie
 * (which scripts cannot read) brings it back after a reload. Tabs tell each other about sign-out.
 * A page rendered on the server has no tab to talk to (`shareAcrossTabs: false`) and stays 'loading'.
 */
export function createSession({ shareAcrossTabs = true, assumeSignedOut = false }: { shareAcrossTabs?: boolean; assumeSignedOut?: boolean } = {}) {
  let data: Pick<DataSource, 'current' | 'load' | 'forgetAnswers'> | undefined;
  let token: string | null = null;
  // A page the server drew for a visitor with no sign-in hint starts signed out, as drawn; the
  // session is still checked once the page is taken over.
  let state: SessionState = assumeSignedOut ? { status: 'signedOut' } : { status: 'loading' };
  let checked = !assumeSignedOut;
  let refreshing: Promise<boolean> | null = null;
  // The server could not be reached to bring the session back (no network, a restart): not signed out.
  let unreachable = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const channel = !shareAcrossTabs || typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('shikhon-session');

  const setState = (next: SessionState) => {
    const unchanged = next.status === 'signedOut' && state.status === 'signedOut';
    checked = true;
    rememberSignedIn(next.status === 'signedIn');
    // A visitor found to be signed out, as the page was drawn, is not drawn again.
    if (unchanged) return;
    state = next;
    listeners.forEach((listener) => listener());
  };

  const forget = async () => {
    clearTimeout(timer);
    token = null;
    const wasSignedIn = state.status === 'signedIn';
    setState({ status: 'signedOut' });
    // Only a real sign-out clears cached data; clearing while queries are in flight would drop them.
    if (wasSignedIn) await data?.current()?.clearStore();
  };

  const session = {
    getToken: () => token,
    getState: () => state,
    /** Whether bringing the session back found no server to answer (the state stays 'loading' meanwhile). */
    isUnreachable: () => unreachable,
    /** Whether the session is still to be brought back from its cookie. */
    needsCheck: () => state.status === 'loading' || !checked,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Where requests go: Apollo Client, loaded when the session first needs the server. */
    attach(source: Pick<DataSource, 'current' | 'load' | 'forgetAnswers'>) {
      data = source;
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
      if (!wasSignedIn) {
        data?.forgetAnswers();
        void data?.current()?.refetchQueries({ include: 'active' });
      }
    },

    updateUser(user: Partial<SessionUser>) {
      if (state.status === 'signedIn') setState({ status: 'signedIn', user: { ...state.user, ...user } });
    },

    /** Trades the refresh cookie for a new access token; false when there is no session any more. */
    refresh(): Promise<boolean> {
      refreshing ??= (async () => {
        try {
          const client = await data!.load();
          const result = await client.mutate({ mutation: RefreshSessionDocument, context: { skipSessionRetry: true, withoutToken: true } });
          const payload = result.data?.refreshSession;
          if (!payload) {
            await forget();
            return false;
          }
          unreachable = false;
          session.signedIn(payload);
          return true;
        } catch (error) {
          if (isGraphQLErrors(error)) {
            await forget();
            return false;
          }
          // No answer: the session may well be alive. Pages that work offline (a model test) go on;
          // the session is brought back once the network is.
          unreachable = true;
          state = { status: 'loading' };
          listeners.forEach((listener) => listener());
          if (typeof window !== 'undefined') window.addEventListener('online', () => void session.refresh(), { once: true });
          return false;
        } finally {
          refreshing = null;
        }
      })();
      return refreshing;
    },

    async signOut() {
      try {
        await (await data?.load())?.mutate({ mutation: LogoutDocument, context: { skipSessionRetry: true, withoutToken: true } });
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
