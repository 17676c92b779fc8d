import type { FastifyBaseLogger } from 'fastify';
import type { ClientMessage, LiveMessage } from '#contract/realtime';
import type { LivePoint } from '#contract/live';
import type { Deps } from '../deps';
import { AppError } from '../lib/errors';
import { loadLive } from '../policy/live-access';
import { mayWatchLive, stillWatchable } from '../policy/live-policy';
import { receivePositions } from '../modules/live/live-positions';
import { noteView } from '../modules/live/live-views';
import type { Held, SocketRegistry } from './socket-registry';

/**
 * Live sessions over the socket (issue 26). A viewer's socket watches the sessions on their screen (`watch-live`),
 * each allowed by the policy (`mayWatchLive`) when the watch arrives; positions a sharer sends are fanned out through
 * the bus to every process, each sending them at once to the sockets it holds that watch that session. The sharer's
 * app may send its batches here too (`live-positions`), answered with `live-ack`.
 *
 * Check 20: a viewer who may no longer watch stops within 5 s. Whatever changes who may watch publishes a
 * `live-recheck` (a block, unfollow or removed follower through the outbox's relationship entries; the sharer's people
 * or the session's end from the live module), and every process asks the policy again for the watches concerned and
 * cuts the refused ones with `live-gone`. Nothing is asked on the way out of a position: at 1,000 sharers with ten
 * watchers each that would be thousands of policy queries a second, each holding a position back (P13). As a net for a
 * `live-recheck` the bus lost (Redis away), every `SWEEP_MS` the watches not asked for `RECHECK_MS` are asked again,
 * many in one statement (`stillWatchable`).
 */

export const RECHECK_MS = 30_000;
export const SWEEP_MS = 10_000;
/** Watches asked in one statement of the sweep. */
const SWEEP_CHUNK = 1_000;
export const liveKey = (liveId: number) => `live:${liveId}`;

type LiveDeps = Deps & { log: FastifyBaseLogger };

export function liveWatch(registry: SocketRegistry, deps: LiveDeps) {
  /** The sharer of each session watched here: a recheck between two members finds the watches it concerns. */
  const sharers = new Map<number, number>();
  const now = () => deps.clock.now();

  async function mayWatch(userId: number, liveId: number) {
    const live = await loadLive(deps.db, liveId);
    if (!live) return false;
    sharers.set(liveId, live.userId);
    return mayWatchLive(deps.db, userId, live, now());
  }

  function cut(held: Held, liveId: number) {
    registry.unwatch(held, liveKey(liveId));
    registry.send([held], { type: 'live-gone', liveId });
  }

  async function watch(held: Held, liveId: number) {
    const checkedAt = now().getTime();
    if (!(await mayWatch(held.userId, liveId))) return cut(held, liveId);
    registry.watch(held, liveKey(liveId), checkedAt);
    if (sharers.get(liveId) !== held.userId) await noteView(deps.db, liveId, held.userId, now());
  }

  async function positions(held: Held, liveId: number, points: LivePoint[]) {
    try {
      const ack = await receivePositions(deps, held.userId, liveId, points);
      registry.send([held], { type: 'live-ack', ...ack });
    } catch (error) {
      // Not theirs, or refused (an associate without `share_live`): no ack, so the app sends it over HTTP and hears why.
      if (!(error instanceof AppError)) throw error;
    }
  }

  /** Asks again for these watchers of `liveId`, cutting those refused; the rest are marked checked now. */
  async function recheck(liveId: number, watchers: Held[]) {
    const checkedAt = now().getTime();
    const answers = new Map<number, boolean>();
    for (const userId of new Set(watchers.map((w) => w.userId))) answers.set(userId, await mayWatch(userId, liveId));
    for (const w of watchers) {
      if (answers.get(w.userId)) registry.checked(w, liveKey(liveId), checkedAt);
      else cut(w, liveId);
    }
  }

  /** The net: every watch here not asked for `RECHECK_MS`, asked again in batches; the refused are cut. */
  async function sweep() {
    const at = now();
    const due: { held: Held; liveId: number }[] = [];
    for (const liveId of sharers.keys()) {
      const key = liveKey(liveId);
      const watchers = registry.watchersOf(key);
      if (watchers.length === 0) sharers.delete(liveId);
      for (const held of watchers) if (at.getTime() - (held.watching.get(key) ?? 0) >= RECHECK_MS) due.push({ held, liveId });
    }
    for (let i = 0; i < due.length; i += SWEEP_CHUNK) {
      const chunk = due.slice(i, i + SWEEP_CHUNK);
      const allowed = await stillWatchable(deps.db, chunk.map((d) => ({ viewerId: d.held.userId, liveId: d.liveId })), at);
      for (const { held, liveId } of chunk) {
        if (allowed.has(`${held.userId}:${liveId}`)) registry.checked(held, liveKey(liveId), at.getTime());
        else cut(held, liveId);
      }
    }
  }

  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep()
      .catch((err: unknown) => deps.log.warn({ err }, 'live sessions: the re-check sweep failed; trying again next tick'))
      .finally(() => {
        sweeping = false;
      });
  }, SWEEP_MS).unref();

  return {
    /** A `watch-live`, `unwatch-live` or `live-positions` frame of `held`, already parsed. */
    async receive(held: Held, message: Extract<ClientMessage, { type: 'watch-live' | 'unwatch-live' | 'live-positions' }>) {
      if (held.closed) return;
      if (message.type === 'unwatch-live') return registry.unwatch(held, liveKey(message.id));
      if (message.type === 'watch-live') return watch(held, message.id);
      return positions(held, message.id, message.points);
    },

    /** A session's message to the sockets here watching it (each allowed when it watched, and since by every recheck). */
    fanOut(liveId: number, message: LiveMessage) {
      registry.send(registry.watchersOf(liveKey(liveId)), message);
    },

    /** Who may watch changed: every watcher of `liveId`, or the watches between two `members`, asked again now. */
    recheck(change: { liveId?: number | undefined; members?: [number, number] | undefined }) {
      const work: Promise<unknown>[] = [];
      for (const [liveId, sharerId] of sharers) {
        const watchers = registry.watchersOf(liveKey(liveId));
        let concerned: Held[] = [];
        if (change.liveId === liveId) concerned = watchers;
        else if (change.members && change.members.includes(sharerId)) {
          const other = change.members[0] === sharerId ? change.members[1] : change.members[0];
          concerned = watchers.filter((w) => w.userId === other);
        }
        if (concerned.length > 0) work.push(recheck(liveId, concerned).catch((err: unknown) => deps.log.warn({ err }, 'live sessions: a re-check failed')));
      }
      return Promise.all(work);
    },

    /** Sweeps now rather than at the next tick (tests). */
    sweep,
    close: () => clearInterval(timer),
  };
}
