import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';
import { liveMessage } from '../modules/notifications/outbox';
import type { LiveEntry } from './bus';
import type { SocketRegistry } from './socket-registry';

/**
 * The `build` messages of the bus (bus.ts): another process changed something for a member it holds no socket of.
 * When this process holds one, it builds the member's messages from the database as it now stands and pushes them to
 * those sockets; otherwise it reads nothing. One member's messages go out in the order they were sent, as when the
 * sender builds them, even when building one takes longer than the next.
 */
export function buildHere(registry: SocketRegistry, deps: Pick<Deps, 'db' | 'storage' | 'clock'>, log: FastifyBaseLogger) {
  const turns = new Map<number, Promise<void>>();
  return (userId: number, entries: LiveEntry[]) => {
    if (registry.count(userId) === 0) return;
    const turn = (turns.get(userId) ?? Promise.resolve())
      .then(async () => {
        for (const entry of entries) {
          if (registry.count(userId) === 0) return;
          registry.deliver(userId, await liveMessage(deps, userId, entry));
        }
      })
      .catch((err: unknown) => log.warn({ err, userId }, 'live sockets: a message could not be built; the member sees the change on their next refresh'))
      .finally(() => {
        if (turns.get(userId) === turn) turns.delete(userId);
      });
    turns.set(userId, turn);
  };
}
