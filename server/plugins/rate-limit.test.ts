import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test/test-app';

// Issue 18: with REDIS_URL, two API processes share one allowance (the counts live in Redis) instead of each
// granting its own. Runs when REDIS_URL is set (CI and .ci/run set it when Redis answers).

const LIMIT = 3;

describe.runIf(process.env.REDIS_URL)('rate limits across two API processes joined by Redis', () => {
  let t: TestApp;
  let other: TestApp['app'];

  beforeAll(async () => {
    // This run's own namespace (and live channel), so parallel runs never count each other's requests.
    t = await createTestApp({ env: { REDIS_URL: process.env.REDIS_URL!, REDIS_CHANNEL: `switchback-test:${randomUUID()}`, AUTH_RATE_LIMIT: String(LIMIT) } });
    other = await buildApp({ config: { ...t.config, jobPollMs: 0 }, db: t.db, clock: t.clock });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const register = (app: TestApp['app'], remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/register', payload: { email: 'not-an-address' }, remoteAddress });

  it('counts one client’s requests on either process against one allowance', async () => {
    const client = '198.51.100.7';
    // Alternating processes: in memory each would have seen only two of these four.
    const answers = [];
    for (const app of [t.app, other, t.app, other]) answers.push((await register(app, client)).statusCode);
    expect(answers).toEqual([400, 400, 400, 429]);
    expect((await register(t.app, client)).statusCode).toBe(429);
    // Another client still has its own allowance, on both.
    expect((await register(other, '198.51.100.8')).statusCode).toBe(400);
  });
});
