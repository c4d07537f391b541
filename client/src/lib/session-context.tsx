import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { Session, SessionState } from './session';

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  useEffect(() => {
    if (session.getState().status === 'loading') void session.refresh();
  }, [session]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): { state: SessionState; session: Session } {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  return { state, session };
}

/** The header's name for a person: their name, or the part of their email before the @. */
export function displayName(user: { name?: string | null; email: string }): string {
  return user.name?.trim() || user.email.split('@')[0];
}
