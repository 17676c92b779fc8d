import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressImageData } from '#contract/media';
import { profileSummaryData, validateHandleData } from '#contract/profile';
import { ownProfile } from '#contract/user';
import { uploads } from '../../db/schema/media';
import { body, createTestApp, okData, uniqueName, type TestApp } from '../../test/test-app';
import { imageForm, solid, unsigned } from '../media/test-images';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const send = (method: 'PUT' | 'POST' | 'GET', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.bearer(token), ...(payload ? { payload } : {}) });

const details = (over: Record<string, unknown> = {}) => ({
  handleName: uniqueName('Ridge'),
  firstName: 'Robin',
  lastName: 'Hale',
  bio: 'Gravel on weekdays, enduro on weekends.',
  gender: 'female',
  dob: '1994-06-01',
  sports: [53, 35],
  location: 'Boulder, Colorado',
  ...over,
});

describe('PUT /api/update_profile', () => {
  it('saves the member’s details and answers the whole own profile', async () => {
    const me = await t.signUp();
    const input = details();
    const saved = okData(await send('PUT', '/api/update_profile', me.token, input), ownProfile);
    expect(saved).toMatchObject({ ...input, email: me.email, userId: me.userId });
    const again = okData(await send('GET', '/api/profile', me.token), ownProfile);
    expect(again).toMatchObject(input);
  });

  it('keeps handles unique in any case, but the member may keep their own', async () => {
    const other = await t.signUp();
    const me = await t.signUp();
    const taken = await send('PUT', '/api/update_profile', me.token, details({ handleName: other.handleName.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(body(taken).errors?.handleName).toEqual(['That handle is taken. Try another.']);
    expect((await send('PUT', '/api/update_profile', me.token, details({ handleName: me.handleName }))).statusCode).toBe(200);
  });

  it('applies the handle, age, bio and sport rules', async () => {
    const me = await t.signUp();
    const today = new Date();
    const twelve = `${today.getUTCFullYear() - 12}-01-01`;
    const cases: [Record<string, unknown>, string][] = [
      [{ handleName: 'ab' }, 'handleName'],
      [{ handleName: 'trail_rider' }, 'handleName'],
      [{ dob: twelve }, 'dob'],
      [{ dob: '2001-02-30' }, 'dob'],
      [{ bio: 'x'.repeat(301) }, 'bio'],
      [{ sports: [53, 53] }, 'sports'],
      [{ sports: [999] }, 'sports.0'],
      [{ gender: 'other' }, 'gender'],
    ];
    for (const [change, field] of cases) {
      const res = await send('PUT', '/api/update_profile', me.token, details(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(body(res).errors ?? {}), JSON.stringify(change)).toContain(field);
    }
  });

  it('refuses fields a member may not set this way (check 11)', async () => {
    const me = await t.signUp();
    for (const extra of [{ userId: 1 }, { email: 'x@example.com' }, { isPrivate: true }, { followers: 99 }, { passwordHash: 'x' }, { referralCode: 'ABCDEFGH' }]) {
      const res = await send('PUT', '/api/update_profile', me.token, { ...details(), ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(body(res).errors?.[Object.keys(extra)[0]!]).toEqual(['Unknown field']);
    }
    expect(okData(await send('GET', '/api/profile', me.token), ownProfile).email).toBe(me.email);
  });

  it('shows the member’s own uploads as profile photo and cover, and lets go of a replaced one', async () => {
    const me = await t.signUp();
    const uploadAs = async (type: 'profile' | 'cover', token = me.token) => {
      const form = imageForm(await solid(600, 400, 'jpeg'), { type });
      const res = await t.app.inject({ method: 'POST', url: '/api/compress-image', payload: form.payload, headers: { ...form.headers, ...t.bearer(token) } });
      return okData(res, compressImageData).images[0]!;
    };
    const [photo, cover] = [await uploadAs('profile'), await uploadAs('cover')];
    const saved = okData(await send('PUT', '/api/update_profile', me.token, details({ profileImage: photo.key, profileCoverImage: cover.key })), ownProfile);
    expect(saved).toMatchObject({ profileImage: unsigned(photo.url), profileCoverImage: unsigned(cover.url) });
    expect((await t.app.inject({ method: 'GET', url: saved.profileImage! })).statusCode).toBe(200);

    const attachedAt = async (key: string) => (await t.db.select({ at: uploads.attachedAt }).from(uploads).where(eq(uploads.key, key)))[0]?.at;
    expect(await attachedAt(photo.key)).not.toBeNull();
    const newer = await uploadAs('profile');
    okData(await send('PUT', '/api/update_profile', me.token, details({ profileImage: newer.key, profileCoverImage: null })), ownProfile);
    expect(await attachedAt(newer.key)).not.toBeNull();
    expect(await attachedAt(photo.key)).toBeNull();
    expect(await attachedAt(cover.key)).toBeNull();

    // A cover is not a profile photo, and another member's upload is not mine.
    const wrongPurpose = await send('PUT', '/api/update_profile', me.token, details({ profileImage: (await uploadAs('cover')).key }));
    expect(body(wrongPurpose).errors?.profileImage).toEqual(['Upload the image again.']);
    const other = await t.signUp();
    const theirs = await send('PUT', '/api/update_profile', me.token, details({ profileImage: (await uploadAs('profile', other.token)).key }));
    expect(theirs.statusCode).toBe(400);
    expect(body(theirs).errors?.profileImage).toEqual(['Upload the image again.']);
  });

  it('refuses an image key that is not one of the member’s uploads', async () => {
    const me = await t.signUp();
    const res = await send('PUT', '/api/update_profile', me.token, details({ profileImage: 'AAAAAAAAAAAAAAAAAAAAAA' }));
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.profileImage).toBeDefined();
  });

  it('needs a signed-in member', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/update_profile', payload: details() })).statusCode).toBe(401);
  });
});

describe('POST /api/validate-handle', () => {
  it('says whether a handle is free; the member’s own counts as free', async () => {
    const other = await t.signUp();
    const me = await t.signUp();
    const check = async (handleName: string) => okData(await send('POST', '/api/validate-handle', me.token, { handleName }), validateHandleData).available;
    expect(await check(uniqueName('free'))).toBe(true);
    expect(await check(other.handleName)).toBe(false);
    expect(await check(me.handleName.toLowerCase())).toBe(true);
  });
});

describe('POST /api/profileSetting', () => {
  it('saves privacy and units, one or both at a time', async () => {
    const me = await t.signUp();
    const fresh = okData(await send('GET', '/api/profile', me.token), ownProfile);
    expect(fresh).toMatchObject({ units: 'imperial', isPrivate: false });
    expect(okData(await send('POST', '/api/profileSetting', me.token, { units: 'metric' }), ownProfile)).toMatchObject({ units: 'metric', isPrivate: false });
    expect(okData(await send('POST', '/api/profileSetting', me.token, { isPrivate: true }), ownProfile)).toMatchObject({ units: 'metric', isPrivate: true });
    const bad = await send('POST', '/api/profileSetting', me.token, { units: 'furlongs' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errors?.units).toEqual(['Choose imperial or metric']);
  });
});

describe('GET /api/user-profile-summary', () => {
  it('answers the member’s counts', async () => {
    const me = await t.signUp();
    expect(okData(await send('GET', '/api/user-profile-summary', me.token), profileSummaryData)).toEqual({
      followers: 0,
      following: 0,
      feeds: 0,
      shorts: 0,
      activities: 0,
      gears: 0,
      distanceMetres: 0,
      elevationMetres: 0,
    });
  });
});
