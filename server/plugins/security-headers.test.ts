import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// Check 9: every response carries a CSP that forbids inline and eval'd script, plus nosniff and a Referrer-Policy.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The policy as directive -> sources. */
function parseCsp(header: unknown) {
  expect(typeof header).toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  const cases = {
    'an API success': { method: 'GET' as const, url: '/api/health' },
    'an API 404': { method: 'GET' as const, url: '/api/no-such-thing' },
    'an API 400': { method: 'POST' as const, url: '/api/login', payload: {} },
  };

  for (const [name, request] of Object.entries(cases)) {
    it(`are on ${name}`, async () => {
      const res = await t.app.inject(request);
      const csp = parseCsp(res.headers['content-security-policy']);
      const scripts = csp.get('script-src') ?? csp.get('default-src');
      expect(scripts).toContain("'self'");
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      // Mapbox GL runs its workers from blob: URLs.
      expect(csp.get('worker-src')).toContain('blob:');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
    });
  }
});
