import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgotPasswordData, signUpCodeSentData, verifyOtpData } from '#contract/auth';
import { hours, minutes } from '../../lib/clock';
import { body, createTestApp, okData, uniqueEmail, type TestApp } from '../../test/test-app';

// Checks 1 and 2: code guessing, lifetime and replay, on the sign-up code (type 1); reset codes share the same rules.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const register = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/register', payload: { email }, headers });
const verify = (email: string, otp: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/verify_otp', payload: { email, otp, type: 1 }, headers });

/** A well-formed code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

/** A fresh e-mail with a live code mailed to it. */
async function withCode() {
  const email = uniqueEmail('code');
  expect((await register(email)).statusCode).toBe(200);
  return { email, code: await t.codeFor(email) };
}

function expectInvalid(res: Awaited<ReturnType<typeof verify>>) {
  expect(res.statusCode).toBe(400);
  expect(body(res)).toMatchObject({ code: 400, message: 'Invalid OTP', errors: { otp: ['Invalid OTP'] } });
}

describe('e-mail codes', () => {
  it('are 4 digits and verify once', async () => {
    const { email, code } = await withCode();
    expect(code).toMatch(/^\d{4}$/);
    expect(okData(await verify(email, code), verifyOtpData).verified).toBe(true);
    // Replay: the same code a second time is refused.
    expectInvalid(await verify(email, code));
  });

  it('answer Invalid OTP for a code of the wrong length or with letters (spec §5)', async () => {
    const { email } = await withCode();
    for (const otp of ['123', '12345', '', '12a4']) {
      const res = await verify(email, otp);
      expect(res.statusCode).toBe(400);
      // '' breaks two rules at once, so the message may come twice; it is always this one.
      expect(new Set(body(res).errors?.otp)).toEqual(new Set(['Invalid OTP']));
    }
  });

  // Issue 19: a wrong code (spec §8's 'Invalid OTP' was meant for a code not 4 characters) says the tries left.
  it('answer a wrong code with the tries left, counting down to the last', async () => {
    const { email, code } = await withCode();
    for (const left of ['4 tries', '3 tries', '2 tries', '1 try']) {
      const res = await verify(email, wrong(code));
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ code: 400, message: `Wrong code. ${left} left.`, errors: { otp: [`Wrong code. ${left} left.`] } });
    }
  });

  it('count the tries left against the day’s limit when it is nearer than the code’s', async () => {
    const email = uniqueEmail('nearly');
    for (const tries of [5, 5, 5, 3]) {
      t.clock.advance(minutes(5));
      expect((await register(email)).statusCode).toBe(200);
      const code = await t.codeFor(email);
      for (let i = 0; i < tries; i++) expect((await verify(email, wrong(code))).statusCode).toBe(400);
    }
    // 18 failures today: this code has 2 tries of 5 left, and the day 2 of 20.
    t.clock.advance(minutes(5));
    expect((await register(email)).statusCode).toBe(200);
    const res = await verify(email, wrong(await t.codeFor(email)));
    expect(body(res).errors?.otp).toEqual(['Wrong code. 1 try left.']);
  });

  it('answer Invalid OTP when no code is live (already used)', async () => {
    const { email, code } = await withCode();
    expect((await verify(email, code)).statusCode).toBe(200);
    expectInvalid(await verify(email, wrong(code)));
  });

  it('expire after 10 minutes', async () => {
    const fresh = await withCode();
    t.clock.advance(minutes(9) + 50_000);
    expect((await verify(fresh.email, fresh.code)).statusCode).toBe(200);

    const stale = await withCode();
    t.clock.advance(minutes(10) + 1_000);
    const res = await verify(stale.email, stale.code);
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.otp?.[0]).toMatch(/expired/);
  });

  it('die when a newer one is sent', async () => {
    const { email, code: older } = await withCode();
    let newer = older;
    // Two 4-digit codes match one time in 10,000; send again so the test is about the code, not its digits.
    while (newer === older) {
      t.clock.advance(minutes(5));
      expect((await register(email)).statusCode).toBe(200);
      newer = await t.codeFor(email);
    }
    // The newer code is live, so the older one is a wrong try of it (issue 19: with its tries left).
    expect(body(await verify(email, older)).errors?.otp).toEqual(['Wrong code. 4 tries left.']);
    expect((await verify(email, newer)).statusCode).toBe(200);
  });

  it('die after 5 wrong tries, even if the right code comes next', async () => {
    const { email, code } = await withCode();
    for (let i = 0; i < 4; i++) expect(body(await verify(email, wrong(code))).errors?.otp).toEqual([expect.stringMatching(/^Wrong code\./)]);
    const fifth = await verify(email, wrong(code));
    expect(fifth.statusCode).toBe(400);
    expect(body(fifth).message).toMatch(/Too many wrong tries/);
    expectInvalid(await verify(email, code));
  });

  it('lock the account for 24 hours at the 20th failure across re-sent codes; spoofed X-Forwarded-For changes nothing', async () => {
    const email = uniqueEmail('locked');
    const spoofed = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });
    let failures = 0;
    // 19 failures over four codes (5 + 5 + 5 + 4), each try claiming to come from a new address.
    for (const tries of [5, 5, 5, 4]) {
      t.clock.advance(minutes(5));
      expect((await register(email)).statusCode).toBe(200);
      const code = await t.codeFor(email);
      for (let i = 0; i < tries; i++) expect((await verify(email, wrong(code), spoofed(++failures))).statusCode).toBe(400);
    }
    // A fifth code; the 20th failure on the account locks it, so even this code's right answer is refused.
    t.clock.advance(minutes(5));
    expect((await register(email)).statusCode).toBe(200);
    const code = await t.codeFor(email);
    expect(failures).toBe(19);
    const twentieth = await verify(email, wrong(code), spoofed(20));
    expect(twentieth.statusCode).toBe(429);
    for (const headers of [{}, spoofed(99), { 'x-forwarded-for': '198.51.100.8, 10.0.0.1' }]) {
      const res = await verify(email, code, headers);
      expect(res.statusCode).toBe(429);
      // Locked for the rest of the day, not the hour of the resend limit.
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(hours(23) / 1000);
      expect(body(res)).toMatchObject({ code: 429, message: expect.any(String) });
    }
    const resend = await register(email, spoofed(100));
    expect(resend.statusCode).toBe(429);
    expect(Number(resend.headers['retry-after'])).toBeGreaterThan(hours(23) / 1000);

    // Counted per account: another e-mail from the same client is unaffected.
    const other = await withCode();
    expect((await verify(other.email, other.code)).statusCode).toBe(200);

    // A day later the account may try again.
    t.clock.advance(hours(24) + minutes(1));
    expect((await register(email)).statusCode).toBe(200);
    expect((await verify(email, await t.codeFor(email))).statusCode).toBe(200);
  });

  it('can be sent again after a cooldown that doubles with each send, 5 times an hour at most', async () => {
    const email = uniqueEmail('resend');
    const sent = async () => okData(await register(email), signUpCodeSentData).resendAfter;
    expect(await sent()).toBe(30);
    for (const [wait, nextWait] of [
      [30, 60],
      [60, 120],
      [120, 240],
    ] as const) {
      t.clock.advance((wait - 5) * 1000);
      const early = await register(email);
      expect(early.statusCode).toBe(429);
      const left = Number(early.headers['retry-after']);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(5);
      expect(body(early)).toEqual({ code: 429, message: `Please wait ${left} seconds before asking for another code.` });
      t.clock.advance(5_000);
      expect(await sent()).toBe(nextWait);
    }
    t.clock.advance(240_000);
    // The fifth send of the hour: the next one waits for the hour to pass, and the answer says so.
    const fifth = await sent();
    expect(fifth).toBeGreaterThan(minutes(50) / 1000);
    expect(fifth).toBeLessThanOrEqual(minutes(60) / 1000);

    t.clock.advance(minutes(5));
    const sixth = await register(email);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(minutes(40) / 1000);
    expect(body(sixth)).toMatchObject({ code: 429, message: expect.stringMatching(/^You asked for too many codes\. Try again in \d+ minutes\.$/) });
    expect(await t.mailCount(email)).toBe(5);

    t.clock.advance(hours(1));
    expect(await sent()).toBe(30);
  });

  it('space reset codes the same way, for a member and for an unknown e-mail alike', async () => {
    const member = await t.signUp();
    for (const email of [member.email, uniqueEmail('nobody')]) {
      const forgot = () => t.app.inject({ method: 'POST', url: '/api/forgot_password', payload: { email } });
      expect(okData(await forgot(), forgotPasswordData).resendAfter).toBe(30);
      const early = await forgot();
      expect(early.statusCode).toBe(429);
      expect(body(early).message).toMatch(/^Please wait \d+ seconds before asking for another code\.$/);
    }
  });
});
