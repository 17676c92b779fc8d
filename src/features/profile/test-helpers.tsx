import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense, type ReactNode } from 'react';
import type { OwnProfile } from '#contract/user';
import { sessionStore } from '../../lib/session-store';
import { aProfile, aSession, ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render';
import { ProfilePage } from './components/profile-page';

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

export const PROFILE_COUNTS = { followers: 1234, following: 1, feeds: 0, shorts: 0, activities: 0, gears: 0, distanceMetres: 160934.4, elevationMetres: 1000 };

/**
 * `/profile` for `over`'s member, drawn once its heading shows: the counts answer `summary` (these counts by default),
 * and the Feeds tab, open first, lists no posts.
 */
export async function renderOwnProfilePage(over: Partial<OwnProfile> = {}, summary: Response = HttpResponse.json(ok(PROFILE_COUNTS))) {
  signedInMember(over);
  server.use(
    http.get('/api/user-profile-summary', () => summary.clone()),
    http.get('/api/feed', () => HttpResponse.json(ok({ list: [], current_page: 1, last_page: 1, per_page: 20, total: 0, next_cursor: null }))),
  );
  const user = userEvent.setup();
  const view = await renderWithProviders(withSuspense(<ProfilePage />), { path: '/profile' });
  await screen.findByRole('heading', { level: 1 });
  return { user, ...view };
}

/** A promise the test resolves when it wants a held-back server answer to go out. */
export function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
