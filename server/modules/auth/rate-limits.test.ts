import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';

// Check 6: every auth route is limited per client, and the limit answers before any body parsing or hashing.

const LIMIT = 3;
let t: TestApp;
let member: Awaited<ReturnType<TestApp['signUp']>>;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: String(LIMIT) } });
  // One call each of register, verify_otp and register/complete: within the limit of each route.
  member = await t.signUp();
});
afterAll(() => t?.close());

const login = (headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: member.email, password: member.password, deviceType: 1 },
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

function expectLimited(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  // The wire's error shape, nothing more.
  expect(res.json()).toEqual({ code: 429, message: expect.any(String) });
}

describe('auth rate limits', () => {
  it('answer the (N+1)th sign-in with 429, even with the right password; a spoofed X-Forwarded-For does not reset it', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await login()).statusCode).toBe(200);
    expectLimited(await login());
    expectLimited(await login({ 'x-forwarded-for': '203.0.113.50' }));
    // Another client is counted on its own.
    expect((await login({}, '192.0.2.10')).statusCode).toBe(200);
  });

  it('do not run the handler once exceeded: no code is mailed', async () => {
    // Other addresses use up the allowance (one address's codes are spaced by their own cooldown).
    for (let i = 0; i < LIMIT; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/forgot_password', payload: { email: uniqueEmail('other') } });
      expect(res.statusCode).toBe(200);
    }
    const mailed = await t.mailCount(member.email);
    expectLimited(await t.app.inject({ method: 'POST', url: '/api/forgot_password', payload: { email: member.email } }));
    expect(await t.mailCount(member.email)).toBe(mailed);
  });

  it('count requests before the body is read: unparseable bodies use up the allowance', async () => {
    const garbage = { method: 'POST' as const, url: '/api/reset_password', headers: { 'content-type': 'application/json' }, payload: '{"email":' };
    for (let i = 0; i < LIMIT; i++) expect((await t.app.inject(garbage)).statusCode).toBe(400);
    expectLimited(await t.app.inject({ method: 'POST', url: '/api/reset_password', payload: { email: 'fresh@example.com', password: 'Trail-mix1!', token: 'x' } }));
  });

  it('count e-mail checks per signed-in member, whatever address they come from', async () => {
    const check = (token: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/validate-email', payload: { email: 'fresh@example.com' }, headers: t.bearer(token), remoteAddress });
    for (let i = 0; i < 30; i++) expect((await check(member.token, `198.51.100.${i + 1}`)).statusCode).toBe(200);
    expectLimited(await check(member.token, '198.51.100.200'));
  });
});
