import { http, HttpResponse } from 'msw';
import type { OwnProfile } from '#contract/user';
import { sessionStore } from '../lib/session-store';
import { aProfile, aSession, ok } from './fixtures';
import { server } from './msw-server';

/** Signs `over`'s member in on this device and serves them from `GET /api/profile`. */
export function signedInMember(over: Partial<OwnProfile> = {}) {
  const profile = aProfile(over);
  sessionStore.signIn(aSession().token.access_token, profile);
  server.use(http.get('/api/profile', () => HttpResponse.json(ok(profile))));
  return profile;
}

/** The member kept in browser storage (spec §9 key `user`). */
export const storedUser = () => JSON.parse(localStorage.getItem('user')!) as OwnProfile;
