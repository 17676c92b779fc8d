import type { AuthSession } from '#contract/auth';
import type { OwnProfile } from '#contract/user';

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
  profile: { countryCode: null, phone: null },
  ...over,
});

export const aSession = (over: Partial<OwnProfile> = {}): AuthSession => ({
  token: { access_token: 'test-token-0123456789abcdefghijklmnop', expires_at: '2030-01-01T00:00:00.000Z' },
  user: aProfile(over),
});

export const ok = <T>(data: T, message = 'OK') => ({ code: 200, message, data });
export const fail = (code: number, message: string, errors?: Record<string, string[]>) => ({ code, message, ...(errors ? { errors } : {}) });
