import type { FastifyBaseLogger } from 'fastify';
import type { ClientMessage, ThreadMessage, ThreadSubject } from '#contract/realtime';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { loadViewableEvent } from '../policy/event-access';
import { loadViewableActivity } from '../policy/activity-access';
import { loadViewableFeed } from '../policy/feed-access';
import type { Held, SocketRegistry } from './socket-registry';

/**
 * Live comment threads (contract/realtime.ts `watch`). A socket watches the threads its member has open; when a
 * comment is added, edited or deleted the comment service publishes a `thread` bus message after the commit, and every
 * process sends it to the sockets it holds that watch that thread. Sending to everyone who may see a public post
 * would be unbounded; the watchers of one thread are the members looking at it.
 *
 * Who may watch is the subject's own policy (`loadViewableFeed`, `loadViewableEvent`), asked when the watch arrives
 * and again before a message goes to a watcher whose answer is older than `RECHECK_MS`: a member who loses sight of
 * the subject (unfollowed by a private author, the post turned to a draft) stops hearing it by then, while a busy
 * thread costs its watchers' policy queries at most once per that interval.
 */

export const RECHECK_MS = 30_000;
export type ThreadClientMessage = Extract<ClientMessage, { type: 'watch' | 'unwatch' }>;

export const threadKey = (subject: ThreadSubject, id: number) => `${subject}:${id}`;

/** Whether `userId` may see the subject, and so watch its thread. A subject they may not see is the same as none. */
export async function mayWatch(db: Db, userId: number, subject: ThreadSubject, id: number) {
  try {
    await LOADERS[subject](db, userId, id);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return false;
    throw error;
  }
}

/** Each kind of thread's own loader, which answers 404 for a subject the member may not see. */
const LOADERS: Record<ThreadSubject, (db: Db, userId: number, id: number) => Promise<unknown>> = {
  feed: loadViewableFeed,
  event: loadViewableEvent,
  activity: loadViewableActivity,
};

type Deps = { db: Db; clock: Clock; log: FastifyBaseLogger };

export function threadWatch(registry: SocketRegistry, deps: Deps) {
  /** Each thread's messages go out in the order they were published, whatever their checks take. */
  const threads = new Map<string, Promise<void>>();
  const now = () => deps.clock.now().getTime();

  /** A watch or unwatch of `held`'s (socket-frames.ts runs a socket's frames one after another). */
  async function apply(held: Held, message: ThreadClientMessage) {
    if (held.closed) return;
    const { type, subject, id } = message;
    const key = threadKey(subject, id);
    if (type === 'unwatch') return registry.unwatch(held, key);
    const checkedAt = now();
    if (await mayWatch(deps.db, held.userId, subject, id)) registry.watch(held, key, checkedAt);
    else registry.unwatch(held, key);
  }

  /** Asks again, once per member, of the watchers whose answer is older than `RECHECK_MS`; then sends. */
  async function send(key: string, message: ThreadMessage, exceptUserId: number | undefined) {
    const watchers = registry.watchersOf(key).filter((w) => w.userId !== exceptUserId);
    const checkedAt = now();
    const stale = new Set(watchers.filter((w) => checkedAt - (w.watching.get(key) ?? 0) >= RECHECK_MS).map((w) => w.userId));
    const answers = new Map(
      await Promise.all(
        [...stale].map(async (userId) => {
          try {
            return [userId, (await mayWatch(deps.db, userId, message.subject, message.subjectId)) ? 'yes' : 'no'] as const;
          } catch (err) {
            // The database, not the member: this message skips them, and the next one asks again.
            deps.log.warn({ err }, 'live threads: a watcher could not be checked');
            return [userId, 'unknown'] as const;
          }
        }),
      ),
    );
    const allowed: Held[] = [];
    for (const w of watchers) {
      const answer = answers.get(w.userId) ?? 'yes';
      if (answer === 'no') registry.unwatch(w, key);
      if (answer !== 'yes') continue;
      if (answers.has(w.userId)) registry.checked(w, key, checkedAt);
      allowed.push(w);
    }
    registry.send(allowed, message);
  }

  return {
    /** A watch or unwatch the client sent, checked and applied. */
    receive: apply,

    /** A thread's message to the sockets here that watch it and whose member may (still) see its subject. */
    fanOut(message: ThreadMessage, exceptUserId?: number) {
      const key = threadKey(message.subject, message.subjectId);
      if (registry.watchersOf(key).length === 0 && !threads.has(key)) return Promise.resolve();
      const tail = (threads.get(key) ?? Promise.resolve())
        .then(() => send(key, message, exceptUserId))
        .catch((err: unknown) => deps.log.warn({ err }, 'live threads: a message could not be sent'));
      threads.set(key, tail);
      void tail.finally(() => {
        if (threads.get(key) === tail) threads.delete(key);
      });
      return tail;
    },
  };
}
