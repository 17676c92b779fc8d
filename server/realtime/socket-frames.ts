import type { FastifyBaseLogger } from 'fastify';
import type { RawData } from 'ws';
import { clientMessage, MAX_WATCHED_THREADS } from '#contract/realtime';
import type { liveWatch } from './live-watch';
import type { Held } from './socket-registry';
import type { threadWatch } from './thread-watch';

/** Frames a socket may have waiting; more are dropped (a client never sends that many at once). */
const MAX_WAITING = 2 * MAX_WATCHED_THREADS;

/**
 * What a client sends over `/ws` (contract/realtime.ts `clientMessage`): parsed once, then handed to comment threads
 * (thread-watch.ts) or live sessions (live-watch.ts). A socket's frames run one after another, so an `unwatch` right
 * after a `watch` ends unwatched and a sharer's batches are stored in the order sent. Anything else is ignored.
 */
export function socketFrames(handlers: { threads: ReturnType<typeof threadWatch>; live: ReturnType<typeof liveWatch> }, log: FastifyBaseLogger) {
  const queues = new WeakMap<Held, { tail: Promise<void>; waiting: number }>();

  async function apply(held: Held, frame: RawData) {
    let parsed;
    try {
      parsed = clientMessage.safeParse(JSON.parse(frame.toString()));
    } catch {
      return;
    }
    if (!parsed.success || held.closed) return;
    const message = parsed.data;
    if (message.type === 'watch' || message.type === 'unwatch') return handlers.threads.receive(held, message);
    return handlers.live.receive(held, message);
  }

  return {
    receive(held: Held, frame: RawData, isBinary: boolean) {
      if (isBinary) return;
      const queue = queues.get(held) ?? { tail: Promise.resolve(), waiting: 0 };
      queues.set(held, queue);
      if (queue.waiting >= MAX_WAITING) return;
      queue.waiting++;
      queue.tail = queue.tail
        .then(() => apply(held, frame))
        .catch((err: unknown) => log.warn({ err }, 'live socket: a frame could not be handled'))
        .finally(() => {
          queue.waiting--;
        });
    },
  };
}
