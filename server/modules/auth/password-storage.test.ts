import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpSentData, verifyOtpData } from '#contract/auth';
import { ownProfile } from '#contract/user';
import { users } from '../../db/schema/users';
import { findSession } from './sessions';
import { body, createTestApp, okData, uniqueEmail, uniqueName, type TestApp } from '../../test/test-app';

// Check 5: argon2id at OWASP's floor, passwords of 8 to 128 characters under spec §5, never truncated.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** 128 characters with a digit and a special: the longest password allowed. */
const LONGEST = `${'Ab1!'.repeat(31)}Wxyz`;

async function ticketFor(email: string) {
  okData(await t.app.inject({ method: 'POST', url: '/api/register', payload: { email } }), otpSentData);
  const verify = await t.app.inject({ method: 'POST', url: '/api/verify_otp', payload: { email, otp: await t.codeFor(email), type: 1 } });
  return okData(verify, verifyOtpData).token!;
}

const complete = (token: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register/complete',
    payload: { token, password, handleName: uniqueName('p'), firstName: 'Kim', lastName: 'Crest', dob: '1985-10-01', gender: 'female', deviceType: 2 },
  });

async function storedHash(email: string) {
  const [row] = await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
  return row?.passwordHash;
}

describe('password storage and rules', () => {
  it('refuses passwords that break spec §5 or exceed 128 characters, then accepts 128 exactly, untruncated', async () => {
    const email = uniqueEmail('pw');
    // A refused body leaves the ticket unused, so one ticket serves every case.
    const ticket = await ticketFor(email);
    const refused = {
      'seven characters': 'Ab1!xyz',
      'no digit': 'Abcdefg!',
      'no special': 'Abcdefg1',
      '129 characters': `${LONGEST}z`,
    };
    for (const [why, password] of Object.entries(refused)) {
      const res = await complete(ticket, password);
      expect(res.statusCode, why).toBe(400);
      expect(body(res).errors?.password, why).toEqual([expect.any(String)]);
    }

    expect((await complete(ticket, LONGEST)).statusCode).toBe(200);
    expect((await t.signIn(email, LONGEST)).statusCode).toBe(200);
    // Were the password cut short anywhere, its first 127 characters would sign in too.
    expect((await t.signIn(email, LONGEST.slice(0, 127))).statusCode).toBe(400);
    // Sign-in refuses over-long input before hashing it.
    expect((await t.signIn(email, `${LONGEST}z`)).statusCode).toBe(400);
  });

  it('stores an argon2id hash with m=19456 KiB, t=2, p=1, and accepts 8 characters', async () => {
    const member = await t.signUp({ password: 'Abcdef1!' });
    expect(member.password).toHaveLength(8);
    const hash = await storedHash(member.email);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hash).not.toContain(member.password);
    expect((await t.signIn(member.email, member.password)).statusCode).toBe(200);
  });

  it('never carries the hash with a request: the session holds whether a password is set, and the profile says so', async () => {
    const member = await t.signUp();
    const session = await findSession(t.db, t.clock, member.token);
    expect(session?.user).toMatchObject({ id: member.userId, hasPassword: true });
    expect(session?.user).not.toHaveProperty('passwordHash');
    expect(session?.user).not.toHaveProperty('searchText');
    const me = okData(await t.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${member.token}` } }), ownProfile);
    expect(me.hasPassword).toBe(true);
    expect(JSON.stringify(me)).not.toContain('argon2');
  });
});
