import type { OwnProfile } from '#contract/user';
import { readJson, STORAGE_KEYS, writeJson } from './storage';

export type SessionSnapshot = { token: string | null; user: OwnProfile | null };

/**
 * Who is signed in on this browser, kept in storage under the spec's keys (§9) so a reload stays signed in.
 * An external store, so the router guard and the API client read the same truth the React tree does.
 */
function createSessionStore() {
  const listeners = new Set<() => void>();
  const read = (): SessionSnapshot => {
    // Prerendering a public page (src/prerender.tsx) has no storage: nobody is signed in there.
    if (typeof localStorage === 'undefined') return { token: null, user: null };
    const token = localStorage.getItem(STORAGE_KEYS.accessToken);
    const user = readJson<OwnProfile>(STORAGE_KEYS.user);
    return token && user ? { token, user } : { token: null, user: null };
  };
  let snapshot = read();
  const emit = () => {
    snapshot = read();
    listeners.forEach((l) => l());
  };
  // Another tab signing in or out changes this one too.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key === null || e.key === STORAGE_KEYS.accessToken || e.key === STORAGE_KEYS.user) emit();
    });
  }
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    isSignedIn: () => snapshot.token !== null,
    signIn(token: string, user: OwnProfile) {
      localStorage.setItem(STORAGE_KEYS.accessToken, token);
      writeJson(STORAGE_KEYS.user, user);
      emit();
    },
    setUser(user: OwnProfile) {
      writeJson(STORAGE_KEYS.user, user);
      emit();
    },
    /** Spec §4: logout clears all local storage (the theme choice is the device's, so it stays). */
    clear() {
      const theme = localStorage.getItem(STORAGE_KEYS.theme);
      localStorage.clear();
      sessionStorage.clear();
      if (theme) localStorage.setItem(STORAGE_KEYS.theme, theme);
      emit();
    },
  };
}

export const sessionStore = createSessionStore();
