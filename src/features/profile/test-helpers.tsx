import { http, HttpResponse } from 'msw';
import { Suspense, type ReactNode } from 'react';
import type { OwnProfile } from '#contract/user';
import { sessionStore } from '../../lib/session-store';
import { aProfile, aSession, ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';

/** Signs `over`'s member in on this device and serves them from `GET /api/profile`. */
export function signedInMember(over: Partial<OwnProfile> = {}) {
  const profile = aProfile(over);
  sessionStore.signIn(aSession().token.access_token, profile);
  server.use(http.get('/api/profile', () => HttpResponse.json(ok(profile))));
  return profile;
}

/** The member kept in browser storage (spec §9 key `user`). */
export const storedUser = () => JSON.parse(localStorage.getItem('user')!) as OwnProfile;

/** Pages read the profile with a suspense query; the route loader is not part of a component test. */
export const withSuspense = (ui: ReactNode) => <Suspense fallback={<p>Loading the page</p>}>{ui}</Suspense>;

/** A promise the test resolves when it wants a held-back server answer to go out. */
export function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
