import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSession, verifyOtpData } from '#contract/auth';
import { ownProfile } from '#contract/user';
import { body, createTestApp, okData, uniqueEmail, uniqueName, type TestApp } from '../../test/test-app';

// Issue 19 item 7: gender is optional; the wire keeps male and female and adds non_binary and prefer_not_to_say.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const put = (token: string, payload: object) => t.app.inject({ method: 'PUT', url: '/api/update_profile', headers: t.bearer(token), payload });
const profileOf = async (token: string) => okData(await t.app.inject({ method: 'GET', url: '/api/profile', headers: t.bearer(token) }), ownProfile);

async function signUpWith(gender?: string) {
  const email = uniqueEmail('g');
  await post('/api/register', { email });
  const token = okData(await post('/api/verify_otp', { email, otp: await t.codeFor(email), type: 1 }), verifyOtpData).token;
  return post('/api/register/complete', {
    token,
    password: 'Trail.Rider?2026',
    handleName: uniqueName('g'),
    firstName: 'Sam',
    lastName: 'Vale',
    dob: '1990-01-02',
    ...(gender === undefined ? {} : { gender }),
    deviceType: 1,
  });
}

const details = (gender: unknown) => ({
  handleName: uniqueName('g'),
  firstName: 'Sam',
  lastName: 'Vale',
  bio: null,
  gender,
  dob: '1990-01-02',
  sports: [],
  location: null,
});

describe('gender', () => {
  it('may be left out at sign-up, and the profile says null', async () => {
    const session = okData(await signUpWith(), authSession);
    expect(session.user.gender).toBeNull();
  });

  it.each(['non_binary', 'prefer_not_to_say', 'male', 'female'])('takes %s at sign-up and answers it back', async (gender) => {
    expect(okData(await signUpWith(gender), authSession).user.gender).toBe(gender);
  });

  it('refuses a value off the list, naming the field', async () => {
    const res = await signUpWith('other');
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.gender).toEqual(['Choose a gender from the list']);
  });

  it('is changed to non_binary, kept when left out, and cleared with null on the profile', async () => {
    const me = await t.signUp();
    expect(okData(await put(me.token, details('non_binary')), ownProfile).gender).toBe('non_binary');
    const { gender: _left, ...withoutGender } = details(null);
    expect(okData(await put(me.token, withoutGender), ownProfile).gender).toBe('non_binary');
    expect(okData(await put(me.token, details(null)), ownProfile).gender).toBeNull();
    expect((await profileOf(me.token)).gender).toBeNull();
  });
});
