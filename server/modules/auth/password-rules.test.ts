import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSession, forgotPasswordData, verifyOtpData } from '#contract/auth';
import { password } from '#contract/rules';
import * as z from 'zod/mini';
import { minutes } from '../../lib/clock';
import { body, createTestApp, okData, uniqueEmail, uniqueName, type TestApp } from '../../test/test-app';
import { BREACHED_PASSWORD_MESSAGE } from './breached-passwords';

// Issue 19 item 4: any non-letter, non-digit is the symbol; breached and common passwords are refused (NIST 800-63B).

const firstError = (value: string) => {
  const result = z.safeParse(password, value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('the password rule (contract)', () => {
  it.each([
    ['Trail.Rider?2026', 'dot and question mark'],
    ['Rides 4 ever', 'spaces'],
    ['Höhenmeter_9', 'underscore and an umlaut'],
    ['bergstrasse€12', 'a currency sign'],
    ['Abcdef1!', 'one of the old seven'],
  ])('accepts %s (%s)', (value) => {
    expect(firstError(value)).toBeNull();
  });

  it.each([
    ['Trail.Rider?', 'Password must contain at least one digit'],
    ['TrailRider2026', 'Password must contain at least one symbol (anything but a letter or digit)'],
    // Letters of any script are letters, and digits of any script digits: neither counts as the symbol.
    ['Höhenmeter9', 'Password must contain at least one symbol (anything but a letter or digit)'],
    ['T.r2026', 'Password must be at least 8 characters'],
  ])('refuses %s: %s', (value, message) => {
    expect(firstError(value)).toBe(message);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

async function ticketFor(email: string) {
  await post('/api/register', { email });
  return okData(await post('/api/verify_otp', { email, otp: await t.codeFor(email), type: 1 }), verifyOtpData).token!;
}
const complete = (token: string, pw: string) =>
  post('/api/register/complete', { token, password: pw, handleName: uniqueName('pw'), firstName: 'Ines', lastName: 'Berg', dob: '1991-03-04', deviceType: 1 });

describe('choosing a password on the server', () => {
  it('signs up with Trail.Rider?2026 and signs in with it', async () => {
    const email = uniqueEmail('trail');
    const session = okData(await complete(await ticketFor(email), 'Trail.Rider?2026'), authSession);
    expect(session.user.email).toBe(email);
    expect((await t.signIn(email, 'Trail.Rider?2026')).statusCode).toBe(200);
  });

  it.each(['P@ssw0rd', 'pa$$w0rd', '1qaz!QAZ', 'Password1!', 'Summer2024!', 'Iloveyou2?'])(
    'refuses the breached password %s at sign-up, naming the field, and keeps the ticket',
    async (breached) => {
      const email = uniqueEmail('breach');
      const ticket = await ticketFor(email);
      const res = await complete(ticket, breached);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ code: 400, message: BREACHED_PASSWORD_MESSAGE, errors: { password: [BREACHED_PASSWORD_MESSAGE] } });
      // Nothing is lost: the same ticket takes a better password.
      expect(okData(await complete(ticket, 'Trail.Rider?2026'), authSession).user.email).toBe(email);
    },
  );

  it('refuses a breached password at reset, and the old password still signs in', async () => {
    const member = await t.signUp();
    t.clock.advance(minutes(5));
    const token = okData(await post('/api/forgot_password', { email: member.email }), forgotPasswordData).token;
    okData(await post('/api/verify_otp', { email: member.email, otp: await t.codeFor(member.email), type: 2, token }), verifyOtpData);
    const res = await post('/api/reset_password', { email: member.email, password: 'P@ssw0rd', token });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ password: [BREACHED_PASSWORD_MESSAGE] });
    expect((await t.signIn(member.email, member.password)).statusCode).toBe(200);
    expect((await post('/api/reset_password', { email: member.email, password: 'Trail.Rider?2026', token })).statusCode).toBe(200);
  });
});
