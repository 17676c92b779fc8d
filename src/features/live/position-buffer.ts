import { MAX_BATCH_POINTS, MAX_BUFFERED_POINTS, type LivePoint } from '#contract/live';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';

/** Positions closer together than this are one too many: the wire expects at most one a second. */
export const MIN_POINT_GAP_MS = 1000;

type Stored = { points: LivePoint[]; lastT: number | null };

export const bufferKey = (liveId: number) => `${STORAGE_KEYS.livePositions}:${liveId}`;

/**
 * The sharer's positions not yet stored by the server, oldest first. Kept in memory and mirrored to storage under the
 * session's id, so a reload, a crash or a long spell without signal loses nothing; the server's acknowledgement
 * (`storedUntil`) is what drops them, never the sending, since a batch may be lost on the way.
 */
export function createPositionBuffer(liveId: number, storage: Storage | null = typeof localStorage === 'undefined' ? null : localStorage) {
  const key = bufferKey(liveId);
  const saved = storage ? readJson<Stored>(key, storage) : null;
  let points: LivePoint[] = Array.isArray(saved?.points) ? saved.points : [];
  /** The newest time ever kept, acknowledged or not: a position at or before it is a repeat. */
  let lastT: number | null = saved?.lastT ?? points.at(-1)?.t ?? null;

  const persist = () => {
    if (!storage) return;
    try {
      if (points.length === 0 && lastT === null) storage.removeItem(key);
      else writeJson(key, { points, lastT } satisfies Stored, storage);
    } catch {
      // Storage full or refused (private mode): the memory copy still holds them until sent.
    }
  };

  return {
    /** Keeps `point` unless it repeats one or comes within a second of the last; false when it was not kept. */
    add(point: LivePoint) {
      if (lastT !== null && point.t < lastT + MIN_POINT_GAP_MS) return false;
      points.push(point);
      lastT = point.t;
      // Past the cap the oldest go first: the newest say where the sharer is now.
      if (points.length > MAX_BUFFERED_POINTS) points = points.slice(points.length - MAX_BUFFERED_POINTS);
      persist();
      return true;
    },
    /** The oldest positions waiting, at most `max` (what one request may carry). */
    batch(max: number = MAX_BATCH_POINTS) {
      return points.slice(0, Math.min(max, MAX_BATCH_POINTS));
    },
    /** The server holds everything up to `storedUntil` (epoch ms): those are dropped here. */
    ack(storedUntil: number) {
      const before = points.length;
      points = points.filter((p) => p.t > storedUntil);
      if (points.length !== before) persist();
    },
    size: () => points.length,
    /** Forgets the session's positions here and in storage (it ended). */
    clear() {
      points = [];
      lastT = null;
      storage?.removeItem(key);
    },
  };
}

export type PositionBuffer = ReturnType<typeof createPositionBuffer>;
