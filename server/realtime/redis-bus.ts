import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import * as z from 'zod/mini';
import { notification } from '#contract/notifications';
import { liveMessage, threadMessage } from '#contract/realtime';
import { listenerReach, type Bus, type BusMessage } from './bus';

export const DEFAULT_CHANNEL = 'switchback:live';

/** What one process puts on the channel: the message, and who sent it so the sender does not hear it twice. */
const envelope = z.strictObject({
  origin: z.string().check(z.maxLength(64)),
  message: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('deliver'), userId: z.int(), message: liveMessage }),
    z.strictObject({
      type: z.literal('build'),
      userId: z.int(),
      entries: z
        .array(
          z.discriminatedUnion('type', [
            z.strictObject({ type: z.literal('notification'), notification }),
            z.strictObject({ type: z.literal('badge') }),
            z.strictObject({ type: z.literal('relationship'), otherId: z.int() }),
          ]),
        )
        .check(z.maxLength(10_000)),
    }),
    z.strictObject({ type: z.literal('thread'), message: threadMessage, exceptUserId: z.optional(z.int()) }),
    z.strictObject({
      type: z.literal('sessions-ended'),
      userId: z.int(),
      sessionIds: z.optional(z.array(z.int()).check(z.maxLength(10_000))),
    }),
    z.strictObject({ type: z.literal('live'), liveId: z.int(), message: liveMessage }),
    z.strictObject({ type: z.literal('live-recheck'), liveId: z.optional(z.int()), members: z.optional(z.tuple([z.int(), z.int()])) }),
  ]),
});

/** A polite QUIT when connected (pending publishes go out first), never waiting on a Redis that is away. */
async function hangUp(client: Redis) {
  if (client.status === 'ready') {
    await Promise.race([client.quit().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  }
  client.disconnect();
}

function parseEnvelope(text: string) {
  try {
    const parsed = envelope.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Redis pub/sub on one channel: one connection publishes, one listens. Every process hears every message and acts
 * on the sockets it holds. The publishing process hands the message to its own listeners at once, so its sockets
 * are served even while Redis is away; Redis carries it to the others.
 *
 * While Redis is down, a publish waits briefly for the reconnect (a blip loses nothing) and is then logged and
 * dropped: a late notification is worth less than a request that hangs. Sockets that miss a `sessions-ended` this
 * way are still closed by the periodic session check (socket-routes.ts).
 */
export function createRedisBus(url: string, log: FastifyBaseLogger, options: { channel?: string } = {}): Bus {
  const channel = options.channel ?? DEFAULT_CHANNEL;
  const origin = randomUUID();
  const listeners = new Set<(message: BusMessage) => void>();
  const reach = listenerReach();
  // maxRetriesPerRequest 1 empties the publish queue after two failed reconnects; commandTimeout bounds the wait.
  const publisher = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000, connectionName: 'switchback-live-pub' });
  // The one command the listener sends is SUBSCRIBE (again on every reconnect): it waits for Redis however long.
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, connectionName: 'switchback-live-sub' });

  // ioredis reports every failed reconnect; one line when the link drops and one when it is back is enough.
  for (const [name, client] of [['publisher', publisher], ['subscriber', subscriber]] as const) {
    let down = false;
    client.on('error', (err: Error) => {
      if (down) return;
      down = true;
      log.warn({ err }, `live bus: Redis ${name} connection lost; reconnecting`);
    });
    client.on('ready', () => {
      if (down) log.info(`live bus: Redis ${name} connection back`);
      down = false;
    });
  }

  function dispatch(message: BusMessage) {
    for (const listener of listeners) {
      try {
        listener(message);
      } catch (err) {
        log.error({ err }, 'live bus: a listener failed');
      }
    }
  }

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const received = parseEnvelope(text);
    if (!received) {
      log.warn({ channel }, 'live bus: ignored a malformed message');
      return;
    }
    if (received.origin !== origin) dispatch(received.message);
  });
  subscriber.subscribe(channel).catch((err: unknown) => log.error({ err, channel }, 'live bus: could not subscribe'));

  return {
    async publish(message) {
      dispatch(message);
      try {
        await publisher.publish(channel, JSON.stringify({ origin, message }));
      } catch (err) {
        log.warn({ err, type: message.type }, 'live bus: Redis unavailable, message dropped for other processes');
      }
    },
    subscribe(listener, members) {
      listeners.add(listener);
      const forget = reach.add(members);
      return () => {
        listeners.delete(listener);
        forget();
      };
    },
    reachesHere: reach.reaches,
    shared: true,
    async close() {
      listeners.clear();
      reach.clear();
      await Promise.all([hangUp(publisher), hangUp(subscriber)]);
    },
  };
}
