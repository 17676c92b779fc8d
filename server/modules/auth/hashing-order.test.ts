import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgotPasswordData, verifyOtpData } from '#contract/auth';
import { body, okData, PASSWORD, uniqueEmail, uniqueName, type TestApp } from '../../test/test-app';

// Check 6 and issue 17 item 13: a request that is going to be refused anyway costs no password hashing. The hasher
// is counted, not timed, so the test cannot pass or fail on a busy machine's noise.

vi.mock('../../lib/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/passwords')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword), verifyPassword: vi.fn(real.verifyPassword) };
});

let t: TestApp;
let hashPassword: typeof import('../../lib/passwords').hashPassword;
let verifyPassword: typeof import('../../lib/passwords').verifyPassword;
beforeAll(async () => {
  // Server test files share one module registry per worker (isolate: false), so the app a file before this one
  // loaded holds the real hasher. A fresh registry makes this file's app import the counted one above.
  vi.resetModules();
  ({ hashPassword, verifyPassword } = await import('../../lib/passwords'));
  const { createTestApp } = await import('../../test/test-app');
  t = await createTestApp();
});
afterAll(() => t?.close());
beforeEach(() => {
  vi.mocked(hashPassword).mockClear();
  vi.mocked(verifyPassword).mockClear();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const NEW_PASSWORD = 'Switch-back2#';

const profile = (token: string) => ({
  token,
  password: PASSWORD,
  handleName: uniqueName('h'),
  firstName: 'Robin',
  lastName: 'Ridge',
  dob: '1992-02-29',
  gender: 'male',
  deviceType: 1,
});

describe('register/complete', () => {
  it('refuses a bogus ticket without hashing the password', async () => {
    const res = await post('/api/register/complete', profile('bogus-ticket-that-was-never-issued'));
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toHaveProperty('token');
    expect(hashPassword).not.toHaveBeenCalled();
  });

  it('hashes once for a good ticket', async () => {
    const email = uniqueEmail();
    await post('/api/register', { email });
    const { token } = okData(await post('/api/verify_otp', { email, otp: await t.codeFor(email), type: 1 }), verifyOtpData);
    expect((await post('/api/register/complete', profile(token!))).statusCode).toBe(200);
    expect(hashPassword).toHaveBeenCalledTimes(1);
  });
});

describe('reset_password', () => {
  it('refuses a bogus token, and a real one whose code was not verified, without hashing', async () => {
    const member = await t.signUp();
    vi.mocked(hashPassword).mockClear();
    expect((await post('/api/reset_password', { email: member.email, password: NEW_PASSWORD, token: 'bogus-token' })).statusCode).toBe(400);
    const { token } = okData(await post('/api/forgot_password', { email: member.email }), forgotPasswordData);
    expect((await post('/api/reset_password', { email: member.email, password: NEW_PASSWORD, token })).statusCode).toBe(400);
    expect(hashPassword).not.toHaveBeenCalled();

    okData(await post('/api/verify_otp', { email: member.email, otp: await t.codeFor(member.email), type: 2, token }), verifyOtpData);
    expect((await post('/api/reset_password', { email: member.email, password: NEW_PASSWORD, token })).statusCode).toBe(200);
    expect(hashPassword).toHaveBeenCalledTimes(1);
  });
});

describe('login while the account is paused', () => {
  it('answers 429 without checking the password', async () => {
    const member = await t.signUp();
    for (let i = 0; i < 10; i++) expect((await t.signIn(member.email, 'Not-my-password9!')).statusCode).toBe(400);
    expect(verifyPassword).toHaveBeenCalledTimes(10);
    for (let i = 0; i < 5; i++) expect((await t.signIn(member.email, member.password)).statusCode).toBe(429);
    expect(verifyPassword).toHaveBeenCalledTimes(10);
  });
});
