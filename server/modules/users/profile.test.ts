import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownProfile } from '#contract/user';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';

let t: TestApp;
let member: Awaited<ReturnType<TestApp['signUp']>>;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.signUp();
});
afterAll(() => t?.close());

const getProfile = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/profile', headers });
const setUserType = (payload: object, headers: Record<string, string> = t.bearer(member.token)) =>
  t.app.inject({ method: 'POST', url: '/api/user-type', payload, headers });

describe('GET /api/profile', () => {
  it('returns the signed-in member’s own profile', async () => {
    const me = okData(await getProfile(t.bearer(member.token)), ownProfile);
    expect(me).toMatchObject({ userId: member.userId, email: member.email, handleName: member.handleName, userType: null });
    expect(me.referralCode).toMatch(/^[A-Za-z0-9]{4,32}$/);
    // Never the password hash or any token.
    expect(JSON.stringify(me)).not.toMatch(/argon2|access_token|"password(Hash)?"/i);
  });

  it('asks for a sign-in without a token', async () => {
    const res = await getProfile();
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ code: 401, message: expect.any(String) });
  });
});

describe('POST /api/user-type', () => {
  it('saves the member type and returns the updated profile', async () => {
    expect(okData(await setUserType({ userType: 'organizer' }), ownProfile).userType).toBe('organizer');
    expect(okData(await getProfile(t.bearer(member.token)), ownProfile).userType).toBe('organizer');
  });

  it('saves the sports chosen at sign-up’s last step, and leaves them when only the type changes', async () => {
    const m = await t.signUp();
    const saved = okData(await setUserType({ userType: 'member', sports: [53, 35] }, t.bearer(m.token)), ownProfile);
    expect(saved).toMatchObject({ userType: 'member', sports: [53, 35] });
    expect(okData(await setUserType({ userType: 'guardian' }, t.bearer(m.token)), ownProfile)).toMatchObject({ userType: 'guardian', sports: [53, 35] });
    const unknownSport = await setUserType({ userType: 'member', sports: [999] }, t.bearer(m.token));
    expect(body(unknownSport).errors).toHaveProperty(['sports.0']);
  });

  it('refuses an unknown type, and extra fields such as userId', async () => {
    const unknownType = await setUserType({ userType: 'admin' });
    expect(unknownType.statusCode).toBe(400);
    expect(body(unknownType).errors).toHaveProperty('userType');

    const extra = await setUserType({ userType: 'member', userId: member.userId + 1, role: 'admin' });
    expect(extra.statusCode).toBe(400);
    expect(body(extra).errors).toMatchObject({ userId: ['Unknown field'], role: ['Unknown field'] });
    expect(okData(await getProfile(t.bearer(member.token)), ownProfile).userType).toBe('organizer');
  });

  it('asks for a sign-in without a token', async () => {
    expect((await setUserType({ userType: 'member' }, {})).statusCode).toBe(401);
  });
});
