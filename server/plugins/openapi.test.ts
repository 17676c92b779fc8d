import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Every accounts-API call the SPA and the apps make, with its method (architecture.md: every path is documented). */
const CALLS = {
  '/api/validate-email': 'post',
  '/api/register': 'post',
  '/api/verify_otp': 'post',
  '/api/register/complete': 'post',
  '/api/login': 'post',
  '/api/forgot_password': 'post',
  '/api/reset_password': 'post',
  '/api/logout': 'post',
  '/api/checkSocialLogin': 'post',
  '/api/social-login': 'post',
  '/api/profile': 'get',
  '/api/user-type': 'post',
  '/api/mapboxStyleUrl': 'get',
  '/api/contact': 'post',
  '/api/health': 'get',
  '/api/config': 'get',
} as const;

type OpenApi = { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>> };

describe('GET /api/docs/json', () => {
  it('documents every call with its method, request body and 200 response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApi>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const [path, method] of Object.entries(CALLS)) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method.toUpperCase()} ${path}`).toBeDefined();
      expect(operation!.responses, path).toHaveProperty('200');
      if (method === 'post' && path !== '/api/logout') expect(operation!.requestBody, path).toBeDefined();
    }
  });
});
