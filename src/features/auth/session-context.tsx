import { createContext, use, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthSession } from '#contract/auth';
import type { OwnProfile } from '#contract/user';
import { sessionStore, type SessionSnapshot } from '../../lib/session-store';
import type { EndSessionReason } from './end-session';

type SessionState = SessionSnapshot & { isSignedIn: boolean };
type SessionActions = {
  signIn(session: AuthSession): void;
  setUser(user: OwnProfile): void;
  /** Ends the session on this device: live socket and queries stopped, storage, the sign-in page, then the cache. */
  endSession(reason: EndSessionReason): void;
};

const StateContext = createContext<SessionState | null>(null);
const ActionsContext = createContext<SessionActions | null>(null);

/** The session, split into state and actions so components that only act never re-render on a change. */
export function SessionProvider({ endSession, children }: { endSession: SessionActions['endSession']; children: ReactNode }) {
  // The same snapshot when prerendering (signed out there) and hydrating: only a signed-out page is hydrated (main.tsx).
  const snapshot = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, sessionStore.getSnapshot);
  const state = useMemo(() => ({ ...snapshot, isSignedIn: snapshot.token !== null }), [snapshot]);
  const actions = useMemo<SessionActions>(
    () => ({
      signIn: (s) => sessionStore.signIn(s.token.access_token, s.user),
      setUser: (user) => sessionStore.setUser(user),
      endSession,
    }),
    [endSession],
  );
  return (
    <ActionsContext value={actions}>
      <StateContext value={state}>{children}</StateContext>
    </ActionsContext>
  );
}

export function useSession() {
  const value = use(StateContext);
  if (!value) throw new Error('useSession needs a SessionProvider');
  return value;
}

export function useSessionActions() {
  const value = use(ActionsContext);
  if (!value) throw new Error('useSessionActions needs a SessionProvider');
  return value;
}
