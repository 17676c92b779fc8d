import { and, asc, eq, ne } from 'drizzle-orm';
import type { ActivityVisibility } from '#contract/activities';
import { LIVE_ENDED_MESSAGE, type OwnLiveSession } from '#contract/live';
import { sportName } from '#contract/sports';
import type { Deps } from '../../deps';
import { livePoints, liveSessions } from '../../db/schema/live';
import { conflict, fieldError } from '../../lib/errors';
import { loadOwnLive, type LiveRow } from '../../policy/live-access';
import { importEntry } from '../activities/import-service';
import { activityGpx } from '../activities/views/activity-gpx';
import { nextCheckAt, scheduleCheck } from './live-safety';
import { ownSessionOf } from './live-views';

const NOTHING_TO_SAVE = 'Nothing was recorded yet: there is no track to save. Discard it, or keep going.';

/**
 * The session's track as an activity, through the import's own pipeline (a GPX of the stored positions: the same
 * numbers, views, privacy trimming and map pictures as an uploaded file). Answers its id, or null without a track.
 */
async function saveAsActivity(deps: Deps, live: LiveRow, save: { title?: string | undefined; visibility?: ActivityVisibility | undefined }) {
  const points = await deps.db
    .select({ t: livePoints.t, lng: livePoints.lng, lat: livePoints.lat, ele: livePoints.ele })
    .from(livePoints)
    .where(eq(livePoints.liveId, live.id))
    .orderBy(asc(livePoints.t));
  if (points.length < 2) return null;
  const streams = {
    time: points.map((p) => p.t / 1000),
    position: points.map((p): [number, number] => [p.lng, p.lat]),
    ...(points.some((p) => p.ele !== null) ? { elevation: points.map((p) => p.ele) } : {}),
  };
  const title = save.title?.trim() ?? '';
  const gpx = activityGpx(streams, { title, description: '', breaks: [] });
  const outcome = await importEntry(
    deps,
    live.userId,
    { path: `${title || `Live ${sportName(live.sportId).toLowerCase()}`}.gpx`, bytes: Buffer.from(gpx), meta: title ? { title } : null },
    { timeZone: live.timeZone, memberSports: [live.sportId], single: null, sportId: live.sportId, source: 'live', visibility: save.visibility ?? 'everyone' },
  );
  return outcome.activityId;
}

/**
 * Ends a session: the sharer's stop, or its expiry. Its watchers hear it ended and are let go at once; saved, its track
 * becomes an activity; either way its positions are then removed (the activity keeps the track; discarded is gone).
 * An expired session is saved for its owner alone, so nothing they recorded is lost. Answers the activity's id.
 */
export async function endLive(deps: Deps, live: LiveRow, save: { title?: string | undefined; visibility?: ActivityVisibility | undefined } | null) {
  const ended = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(liveSessions)
      .set({ status: 'ended', endedAt: deps.clock.now(), nextCheckAt: null })
      .where(and(eq(liveSessions.id, live.id), ne(liveSessions.status, 'ended')))
      .returning({ status: liveSessions.status });
    return row !== undefined;
  });
  if (!ended) return null;
  await deps.bus.publish({ type: 'live', liveId: live.id, message: { type: 'live-status', liveId: live.id, status: 'ended' } });
  await deps.bus.publish({ type: 'live-recheck', liveId: live.id });
  const activityId = save ? await saveAsActivity(deps, live, save) : null;
  await deps.db.transaction(async (tx) => {
    if (activityId !== null) await tx.update(liveSessions).set({ activityId }).where(eq(liveSessions.id, live.id));
    await tx.delete(livePoints).where(eq(livePoints.liveId, live.id));
  });
  return activityId;
}

/** `POST /api/live/:liveId/stop`: saving needs a track; ending twice answers what the first did. */
export async function stopLive(deps: Deps, userId: number, liveId: number, body: { save: boolean; title?: string | undefined; visibility?: ActivityVisibility | undefined }) {
  const live = await loadOwnLive(deps.db, userId, liveId);
  if (live.status === 'ended') {
    if (body.save && live.activityId === null) throw conflict(LIVE_ENDED_MESSAGE);
    return { liveId, activityId: live.activityId };
  }
  if (body.save) {
    const [two] = await deps.db.select({ t: livePoints.t }).from(livePoints).where(eq(livePoints.liveId, liveId)).limit(2).offset(1);
    if (!two) throw fieldError('save', NOTHING_TO_SAVE);
  }
  const activityId = await endLive(deps, live, body.save ? body : null);
  return { liveId, activityId };
}

/** The expiry: the safety check found the session past its end. */
export const expireLive = (deps: Deps, live: LiveRow) => endLive(deps, live, { visibility: 'only_me' }).then(() => undefined);

/** `POST /api/live/:liveId/state`: pause (positions are not kept; silence is not counted) or resume. */
export async function setLiveStatus(deps: Deps, userId: number, liveId: number, status: 'live' | 'paused'): Promise<OwnLiveSession> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const live = await loadOwnLive(tx, userId, liveId, { forUpdate: true });
    if (live.status === 'ended') throw conflict(LIVE_ENDED_MESSAGE);
    if (live.status === status) return;
    // Resuming counts silence from now, and a pending question about silence is moot.
    const silenceAnswered = live.checkReason === 'silence' ? { checkSentAt: null, checkReason: null, alertedAt: null } : {};
    const [after] = await tx
      .update(liveSessions)
      .set({ status, lastSeenAt: now, ...silenceAnswered })
      .where(eq(liveSessions.id, liveId))
      .returning();
    await scheduleCheck(tx, deps.clock, liveId, nextCheckAt(after!));
  });
  await deps.bus.publish({ type: 'live', liveId, message: { type: 'live-status', liveId, status } });
  return ownSessionOf(deps, await loadOwnLive(deps.db, userId, liveId));
}

/** `POST /api/live/:liveId/ok`: "I'm OK" — the question is answered, silence counts from now, the return may move. */
export async function answerCheck(deps: Deps, userId: number, liveId: number, expectedReturnAt: string | null | undefined): Promise<OwnLiveSession> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const live = await loadOwnLive(tx, userId, liveId, { forUpdate: true });
    if (live.status === 'ended') throw conflict(LIVE_ENDED_MESSAGE);
    // "I'm OK" past the return time, without a new one: no longer expected back at a time.
    let moved: Date | null | undefined = live.checkReason === 'overdue' && expectedReturnAt === undefined ? null : undefined;
    if (expectedReturnAt !== undefined) {
      moved = expectedReturnAt === null ? null : new Date(expectedReturnAt);
      if (moved && moved <= now) throw fieldError('expectedReturnAt', 'Your expected return is in the past: pick a later time.');
      if (moved && moved > live.expiresAt) throw fieldError('expectedReturnAt', 'That is after this session ends: pick an earlier return.');
    }
    const [after] = await tx
      .update(liveSessions)
      .set({
        lastSeenAt: now,
        checkSentAt: null,
        checkReason: null,
        alertedAt: null,
        ...(moved !== undefined ? { expectedReturnAt: moved, overdueAlertedAt: null } : {}),
      })
      .where(eq(liveSessions.id, liveId))
      .returning();
    await scheduleCheck(tx, deps.clock, liveId, nextCheckAt(after!));
  });
  return ownSessionOf(deps, await loadOwnLive(deps.db, userId, liveId));
}

/**
 * A member may no longer share live (an associate turned off, or `share_live` revoked by their owner, issue 25): their
 * session going on ends at once, its track kept for them alone, rather than falling silent and alerting their contacts.
 * An account being deleted (`keep` false) ends it without keeping anything; either way its watchers are let go.
 */
export async function endGoingLive(deps: Deps, userId: number, { keep = true } = {}) {
  const [going] = await deps.db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.userId, userId), ne(liveSessions.status, 'ended')))
    .limit(1);
  if (going) await endLive(deps, going, keep ? { visibility: 'only_me' } : null);
}
