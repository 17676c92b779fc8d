import { and, count, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabasePoolStats } from '../db/client';
import { jobs } from '../db/schema/jobs';
import type { Deps } from '../deps';
import { AppError } from '../lib/errors';
import { sameHash, sha256 } from '../lib/secrets';

/**
 * Prometheus metrics at `/metrics` (issue 27), only when METRICS_TOKEN is set, and only for a scraper that sends it
 * (`Authorization: Bearer <token>`): request rate, latency and errors per route, the database pool, the job queue, open
 * sockets, and Node's own (memory, CPU, event-loop lag, GC). Each app has a registry of its own (tests build several in
 * one process). Routes are labelled by their pattern (`/api/feeds/:feedId`), never the address asked for, so a
 * scanner's made-up paths add no series.
 */
export function registerMetrics(app: FastifyInstance, deps: Deps, token: string | undefined, poolStats: (() => DatabasePoolStats) | undefined) {
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by method, route and status.', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const errors = new Counter({ name: 'http_server_errors_total', help: 'Requests answered with a 5xx, by method and route.', labelNames: ['method', 'route'], registers: [registry] });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method and route.',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients); the embedded database has one.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = poolStats?.() ?? { total: 1, idle: 0, waiting: 0 };
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });
  new Gauge({
    name: 'job_queue_due',
    help: 'Background jobs due and not done (waiting or running).',
    registers: [registry],
    async collect() {
      const [row] = await deps.db.select({ n: count() }).from(jobs).where(and(isNull(jobs.doneAt), lte(jobs.runAt, deps.clock.now())));
      this.set(row?.n ?? 0);
    },
  });
  new Gauge({
    name: 'live_sockets_open',
    help: 'Signed-in WebSockets this process holds.',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('liveSockets') ? app.liveSockets.count() : 0);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = { method: request.method, route };
    requests.inc({ ...labels, status: String(reply.statusCode) });
    if (reply.statusCode >= 500) errors.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const expected = sha256(token);
  app.get('/metrics', { config: { rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !sameHash(sha256(given), expected)) throw new AppError(401, 'A metrics token is required.');
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}
