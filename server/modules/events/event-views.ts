import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { GOING_PREVIEW_MAX, type Event, type EventStatus } from '#contract/events';
import type { MemberSummary } from '#contract/social';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { eventAttendees, eventCohostInvites, eventCohosts, eventInterests, events } from '../../db/schema/events';
import { mapRoutes } from '../../db/schema/map-routes';
import { uploads } from '../../db/schema/media';
import { follows } from '../../db/schema/social';
import { subjects } from '../../db/schema/subjects';
import { users } from '../../db/schema/users';
import { qualified } from '../../db/qualified';
import { eventPublicToMembersSql } from '../../policy/event-policy';
import { toRoute } from '../map-routes/route-view';
import { mediaUrl, uploadKeyFromUrl } from '../media/upload-files';
import { mediaUrlSigner, type MediaUrlSigner } from '../media/url-signing';
import { likesJson } from '../reactions/reaction-service';
import { clockTime } from './time-zone';

/** An event's own columns, without the search text the database keeps for LIKE. */
const { searchText: _searchText, ...eventColumnsWithoutSearch } = getTableColumns(events);
export const eventColumns = eventColumnsWithoutSearch;
export type EventRow = Omit<typeof events.$inferSelect, 'searchText'>;

/** A member as a JSON object of public columns only (check 11), for the aggregates below. */
const summaryJson = (u: string) =>
  sql.raw(`json_build_object('userId', ${u}.id, 'handleName', ${u}.handle_name, 'firstName', ${u}.first_name, 'lastName', ${u}.last_name, 'profileImage', ${u}.profile_image)`);

/** The viewer's place in an event's waitlist, 1-based: the waiting rows ahead of theirs in queue order, and theirs. */
const waitlistPosition = (a: string) =>
  sql.raw(`(select count(*)::integer from event_attendees w where w.event_id = ${a}.event_id and w.status = 'waitlisted' and (w.created_at, w.id) <= (${a}.created_at, ${a}.id))`);

type Attendance = { status: 'going' | 'waitlisted'; position: number | null };
type Banner = { key: string; display: string; thumb: string; width: number; height: number };

/**
 * Everything a page of events shows beyond the events' own columns and reactions, in one statement: per event its
 * organiser, co-hosts (accepted, and invited but not yet answering), the viewer's own co-host invitation, banner upload, the viewer's interest, attendance and waitlist place, the first people going,
 * and whether the viewer's follow request to the organiser is pending. Each is an index probe per event (users_pkey,
 * event_cohosts_event_user, event_cohost_invites_event_user, uploads_key_unique, event_*_event_user, event_attendees_event_status_id,
 * follows_follower_followee_unique), so the cost grows with the page, never with the tables.
 */
function viewsQuery(db: Db, viewerId: number, ids: number[]) {
  const id = qualified(events.id);
  return db
    .select({
      id: events.id,
      organiser: {
        userId: users.id,
        handleName: users.handleName,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImage: users.profileImage,
      },
      publicToMembers: eventPublicToMembersSql(),
      likes: likesJson(qualified(events.subjectId), viewerId),
      commentCount: sql<number>`(select s.comment_count from ${subjects} s where s.id = ${qualified(events.subjectId)})`,
      coHosts: sql<MemberSummary[] | null>`(select json_agg(${summaryJson('u')} order by lower(u.handle_name), u.id)
        from ${eventCohosts} c join ${users} u on u.id = c.user_id where c.event_id = ${id})`,
      pendingCoHosts: sql<MemberSummary[] | null>`(select json_agg(${summaryJson('u')} order by lower(u.handle_name), u.id)
        from ${eventCohostInvites} ci join ${users} u on u.id = ci.user_id where ci.event_id = ${id})`,
      coHostInvite: sql<{ invitedBy: MemberSummary } | null>`(select json_build_object('invitedBy', ${summaryJson('u')})
        from ${eventCohostInvites} ci join ${users} u on u.id = ci.invited_by where ci.event_id = ${id} and ci.user_id = ${viewerId})`,
      banner: sql<Banner | null>`(select json_build_object('key', b.key, 'display', b.files->>'display', 'thumb', b.files->>'thumb',
        'width', b.width, 'height', b.height) from ${uploads} b where b.key = ${qualified(events.bannerImage)})`,
      interested: sql<boolean>`exists (select 1 from ${eventInterests} i where i.event_id = ${id} and i.user_id = ${viewerId})`,
      attendance: sql<Attendance | null>`(select json_build_object('status', a.status,
        'position', case when a.status = 'waitlisted' then ${waitlistPosition('a')} end)
        from ${eventAttendees} a where a.event_id = ${id} and a.user_id = ${viewerId})`,
      goingPreview: sql<MemberSummary[] | null>`(select json_agg(${summaryJson('u')} order by g.status_at, g.id)
        from (select a.user_id, a.status_at, a.id from ${eventAttendees} a where a.event_id = ${id} and a.status = 'going'
          order by a.status_at, a.id limit ${sql.raw(String(GOING_PREVIEW_MAX))}) g join ${users} u on u.id = g.user_id)`,
      isRequest: sql<boolean>`exists (select 1 from ${follows} f where f.follower_id = ${viewerId} and f.followee_id = ${qualified(events.userId)} and f.status = 'pending')`,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.userId))
    .where(inArray(events.id, ids));
}

/** A `/media/<key>/<file>` URL, signed when `sign` is given (check 14); any other URL as it is. */
function signed(url: string, sign: MediaUrlSigner | null) {
  const key = uploadKeyFromUrl(url);
  return sign && key ? sign(key, url.split('/').pop()!, url) : url;
}

/** Seconds since 1970 as the wire's string (spec §3 startDate/endDate). */
const seconds = (at: Date) => String(Math.floor(at.getTime() / 1000));

/** The viewer's state for an event and its counts, from the event row and the viewer's own rows. */
export function statusFrom(row: Pick<EventRow, 'id' | 'interestedCount' | 'goingCount' | 'waitlistCount' | 'capacity'>, interested: boolean, attendance: Attendance | null): EventStatus {
  return {
    challengeId: row.id,
    isInterested: interested,
    isGoing: attendance?.status === 'going',
    isWaitlisted: attendance?.status === 'waitlisted',
    waitlistPosition: attendance?.status === 'waitlisted' ? attendance.position : null,
    interestedCount: row.interestedCount,
    goingCount: row.goingCount,
    waitlistCount: row.waitlistCount,
    capacity: row.capacity,
  };
}

/**
 * Events as `viewerId` sees them, in the order given, in a fixed number of queries whatever the page size (the views
 * statement, with the reactions as `likesJson` builds them for every kind of subject, and the routes). The rows must
 * already have passed the policy (`mayViewEvent` / `visibleEventsCondition`). The banner and route preview of an
 * event that not every member may see are signed, as feed-views signs such posts' photos (check 14).
 */
export async function eventViews(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, viewerId: number, rows: EventRow[]): Promise<Event[]> {
  if (rows.length === 0) return [];
  const { db } = deps;
  const routeIds = [...new Set(rows.flatMap((r) => (r.routeId === null ? [] : [r.routeId])))];
  const ids = rows.map((r) => r.id);
  const [views, routes] = await Promise.all([
    viewsQuery(db, viewerId, ids),
    routeIds.length > 0 ? db.select().from(mapRoutes).where(inArray(mapRoutes.id, routeIds)) : [],
  ]);
  const viewOf = new Map(views.map((v) => [v.id, v]));
  const routeOf = new Map(routes.map((r) => [r.id, toRoute(r)]));
  const publicPictures = (row: EventRow) => viewOf.get(row.id)!.publicToMembers;

  // Signing needs the key from storage: only loaded when a page holds a picture of an event not every member may see.
  const hasPicture = (row: EventRow) => viewOf.get(row.id)!.banner !== null || Boolean(row.routeId !== null && routeOf.get(row.routeId)?.staticImage);
  const sign = rows.some((r) => hasPicture(r) && !publicPictures(r)) ? await mediaUrlSigner(deps) : null;

  return rows.map((row): Event => {
    const view = viewOf.get(row.id)!;
    const coHosts = view.coHosts ?? [];
    const isOrganiser = row.userId === viewerId;
    const canEdit = isOrganiser || coHosts.some((c) => c.userId === viewerId);
    const banner = view.banner;
    const signer = publicPictures(row) ? null : sign;
    const route = row.routeId === null ? null : (routeOf.get(row.routeId) ?? null);
    return {
      id: row.id,
      createdBy: view.organiser,
      coHosts,
      // Who was asked is the hosts' business; the members asked each see only their own invitation.
      pendingCoHosts: canEdit ? (view.pendingCoHosts ?? []) : [],
      coHostInvite: view.coHostInvite,
      eventName: row.eventName,
      activityType: row.activityType,
      sportId: row.sportId,
      difficulty: row.difficulty,
      icon: row.icon as Event['icon'],
      bannerImage: banner && {
        key: banner.key,
        url: signed(mediaUrl(banner.key, banner.display), signer),
        thumbnail: signed(mediaUrl(banner.key, banner.thumb), signer),
        dimens: `${banner.width}:${banner.height}`,
      },
      meetingDescription: row.description,
      isDraft: row.isDraft,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      whoCanSee: row.whoCanSee,
      repeats: row.repeats,
      startDate: seconds(row.startsAt),
      endDate: seconds(row.endsAt),
      startTime: clockTime(row.startsAt, row.timeZone),
      endTime: clockTime(row.endsAt, row.timeZone),
      timeZone: row.timeZone,
      latitude: row.latitude,
      longitude: row.longitude,
      location: row.location,
      city: row.city,
      state: row.state,
      country: row.country,
      zipCode: row.zipCode,
      routeId: row.routeId,
      route: route && { ...route, staticImage: route.staticImage && signed(route.staticImage, signer) },
      goalCalories: row.goalCalories,
      goalElevation: row.goalElevationM,
      goalDistance: row.goalDistanceM,
      status: statusFrom(row, view.interested, view.attendance),
      goingPreview: view.goingPreview ?? [],
      likes: view.likes,
      commentCount: view.commentCount,
      isRequest: view.isRequest,
      canEdit,
      isOrganiser,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** One event as `viewerId` sees it; the caller has checked they may. */
export async function eventView(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, viewerId: number, eventId: number): Promise<Event> {
  const rows = await deps.db.select(eventColumns).from(events).where(eq(events.id, eventId));
  const [view] = await eventViews(deps, viewerId, rows);
  return view!;
}

/** The viewer's state for one event and its counts, as every toggle answers it; the caller has checked they may see it. */
export async function eventStatusOf(db: Db, viewerId: number, eventId: number): Promise<EventStatus> {
  const [row] = await db
    .select({
      id: events.id,
      interestedCount: events.interestedCount,
      goingCount: events.goingCount,
      waitlistCount: events.waitlistCount,
      capacity: events.capacity,
      interested: sql<boolean>`exists (select 1 from ${eventInterests} i where i.event_id = ${qualified(events.id)} and i.user_id = ${viewerId})`,
    })
    .from(events)
    .where(eq(events.id, eventId));
  const [attendance] = await db
    .select({ status: eventAttendees.status, position: sql<number | null>`case when ${eventAttendees.status} = 'waitlisted' then ${waitlistPosition('event_attendees')} end` })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, viewerId)));
  return statusFrom(row!, row!.interested, attendance ?? null);
}
