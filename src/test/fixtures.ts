import { http } from 'msw';
import type { PermissionId } from '#contract/associates';
import type { AuthSession } from '#contract/auth';
import { RUNTIME_CONFIG_META } from '#contract/runtime-config';
import type { MemberCard } from '#contract/social';
import type { OwnProfile } from '#contract/user';
import type { SocialLoginState } from '../features/auth/api';
import { server } from './msw-server';

/** Wire fixtures typed by the contract, so a contract change breaks the tests that rely on it. */
export const aProfile = (over: Partial<OwnProfile> = {}): OwnProfile => ({
  userId: 7,
  handleName: 'mayatrails',
  email: 'maya@example.com',
  firstName: 'Maya',
  lastName: 'Torres',
  dob: '1991-04-12',
  gender: 'female',
  userType: null,
  profileImage: null,
  profileCoverImage: null,
  referralCode: 'REF12345',
  bio: null,
  sports: [],
  location: null,
  units: 'imperial',
  isPrivate: false,
  createdAt: '2026-01-15T10:00:00.000Z',
  hasPassword: true,
  isModerator: false,
  profile: { countryId: null, countryCode: null, phone: null },
  managedBy: null,
  ...over,
});

/** An associate's `managedBy` (issue 25): Lena manages the account and has granted `permissions`, nothing else. */
export const managedBy = (...permissions: PermissionId[]): NonNullable<OwnProfile['managedBy']> => ({
  owner: { userId: 3, handleName: 'lenatorres', firstName: 'Lena', lastName: 'Torres' },
  permissions,
});

export const aSession = (over: Partial<OwnProfile> = {}): AuthSession => ({
  token: { access_token: 'test-token-0123456789abcdefghijklmnop', expires_at: '2030-01-01T00:00:00.000Z' },
  user: aProfile(over),
});

export const ok = <T>(data: T, message = 'OK') => ({ code: 200, message, data });
export const fail = (code: number, message: string, errors?: Record<string, string[]>) => ({ code, message, ...(errors ? { errors } : {}) });

/** Another member as lists show them; typed by the contract, so a contract change breaks the tests relying on it. */
export const aMember = (over: Partial<MemberCard> = {}): MemberCard => ({
  userId: 21,
  handleName: 'jonasrides',
  firstName: 'Jonas',
  lastName: 'Berg',
  profileImage: null,
  sports: [34, 53],
  isPrivate: false,
  isFollowing: false,
  isRequested: false,
  isFollowedBy: false,
  isBlocked: false,
  isMuted: false,
  ...over,
});

/** One page of members as the list endpoints answer it; a page before the last carries the cursor of the next. */
export const pageOf = (list: MemberCard[], page = 1, lastPage = 1) =>
  ok({ list, current_page: page, last_page: lastPage, per_page: 20, total: list.length, next_cursor: page < lastPage ? `after-page-${page}` : null });

/** An uploaded photo as `POST /api/compress-image` answers it. */
export const anUpload = (key: string) => ({ key, url: `/media/${key}.webp`, thumbnail: `/media/${key}-t.webp`, dimens: '1600:1200', width: 1600, height: 1200 });

/** A tiny JPEG file. (Its name and bytes reach msw mangled by jsdom's XHR, so handlers tell photos apart by arrival order.) */
export const aPhoto = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2])], name, { type: 'image/jpeg' });

/** Spec §3 socialLogin state as `POST /api/checkSocialLogin` answers it. */
export const aSocialLoginState = (over: Partial<SocialLoginState> = {}): SocialLoginState => ({
  isUserExists: -1,
  provider: 'google',
  socialToken: 'social-token-0123456789',
  googleUserInfo: { email: 'sam.rivera@gmail.com', firstName: 'Sam', lastName: 'Rivera', picture: null },
  ...over,
});

/** Puts the server's public configuration into the page, as the server does (lib/runtime-config.ts). */
export function setRuntimeConfig(config: { googleClientId: string | null; googleAuthorizeUrl: string | null }) {
  document.querySelector(`meta[name="${RUNTIME_CONFIG_META}"]`)?.remove();
  const meta = document.createElement('meta');
  meta.name = RUNTIME_CONFIG_META;
  meta.content = JSON.stringify(config);
  document.head.append(meta);
}

/** Answers `POST /api/<path>` with `reply()` and keeps every JSON body it received, in order. */
export function answerPost(path: string, reply: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`/api/${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return reply();
    }),
  );
  return bodies;
}
