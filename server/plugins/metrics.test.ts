import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../jobs/queue';
import { createTestApp, type TestApp } from '../test/test-app';

// Issue 27: /metrics for a Prometheus scraper holding METRICS_TOKEN; nobody else, and no route at all without one.

const TOKEN = 'metrics-token-for-the-scraper-0123';
let t: TestApp;
let plain: TestApp;
beforeAll(async () => {
  [t, plain] = await Promise.all([createTestApp({ env: { METRICS_TOKEN: TOKEN, JOB_POLL_MS: '0' } }), createTestApp()]);
});
afterAll(() => Promise.all([t?.close(), plain?.close()]));

const scrape = (token = TOKEN) => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
/** The value of one series in Prometheus' text format, or undefined when absent. */
const series = (text: string, line: string) => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

describe('GET /metrics', () => {
  it('counts requests per route pattern and status, times them, and reads the job queue and sockets', async () => {
    const member = await t.signUp();
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/feed/999999999', headers: t.bearer(member.token) });
    expect(missing.statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    await enqueue(t.db, t.clock, 'metrics.test', {});

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(series(text, 'http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(3);
    expect(series(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(series(text, 'http_request_duration_seconds_count{method="GET",route="/api/health"}')).toBe(3);
    expect(series(text, 'http_requests_total{method="GET",route="/api/feed/:feedId",status="404"}')).toBe(1);
    expect(text).not.toContain('999999999');
    expect(series(text, 'job_queue_due')).toBeGreaterThanOrEqual(1);
    expect(series(text, 'live_sockets_open')).toBe(0);
    expect(series(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(0);
    expect(series(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('answers 401 in the wire shape to a wrong or missing token, and is no route without METRICS_TOKEN', async () => {
    const wrong = await scrape('not-the-token-of-the-scraper');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 401, message: 'A metrics token is required.' });
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);

    const off = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(off.statusCode).toBe(404);
  });
});
