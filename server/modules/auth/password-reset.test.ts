import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgotPasswordData, resetPasswordData, verifyOtpData } from '#contract/auth';
import { minutes } from '../../lib/clock';
import { body, createTestApp, okData, uniqueEmail, type TestApp } from '../../test/test-app';

// Check 3: a reset code works only with its own request's token, and a reset ends every session.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const NEW_PASSWORD = 'Switch-back2#';

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
/** A new reset request; the clock first moves past the cooldown of any request before it. */
const forgot = async (email: string) => {
  t.clock.advance(minutes(5));
  return okData(await post('/api/forgot_password', { email }), forgotPasswordData).token;
};
const verifyReset = (email: string, otp: string, token: string) => post('/api/verify_otp', { email, otp, type: 2, token });
const reset = (email: string, token: string, password = NEW_PASSWORD) => post('/api/reset_password', { email, password, token });
const profileStatus = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/profile', headers: t.bearer(token) })).statusCode;

/** A reset request whose code has been verified: the state in which a new password may be set. */
async function verifiedRequest(email: string) {
  const token = await forgot(email);
  const verified = await verifyReset(email, await t.codeFor(email), token);
  expect(okData(verified, verifyOtpData).verified).toBe(true);
  return token;
}

describe('password reset', () => {
  it('mails a member a code and answers with a request token', async () => {
    const member = await t.signUp();
    const token = await forgot(member.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(await t.codeFor(member.email)).toMatch(/^\d{4}$/);
  });

  it('sets the new password, ends every session, and only the new password signs in', async () => {
    const member = await t.signUp();
    const otherDevice = await t.tokenFor(member.email, member.password);
    expect(await profileStatus(member.token)).toBe(200);

    const token = await verifiedRequest(member.email);
    const res = await reset(member.email, token);
    expect(okData(res, resetPasswordData)).toEqual({ passwordCreated: true });
    expect(body(res).message).toBe('Your password is updated successfully, try signing in with new password.');

    expect(await profileStatus(member.token)).toBe(401);
    expect(await profileStatus(otherDevice)).toBe(401);
    expect((await t.signIn(member.email, member.password)).statusCode).toBe(400);
    expect((await t.signIn(member.email, NEW_PASSWORD)).statusCode).toBe(200);
    // The request is spent.
    expect((await reset(member.email, token, 'Again-and-3!')).statusCode).toBe(400);
  });

  it('refuses to verify a reset code without its request token, and leaves the code unspent', async () => {
    const member = await t.signUp();
    const token = await forgot(member.email);
    const code = await t.codeFor(member.email);
    const bare = await post('/api/verify_otp', { email: member.email, otp: code, type: 2 });
    expect(bare.statusCode).toBe(400);
    expect(body(bare)).toMatchObject({ code: 400, errors: { token: [expect.any(String)] } });
    expect(okData(await verifyReset(member.email, code, token), verifyOtpData).verified).toBe(true);
    expect((await reset(member.email, token)).statusCode).toBe(200);
  });

  it('refuses a token whose code was never verified', async () => {
    const member = await t.signUp();
    const token = await forgot(member.email);
    expect((await reset(member.email, token)).statusCode).toBe(400);
    expect((await t.signIn(member.email, member.password)).statusCode).toBe(200);
  });

  it('does not accept a code with the token of another request', async () => {
    const member = await t.signUp();
    const first = await forgot(member.email);
    const second = await forgot(member.email);
    const code = await t.codeFor(member.email);
    // The live code belongs to the second request: with the first request's token it is a wrong code.
    expect((await verifyReset(member.email, code, first)).statusCode).toBe(400);
    expect((await reset(member.email, first)).statusCode).toBe(400);
    expect((await reset(member.email, second)).statusCode).toBe(400);
  });

  it('does not let a token verified for request A reset with request B', async () => {
    const member = await t.signUp();
    const requestA = await verifiedRequest(member.email);
    // Request B supersedes A and was never verified: neither token may reset.
    const requestB = await forgot(member.email);
    expect((await reset(member.email, requestB)).statusCode).toBe(400);
    expect((await reset(member.email, requestA)).statusCode).toBe(400);
    expect((await t.signIn(member.email, member.password)).statusCode).toBe(200);
  });

  it('does not let one account’s verified request reset another account', async () => {
    const attacker = await t.signUp();
    const victim = await t.signUp();
    const attackersToken = await verifiedRequest(attacker.email);
    expect((await reset(victim.email, attackersToken)).statusCode).toBe(400);
    expect((await t.signIn(victim.email, victim.password)).statusCode).toBe(200);
    expect(await profileStatus(victim.token)).toBe(200);
  });

  it('issues a token but mails nothing for an unknown e-mail', async () => {
    const email = uniqueEmail('nobody');
    expect(await forgot(email)).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(await t.mailCount(email)).toBe(0);
  });

  it('applies the password rules to the new password', async () => {
    const member = await t.signUp();
    const token = await verifiedRequest(member.email);
    const res = await reset(member.email, token, 'nodigits!!');
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toHaveProperty('password');
  });
});
