import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { INDEPENDENCE_AGE } from '#contract/associates';
import { ageOn } from '#contract/rules';
import type { Db } from '../db/client';
import { concurrently } from '../db/concurrent';
import { qualified } from '../db/qualified';
import { associates } from '../db/schema/associates';
import { eventAttendees, eventCohosts, events } from '../db/schema/events';
import { liveSessions, liveWatchers } from '../db/schema/live';
import { follows } from '../db/schema/social';
import { users } from '../db/schema/users';
import { managesAssociate } from './associate-policy';
import { blockedEitherWay, notBlockedWith } from './block-policy';
import { isAcceptedFollower } from './social-policy';

/**
 * Who may watch a live session (issue 26, check 20). The sharer always. Nobody else once it has ended or expired, and
 * nobody across a block either way (check 13). The members who manage a sharing associate always (issue 25); an
 * associate under 16 is watched by them alone. Otherwise: the members the sharer named (to watch, or as safety
 * contacts), their accepted followers when the audience is `followers` (a pending request grants nothing), and the
 * attendees going to the event the sharer shared it with. Asked when a watch starts and again whenever where two
 * members stand changes (server/realtime/live-watch.ts), so a block, unfollow or revoke stops the updates at once.
 */

export type LiveSubject = { id: number; userId: number; audience: string; status: string; expiresAt: Date; eventId: number | null };

export async function mayWatchLive(db: Db, viewerId: number, live: LiveSubject, now: Date) {
  if (live.userId === viewerId) return true;
  if (live.status === 'ended' || live.expiresAt <= now) return false;
  if (await blockedEitherWay(db, viewerId, live.userId)) return false;
  if (await managesAssociate(db, viewerId, live.userId)) return true;
  if (await isYoungAssociate(db, live.userId, now)) return false;
  const [named] = await db
    .select({ one: sql`1` })
    .from(liveWatchers)
    .where(and(eq(liveWatchers.liveId, live.id), eq(liveWatchers.userId, viewerId)))
    .limit(1);
  if (named) return true;
  if (live.audience === 'followers' && (await isAcceptedFollower(db, viewerId, live.userId))) return true;
  if (live.eventId === null) return false;
  const [going] = await db
    .select({ one: sql`1` })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, live.eventId), eq(eventAttendees.userId, viewerId), eq(eventAttendees.status, 'going')))
    .limit(1);
  return going !== undefined;
}

/** Whether `userId` is an associate under 16: their live sessions are for the members who manage them alone. */
export async function isYoungAssociate(db: Db, userId: number, now: Date) {
  const [row] = await db
    .select({ dob: users.dob })
    .from(associates)
    .innerJoin(users, eq(users.id, associates.userId))
    .where(eq(associates.userId, userId))
    .limit(1);
  return row !== undefined && (row.dob === null || ageOn(row.dob, now) < INDEPENDENCE_AGE);
}

/**
 * `mayWatchLive` for the sessions going on now, as a condition on `live_sessions` (the list of who is live, an event's
 * group map). The viewer's own session is not in it: the list shows it apart.
 */
export function watchableLiveWhere(viewerId: number | SQLWrapper, now: Date): SQL {
  const sharer = qualified(liveSessions.userId);
  const id = qualified(liveSessions.id);
  const manages = sql`exists (select 1 from ${associates} a where a.user_id = ${sharer} and a.owner_id = ${viewerId})`;
  // Under 16 by the birth date as of today (the one INDEPENDENCE_AGE years back), or an associate without one.
  const sixteenYearsAgo = new Date(Date.UTC(now.getUTCFullYear() - INDEPENDENCE_AGE, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);
  const young = sql`exists (select 1 from ${associates} a join ${users} u on u.id = a.user_id where a.user_id = ${sharer} and (u.dob is null or u.dob > ${sixteenYearsAgo}))`;
  const named = sql`exists (select 1 from ${liveWatchers} w where w.live_id = ${id} and w.user_id = ${viewerId})`;
  const follower = sql`exists (select 1 from ${follows} f where f.follower_id = ${viewerId} and f.followee_id = ${sharer} and f.status = 'accepted')`;
  const going = sql`exists (select 1 from ${eventAttendees} g where g.event_id = ${qualified(liveSessions.eventId)} and g.user_id = ${viewerId} and g.status = 'going')`;
  return sql`(${sharer} <> ${viewerId} and ${qualified(liveSessions.status)} <> 'ended' and ${qualified(liveSessions.expiresAt)} > ${now.toISOString()}
    and ${notBlockedWith(viewerId, sharer)}
    and (${manages} or (not ${young} and (${named} or (${qualified(liveSessions.audience)} = 'followers' and ${follower}) or ${going}))))`;
}

/**
 * The members a session concerns, before each is asked `mayWatchLive`: its safety contacts (those the sharer named as
 * such, and the members who manage a sharing associate) and its watchers (the members named to watch, and the accepted
 * followers when the audience is `followers`). Who is told it started, and who is alerted.
 */
export async function liveAudienceOf(db: Db, live: Pick<LiveSubject, 'id' | 'userId' | 'audience'>) {
  // A safety alert asks this inside its transaction, where `concurrently` runs the three in turn.
  const [named, managers, followers] = await concurrently(db, [
    () => db.select({ userId: liveWatchers.userId, isContact: liveWatchers.isContact }).from(liveWatchers).where(eq(liveWatchers.liveId, live.id)),
    () => db.select({ userId: associates.ownerId }).from(associates).where(eq(associates.userId, live.userId)),
    () =>
      live.audience === 'followers'
        ? db.select({ userId: follows.followerId }).from(follows).where(and(eq(follows.followeeId, live.userId), eq(follows.status, 'accepted')))
        : Promise.resolve([]),
  ]);
  const contacts = new Set([...named.filter((n) => n.isContact).map((n) => n.userId), ...managers.map((m) => m.userId)]);
  const watchers = new Set([...named.map((n) => n.userId), ...followers.map((f) => f.userId)].filter((id) => !contacts.has(id)));
  return { contacts: [...contacts], watchers: [...watchers] };
}

/** How long before an event's start and after its end a session may be shared with it (arriving, riding home). */
const EVENT_MARGIN_MS = 2 * 3_600_000;

/**
 * The events a member may share a live session with, as a condition on `events`: on now (two hours either side), not
 * cancelled, and theirs to organise or co-host, or one they are going to.
 */
export function shareableEventsWhere(userId: number, now: Date): SQL {
  const id = qualified(events.id);
  const from = new Date(now.getTime() + EVENT_MARGIN_MS).toISOString();
  const until = new Date(now.getTime() - EVENT_MARGIN_MS).toISOString();
  return sql`(${qualified(events.cancelledAt)} is null and ${qualified(events.isDraft)} = false and ${qualified(events.startsAt)} <= ${from} and ${qualified(events.endsAt)} >= ${until}
    and (${qualified(events.userId)} = ${userId}
      or exists (select 1 from ${eventCohosts} c where c.event_id = ${id} and c.user_id = ${userId})
      or exists (select 1 from ${eventAttendees} g where g.event_id = ${id} and g.user_id = ${userId} and g.status = 'going')))`;
}

/**
 * Of these (viewer, session) watches, the ones still allowed now — `mayWatchLive` for many at once, in one statement:
 * the live socket's periodic re-check (live-watch.ts), the net under the re-checks that changes trigger. The sharer
 * watching their own session going on counts as allowed.
 */
export async function stillWatchable(db: Db, watches: readonly { viewerId: number; liveId: number }[], now: Date) {
  const allowed = new Set<string>();
  const viewer = sql`v.viewer_id`;
  // Two bind parameters a watch, and a statement takes at most 65,535 (PostgreSQL): asked in chunks.
  for (let i = 0; i < watches.length; i += WATCHES_A_STATEMENT) {
    const chunk = watches.slice(i, i + WATCHES_A_STATEMENT);
    const rows = await db
      .select({ viewerId: sql<number>`v.viewer_id`.mapWith(Number), liveId: sql<number>`v.live_id`.mapWith(Number) })
      .from(
        sql`(values ${sql.join(
          chunk.map((w) => sql`(${w.viewerId}::int, ${w.liveId}::int)`),
          sql`, `,
        )}) as v(viewer_id, live_id) join ${liveSessions} on ${qualified(liveSessions.id)} = v.live_id`,
      )
      .where(sql`((${qualified(liveSessions.userId)} = ${viewer} and ${qualified(liveSessions.status)} <> 'ended') or ${watchableLiveWhere(viewer, now)})`);
    for (const row of rows) allowed.add(`${row.viewerId}:${row.liveId}`);
  }
  return allowed;
}

const WATCHES_A_STATEMENT = 5_000;
