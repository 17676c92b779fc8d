import { eq, sql } from 'drizzle-orm';
import type { LivePoint, LivePositionsAck } from '#contract/live';
import type { Deps } from '../../deps';
import { livePoints, liveSessions } from '../../db/schema/live';
import { loadOwnLive } from '../../policy/live-access';
import { isInsideZone, type StoredZone } from '../activities/privacy/privacy-zones';
import { memberPrivacy } from '../activities/privacy/privacy-service';
import { geodesicDistance } from '../map-routes/geodesy';
import { nextCheckAt, scheduleCheck } from './live-safety';
import { forViewers } from './viewer-position';

/** Positions closer in time than this to the one before are dropped: a phone may report several a second. */
const MIN_GAP_MS = 1_000;
/** A device clock this far ahead of ours is still believed; further, the position is dropped. */
const CLOCK_SKEW_MS = 60_000;


type Last = { t: number | null; lng: number | null; lat: number | null; distanceM: number; hidden: boolean };
export type StoredPoint = { t: number; lng: number; lat: number; ele: number | null; hidden: boolean; resumes: boolean; distanceM: number };

/**
 * A batch as it is stored: sorted, those not newer than the last stored (a batch sent again) or too close to the one
 * before dropped, and each marked `hidden` when it lies inside one of the sharer's privacy zones or within their hidden
 * start (`hideEndsM` along the track from the first position). `resumes` marks a shown position after hidden ones.
 */
export function storedPoints(points: readonly LivePoint[], last: Last, window: { from: number; to: number }, privacy: { zones: StoredZone[]; hideEndsM: number }) {
  const out: StoredPoint[] = [];
  let { t, lng, lat, distanceM, hidden } = last;
  for (const p of [...points].sort((a, b) => a.t - b.t)) {
    if (p.t < window.from || p.t > window.to) continue;
    if (t !== null && p.t < t + MIN_GAP_MS) continue;
    if (lng !== null && lat !== null) distanceM += geodesicDistance([lng, lat], [p.lng, p.lat]);
    const isHidden = distanceM < privacy.hideEndsM || privacy.zones.some((zone) => isInsideZone([p.lng, p.lat], zone));
    out.push({ t: p.t, lng: p.lng, lat: p.lat, ele: p.ele ?? null, hidden: isHidden, resumes: !isHidden && hidden, distanceM });
    ({ t, lng, lat } = p);
    hidden = isHidden;
  }
  return out;
}

/**
 * `POST /api/live/:liveId/positions` and the socket's `live-positions`: stores a batch of the sharer's own session and
 * sends what others may see of it to its watchers. A paused or ended session keeps nothing new; any batch tells the
 * safety check the sharer is still there. Answers up to when positions are stored, so the app drops what it kept.
 */
export async function receivePositions(deps: Deps, userId: number, liveId: number, points: readonly LivePoint[]): Promise<LivePositionsAck> {
  const now = deps.clock.now();
  // Before the transaction, not beside it: PGlite has one connection, which the transaction holds.
  const privacy = await memberPrivacy(deps.db, userId);
  const result = await deps.db.transaction(async (tx) => {
    const live = await loadOwnLive(tx, userId, liveId, { forUpdate: true });
    if (live.status === 'ended') return { live, stored: [] as StoredPoint[] };
    if (live.status === 'paused') {
      await tx.update(liveSessions).set({ lastSeenAt: now }).where(eq(liveSessions.id, liveId));
      return { live, stored: [] as StoredPoint[] };
    }
    const lastHidden = live.lastT !== null && (live.visibleT === null || live.visibleT < live.lastT);
    const stored = storedPoints(
      points,
      { t: live.lastT, lng: live.lastLng, lat: live.lastLat, distanceM: live.distanceM, hidden: lastHidden },
      { from: live.startedAt.getTime() - CLOCK_SKEW_MS, to: now.getTime() + CLOCK_SKEW_MS },
      privacy,
    );
    // Positions flowing again answer a pending "Are you OK?" about silence.
    const answered = live.checkReason === 'silence' ? { checkSentAt: null, checkReason: null, alertedAt: null } : {};
    // An answered check is followed by the next one from now on.
    const reschedule = async () => {
      if (!live.checkSentAt || live.checkReason !== 'silence') return;
      const [after] = await tx.select().from(liveSessions).where(eq(liveSessions.id, liveId));
      await scheduleCheck(tx, deps.clock, liveId, nextCheckAt(after!));
    };
    if (stored.length === 0) {
      await tx.update(liveSessions).set({ lastSeenAt: now, ...answered }).where(eq(liveSessions.id, liveId));
      await reschedule();
      return { live, stored };
    }
    const newest = stored.at(-1)!;
    const shown = stored.filter((p) => !p.hidden).at(-1);
    const insert = tx
      .insert(livePoints)
      .values(stored.map((p) => ({ liveId, t: p.t, lng: p.lng, lat: p.lat, ele: p.ele, hidden: p.hidden, resumes: p.resumes })))
      .onConflictDoNothing();
    const update = tx
      .update(liveSessions)
      .set({
        lastSeenAt: now,
        ...answered,
        lastT: newest.t,
        lastLng: newest.lng,
        lastLat: newest.lat,
        distanceM: newest.distanceM,
        ...(shown ? { visibleT: shown.t, visibleLng: shown.lng, visibleLat: shown.lat, visibleDistanceM: shown.distanceM } : {}),
      })
      .where(eq(liveSessions.id, liveId));
    // The positions and the session's row in one statement, a round trip a batch fewer (P13). As SQL, not as the
    // builders: a builder inside `sql` is written as a parenthesised subquery, which a WITH does not take.
    await tx.execute(sql`with stored as (${insert.getSQL()}) ${update.getSQL()}`);
    await reschedule();
    return { live, stored };
  });
  const { live, stored } = result;
  const shown = stored.filter((p) => !p.hidden);
  if (shown.length > 0) {
    const newest = shown.at(-1)!;
    // Not waited for: the sharer's answer does not hang on Redis (a publish never throws; the in-process bus delivers
    // within the call).
    void deps.bus.publish({
      type: 'live',
      liveId,
      message: {
        type: 'live-position',
        liveId,
        points: shown.map((p) => [...forViewers(p.lng, p.lat), p.t] as [number, number, number]),
        resume: shown[0]!.resumes,
        distanceM: Math.round(newest.distanceM),
        lastAt: new Date(newest.t).toISOString(),
      },
    });
  }
  // Every position of the batch is settled, kept or left out for good (sent again, too close, paused): none to resend.
  return { liveId, storedUntil: Math.max(live.lastT ?? 0, ...points.map((p) => p.t)), status: live.status };
}
