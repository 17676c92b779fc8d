import { and, count, eq, gt, like, lte, sql, type SQL } from 'drizzle-orm';
import type { EventList, EventListQuery, EventTab } from '#contract/events';
import type { Deps } from '../../deps';
import { keysetPage, type SortKey } from '../../db/keyset';
import { eventAttendees, eventInterests, events } from '../../db/schema/events';
import { users } from '../../db/schema/users';
import { escapeLike, searchFold } from '../../db/search-text';
import { FieldErrors } from '../../lib/errors';
import { guardianFor, type Guardian } from '../../policy/guardian';
import { eventColumns, eventViews, type EventRow } from './event-views';
import { qualified } from '../../db/qualified';

export const EVENTS_PER_PAGE = 20;
/** `total` counts at most this many events on a first page (as feeds do): past it, clients page on by `next_cursor`. */
export const EVENT_TOTAL_CAP = 500;

/** Mean Earth radius (IUGG), km: the great-circle distance of the range filter. */
const EARTH_KM = 6371.0088;
const KM_PER_DEGREE = (EARTH_KM * Math.PI) / 180;

/**
 * Events whose meeting point lies within `rangeKm` of (`lat`, `lng`): a latitude/longitude box first (plain
 * comparisons the planner can apply before any trigonometry, and an index could serve), then the haversine distance.
 * The box's longitude span widens with latitude and is dropped near a pole; across the antimeridian it wraps.
 */
export function withinRange(lat: number, lng: number, rangeKm: number): SQL {
  const dLat = rangeKm / KM_PER_DEGREE;
  const boxLat = sql`${events.latitude} between ${lat - dLat} and ${lat + dLat}`;
  const angular = rangeKm / EARTH_KM;
  const spread = Math.sin(angular) / Math.cos((lat * Math.PI) / 180);
  let boxLng: SQL | undefined;
  if (lat + dLat < 90 && lat - dLat > -90 && spread < 1) {
    const dLng = (Math.asin(spread) * 180) / Math.PI;
    const lo = lng - dLng;
    const hi = lng + dLng;
    boxLng =
      lo < -180
        ? sql`(${events.longitude} >= ${lo + 360} or ${events.longitude} <= ${hi})`
        : hi > 180
          ? sql`(${events.longitude} >= ${lo} or ${events.longitude} <= ${hi - 360})`
          : sql`${events.longitude} between ${lo} and ${hi}`;
  }
  const distance = sql`${2 * EARTH_KM}::float8 * asin(least(1, sqrt(
    power(sin(radians(${events.latitude} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${events.latitude})) * power(sin(radians(${events.longitude} - ${lng}::float8) / 2), 2))))`;
  return and(boxLat, boxLng, sql`${distance} <= ${rangeKm}`)!;
}

/**
 * What each tab lists and in what order. Upcoming, going and interested run soonest first on (starts_at, id) over
 * published events not yet ended (an event under way is still upcoming); past runs by end, most recent first; mine
 * holds drafts, which may have no sensible time yet, so it runs newest first by creation. Cancelled events stay in
 * their tab, marked by `cancelledAt`, so members who planned around one see that it is off.
 */
function tabPlan(tab: EventTab, guardian: Guardian, now: Date) {
  const { viewerId } = guardian;
  const published = eq(events.isDraft, false);
  const notEnded = gt(events.endsAt, now);
  const upcoming = { key: { createdAt: events.startsAt, id: events.id }, order: 'asc' as const, keyOf: (r: EventRow): SortKey => ({ createdAt: r.startsAt, id: r.id }) };
  switch (tab) {
    case 'upcoming':
      return { ...upcoming, where: and(published, notEnded) };
    case 'going':
      return {
        ...upcoming,
        // Waiting for a place counts: the member said they want to go, and the card shows their place in the queue.
        where: and(published, notEnded, sql`exists (select 1 from ${eventAttendees} a where a.event_id = ${qualified(events.id)} and a.user_id = ${viewerId})`),
      };
    case 'interested':
      return { ...upcoming, where: and(published, notEnded, sql`exists (select 1 from ${eventInterests} i where i.event_id = ${qualified(events.id)} and i.user_id = ${viewerId})`) };
    case 'past':
      return {
        key: { createdAt: events.endsAt, id: events.id },
        order: 'desc' as const,
        keyOf: (r: EventRow): SortKey => ({ createdAt: r.endsAt, id: r.id }),
        where: and(published, lte(events.endsAt, now)),
      };
    case 'mine':
      return {
        key: { createdAt: events.createdAt, id: events.id },
        order: 'desc' as const,
        keyOf: (r: EventRow): SortKey => ({ createdAt: r.createdAt, id: r.id }),
        // The events the viewer organises or co-hosts (the policy's `hostedEventsCondition`), drafts included.
        where: guardian.hostedEventsWhere(),
      };
  }
}

/** The range filter's inputs, all or none: a range needs the point it is measured from. */
function rangeFilter(q: EventListQuery) {
  if (q.range === undefined) return undefined;
  const errors = new FieldErrors();
  if (q.lat === undefined) errors.add('lat', 'A distance filter needs your latitude.');
  if (q.lng === undefined) errors.add('lng', 'A distance filter needs your longitude.');
  errors.throwIfAny('A distance filter needs the point to measure from: send lat and lng with range.');
  return withinRange(q.lat!, q.lng!, q.range);
}

/** One sport, or (`sports=mine`) any of the sports on the viewer's own profile. */
function sportFilter(q: EventListQuery, viewerId: number) {
  if (q.sport_id !== undefined) return eq(events.sportId, q.sport_id);
  if (q.sports === 'mine') return sql`${qualified(events.sportId)} = any (select unnest(u.sports) from ${users} u where u.id = ${viewerId})`;
  return undefined;
}

/**
 * `GET /api/challengeActivity`: one tab of events the viewer may see (the Guardian's `visibleEventsWhere`, and nothing
 * else decides that), optionally of one sport, within a distance, or matching text (any case, any accents).
 * Keyset-paged, 20 a page; each page's views are built in a fixed number of queries (`eventViews`).
 */
export async function listEvents(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, viewerId: number, q: EventListQuery, now: Date): Promise<EventList> {
  const { db } = deps;
  const guardian = guardianFor(db, viewerId);
  const plan = tabPlan(q.type ?? 'upcoming', guardian, now);
  const text = searchFold(q.search?.trim().normalize('NFC') ?? '');
  const where = and(
    guardian.visibleEventsWhere(),
    plan.where,
    sportFilter(q, viewerId),
    rangeFilter(q),
    text ? like(events.searchText, `%${escapeLike(text)}%`) : undefined,
  );
  const at = keysetPage(q, plan.key, EVENTS_PER_PAGE, plan.order);
  const page = db.select(eventColumns).from(events).where(and(where, at.where)).orderBy(...at.orderBy).limit(at.limit).offset(at.offset);
  const capped = db.select({ one: sql`1` }).from(events).where(where).limit(EVENT_TOTAL_CAP).as('capped');
  // Counted on a first request only: a page reached by cursor is scrolling, and later pages say at least what was seen.
  const [rows, counted] = await Promise.all([page, q.cursor === undefined ? db.select({ n: count() }).from(capped).then(([c]) => c?.n ?? 0) : 0]);
  const total = Math.max(counted, (at.page - 1) * EVENTS_PER_PAGE + rows.length);
  const answer = at.answer(rows, total, plan.keyOf);
  return { ...answer, list: await eventViews(deps, viewerId, answer.list) };
}
