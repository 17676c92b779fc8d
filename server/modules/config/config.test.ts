import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigData } from '#contract/runtime-config';
import { createTestApp, okData, type TestApp } from '../../test/test-app';

// With Google configured, see auth/social-login.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /api/config without Google', () => {
  it('hides Google sign-in', async () => {
    const data = okData(await t.app.inject({ method: 'GET', url: '/api/config' }), publicConfigData);
    expect(data).toEqual({ googleClientId: null, googleAuthorizeUrl: null, socketUrl: null });
  });

  it('answers social sign-in calls with 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/checkSocialLogin', payload: { provider: 'google', idToken: 'x.y.z' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
  });
});
