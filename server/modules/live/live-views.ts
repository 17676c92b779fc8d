import { and, asc, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import { WATCHING_WINDOW_MS, type LiveCard, type LiveNow, type LiveSession, type OwnLiveSession, type SharedLive } from '#contract/live';
import type { MemberSummary } from '#contract/social';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { liveLinks, livePoints, liveSessions, liveViews, liveWatchers } from '../../db/schema/live';
import { events } from '../../db/schema/events';
import { users } from '../../db/schema/users';
import { qualified } from '../../db/qualified';
import { guardianFor } from '../../policy/guardian';
import { loadWatchableLive, type LiveRow } from '../../policy/live-access';
import { shareableEventsWhere } from '../../policy/live-policy';
import { actorColumns } from '../notifications/notify';
import { forViewers } from './viewer-position';

/** Points a track sends at most: a 12-hour session at one a second is 43,200; a map needs far fewer. */
const TRACK_POINTS = 2_000;

type Line = [number, number][];

async function membersByIds(db: Db, ids: readonly number[]): Promise<Map<number, MemberSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(actorColumns).from(users).where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.userId, r]));
}

/**
 * The track as one audience may see it, in pieces: others get the positions outside the sharer's zones (rounded,
 * `forViewers`), a new piece wherever hidden ones were left out; the sharer gets every position as one line. Thinned
 * evenly to `TRACK_POINTS`, keeping each piece's first and last.
 */
async function trackOf(db: Db, liveId: number, audience: 'sharer' | 'others'): Promise<Line[]> {
  const rows = await db
    .select({ lng: livePoints.lng, lat: livePoints.lat, resumes: livePoints.resumes })
    .from(livePoints)
    .where(audience === 'sharer' ? eq(livePoints.liveId, liveId) : and(eq(livePoints.liveId, liveId), eq(livePoints.hidden, false)))
    .orderBy(asc(livePoints.t));
  const step = Math.max(1, Math.ceil(rows.length / TRACK_POINTS));
  const pieces: Line[] = [];
  let piece: Line = [];
  rows.forEach((row, i) => {
    if (audience === 'others' && row.resumes && piece.length > 0) {
      pieces.push(piece);
      piece = [];
    }
    const next = rows[i + 1];
    const ends = piece.length === 0 || !next || (audience === 'others' && next.resumes);
    if (!ends && i % step !== 0) return;
    piece.push(audience === 'others' ? forViewers(row.lng, row.lat) : [row.lng, row.lat]);
  });
  if (piece.length > 0) pieces.push(piece);
  return pieces;
}

/** What every viewer sees of a session (never a position inside a zone, never exact coordinates). */
function cardOf(row: LiveRow, sharer: MemberSummary): LiveCard {
  return {
    id: row.id,
    sharer,
    sportId: row.sportId,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    position: row.visibleLng !== null && row.visibleLat !== null ? forViewers(row.visibleLng, row.visibleLat) : null,
    lastAt: row.visibleT !== null ? new Date(row.visibleT).toISOString() : null,
    distanceM: Math.round(row.visibleDistanceM),
    eventId: row.eventId,
  };
}

/** The sharer's own session as their screen shows it. */
export async function ownSessionOf(deps: Pick<Deps, 'db' | 'clock'>, row: LiveRow): Promise<OwnLiveSession> {
  const { db } = deps;
  const since = new Date(deps.clock.now().getTime() - WATCHING_WINDOW_MS);
  const [named, links, seen, track] = await Promise.all([
    db.select({ userId: liveWatchers.userId, isContact: liveWatchers.isContact }).from(liveWatchers).where(eq(liveWatchers.liveId, row.id)),
    db.select().from(liveLinks).where(eq(liveLinks.liveId, row.id)).orderBy(asc(liveLinks.id)),
    db
      .select({ userId: liveViews.userId, seenAt: liveViews.seenAt })
      .from(liveViews)
      .where(and(eq(liveViews.liveId, row.id), gt(liveViews.seenAt, since)))
      .orderBy(desc(liveViews.seenAt)),
    trackOf(db, row.id, 'sharer'),
  ]);
  const people = await membersByIds(db, [row.userId, ...named.map((n) => n.userId), ...seen.map((s) => s.userId)]);
  const member = (id: number) => people.get(id);
  const present = <T,>(v: T | undefined): v is T => v !== undefined;
  const last = row.lastLng !== null && row.lastLat !== null ? ([row.lastLng, row.lastLat] as [number, number]) : null;
  return {
    ...cardOf(row, member(row.userId)!),
    // The sharer sees their own newest position and distance, zones or not.
    position: last,
    lastAt: row.lastT !== null ? new Date(row.lastT).toISOString() : null,
    distanceM: Math.round(row.distanceM),
    track,
    audience: row.audience,
    expectedReturnAt: row.expectedReturnAt?.toISOString() ?? null,
    silenceMinutes: row.silenceMinutes,
    expiresAt: row.expiresAt.toISOString(),
    ownDistanceM: Math.round(row.distanceM),
    storedUntil: row.lastT,
    checkSentAt: row.checkSentAt?.toISOString() ?? null,
    alertedAt: (row.alertedAt ?? row.overdueAlertedAt)?.toISOString() ?? null,
    watchers: named.filter((n) => !n.isContact).map((n) => member(n.userId)).filter(present),
    contacts: named.filter((n) => n.isContact).map((n) => member(n.userId)).filter(present),
    links: links.map((l) => ({ id: l.id, email: l.email, expiresAt: l.expiresAt.toISOString(), revoked: l.revokedAt !== null || l.expiresAt <= deps.clock.now() })),
    watching: seen.flatMap((s) => {
      const m = member(s.userId);
      return m ? [{ member: m, seenAt: s.seenAt.toISOString() }] : [];
    }),
  };
}

/** The member's own session going on, if any. */
export async function ownGoingSession(deps: Pick<Deps, 'db' | 'clock'>, userId: number) {
  const [row] = await deps.db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.userId, userId), ne(liveSessions.status, 'ended')))
    .limit(1);
  return row;
}

/**
 * `GET /api/live`: the viewer's own session going on, and the sessions they may watch now (an event's only, with
 * `eventId`), latest update first. Muted members stay off the list, as from the feeds; their sessions open by link.
 */
export async function liveNowFor(deps: Pick<Deps, 'db' | 'clock'>, viewerId: number, query: { eventId?: number | undefined }): Promise<LiveNow> {
  const now = deps.clock.now();
  const guardian = guardianFor(deps.db, viewerId);
  const [own, rows, shareableEvents] = await Promise.all([
    ownGoingSession(deps, viewerId),
    deps.db
      .select()
      .from(liveSessions)
      .where(and(guardian.watchableLiveWhere(now), guardian.unhiddenAuthorsWhere(qualified(liveSessions.userId)), query.eventId ? eq(liveSessions.eventId, query.eventId) : undefined))
      .orderBy(desc(liveSessions.lastSeenAt))
      .limit(200),
    deps.db.select({ id: events.id, eventName: events.eventName }).from(events).where(shareableEventsWhere(viewerId, now)).orderBy(asc(events.startsAt), asc(events.id)).limit(20),
  ]);
  const people = await membersByIds(deps.db, rows.map((r) => r.userId));
  return {
    own: own ? await ownSessionOf(deps, own) : null,
    sessions: rows.flatMap((r) => {
      const sharer = people.get(r.userId);
      return sharer ? [cardOf(r, sharer)] : [];
    }),
    shareableEvents,
  };
}

/** `GET /api/live/:liveId`: one session the viewer may watch, with its track so far; the view is noted for the sharer. */
export async function liveSessionFor(deps: Pick<Deps, 'db' | 'clock'>, viewerId: number, liveId: number): Promise<LiveSession> {
  const now = deps.clock.now();
  const row = await loadWatchableLive(deps.db, viewerId, liveId, now);
  if (row.userId !== viewerId) await noteView(deps.db, liveId, viewerId, now);
  const [people, track] = await Promise.all([membersByIds(deps.db, [row.userId]), trackOf(deps.db, liveId, row.userId === viewerId ? 'sharer' : 'others')]);
  return { ...cardOf(row, people.get(row.userId)!), track };
}

/** `viewerId` is watching `liveId` now: the sharer's "watching now". */
export async function noteView(db: Db, liveId: number, viewerId: number, now: Date) {
  await db
    .insert(liveViews)
    .values({ liveId, userId: viewerId, seenAt: now })
    .onConflictDoUpdate({ target: [liveViews.liveId, liveViews.userId], set: { seenAt: now } });
}

/** What a share link shows: the session's map and the sharer's first name, as any other viewer sees them. */
export async function sharedViewOf(db: Db, row: LiveRow, expiresAt: Date): Promise<SharedLive> {
  const [sharer] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, row.userId));
  const card = cardOf(row, { userId: 0, handleName: '', firstName: '', lastName: '', profileImage: null });
  const ended = row.status === 'ended';
  return {
    firstName: sharer?.firstName ?? '',
    sportId: card.sportId,
    status: card.status,
    startedAt: card.startedAt,
    // Once it ended, where they were is no longer this link's to show.
    position: ended ? null : card.position,
    lastAt: ended ? null : card.lastAt,
    distanceM: card.distanceM,
    track: ended ? [] : await trackOf(db, row.id, 'others'),
    expiresAt: expiresAt.toISOString(),
  };
}
