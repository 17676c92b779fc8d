import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import { createInProcessBus, type Bus } from './bus';
import { createRedisBus } from './redis-bus';

/** Redis pub/sub when `REDIS_URL` is set, so every API process hears every message; otherwise this process alone. */
export function createBus(config: Pick<AppConfig, 'redisUrl' | 'redisChannel'>, log: FastifyBaseLogger): Bus {
  return config.redisUrl ? createRedisBus(config.redisUrl, log, { channel: config.redisChannel }) : createInProcessBus();
}
