import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Session, SessionState } from './session';

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/**
 * Brings back the sign-in from its cookie once the page's content is drawn. Placed beside that
 * content: on a page rendered on the server, the content is hydrated as every visitor first saw
 * it, and only then may the session change what it shows.
 */
export function StartSession() {
  const session = useContext(SessionContext);
  useEffect(() => {
    if (session?.needsCheck()) void session.refresh();
  }, [session]);
  return null;
}

/**
 * The sign-in state, updated as a transition. (useSyncExternalStore would make every change an
 * urgent render: the first one, as the session comes back, forced the rest of a server-rendered
 * page to hydrate in one piece that held a slow phone's main thread.)
 */
export function useSession(): { state: SessionState; session: Session } {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  const [state, setState] = useState(session.getState);
  useEffect(() => {
    const update = () => startTransition(() => setState(session.getState()));
    update();
    return session.subscribe(update);
  }, [session]);
  return { state, session };
}

/** The header's name for a person: their name, or the part of their email before the @. */
export function displayName(user: { name?: string | null; email?: string | null }): string {
  return user.name?.trim() || (user.email ?? '').split('@')[0];
}
