import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config';

/**
 * The one place rate limits are set up: @fastify/rate-limit, off unless a route asks (`config.rateLimit`). With
 * `REDIS_URL` the counts live in Redis, so two API processes behind one balancer share each allowance instead of
 * doubling it; without it they are this process's own, which is all one process needs.
 */
export async function registerRateLimits(app: FastifyInstance, config: Pick<AppConfig, 'redisUrl' | 'redisChannel'>) {
  const redis = config.redisUrl
    ? // Short waits: a request never hangs on an unreachable Redis (the plugin's README recommends both).
      new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, connectionName: 'switchback-rate-limit' })
    : undefined;
  if (redis) {
    // ioredis reports every failed reconnect; the bus already logs Redis being away, one line here is enough.
    let down = false;
    redis.on('error', (err) => {
      if (!down) app.log.warn({ err }, 'rate limits: Redis unreachable; requests pass unlimited until it is back');
      down = true;
    });
    redis.on('ready', () => (down = false));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis
      ? {
          redis,
          // Installations (and test runs) sharing one Redis keep their counts apart, as their live channels are.
          nameSpace: `${config.redisChannel}:rate-limit:`,
          // While Redis is away, requests pass: the limits that guard accounts (codes, passwords) are counted in the
          // database and hold regardless; a 500 on every sign-in would be worse than a short unlimited spell.
          skipOnError: true,
        }
      : {}),
  });
}

/**
 * A route's `config` for the limits above, counted per member: members behind one address (an office, a carrier's
 * NAT) would otherwise share one allowance, and one member could spend more of it from several addresses. Requests
 * with no session are counted by address.
 */
export const memberRateLimit = (max: number, timeWindow = '1 minute') => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (req: FastifyRequest) => (req.session ? `member:${req.session.user.id}` : req.ip),
  },
});
