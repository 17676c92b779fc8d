import { and, count, desc, eq, gte, like, lt, sql } from 'drizzle-orm';
import type { ActivityList, ActivityListBody, SportActivities } from '#contract/activities';
import type { Deps } from '../../deps';
import { keysetPage } from '../../db/keyset';
import { activities } from '../../db/schema/activities';
import { escapeLike, searchFold } from '../../db/search-text';
import { fieldError } from '../../lib/errors';
import { guardianFor } from '../../policy/guardian';
import { activityOwner, checkedZone, dayStartIn } from './activity-owner';
import { activityViewsFor, selectActivityRows } from './activity-wire';

export const ACTIVITIES_PER_PAGE = 20;
/** `total` counts at most this many on a first page (as feeds do); past it, clients page on by `next_cursor`. */
export const ACTIVITY_TOTAL_CAP = 1000;

/**
 * `POST /api/getActivity` (spec §7: page, title, activityId): one member's activities the viewer may see, newest
 * first by start, keyset-paged on (start_at, id). Filters: title text (any case, any accents), one sport, a range of
 * days in the client's zone, or (`activityId`) that one activity alone.
 */
export async function listActivities(deps: Pick<Deps, 'db' | 'storage' | 'clock' | 'activityWorker'>, viewerId: number, q: ActivityListBody): Promise<ActivityList> {
  const perPage = q.per_page ?? ACTIVITIES_PER_PAGE;
  const empty = { list: [], current_page: q.page ?? 1, last_page: 1, per_page: perPage, total: 0, next_cursor: null };
  const guardian = guardianFor(deps.db, viewerId);
  const zone = checkedZone(q.timeZone);
  const from = q.from ? dayStartIn(q.from, zone) : undefined;
  const to = q.to ? dayStartIn(q.to, zone, 1) : undefined;
  if (from && to && from >= to) throw fieldError('to', 'The end date is before the start date.');

  // One activity by id is whoever's it is, if the viewer may see it; otherwise a member's log.
  let ownerCondition;
  if (q.activityId === undefined) {
    const { owner, closed } = await activityOwner(deps.db, viewerId, q);
    if (closed) return empty;
    ownerCondition = eq(activities.userId, owner.id);
  } else {
    ownerCondition = eq(activities.id, q.activityId);
  }
  const text = searchFold(q.title?.normalize('NFC') ?? '');
  const where = and(
    ownerCondition,
    guardian.visibleActivitiesWhere(),
    q.sportId !== undefined ? eq(activities.sportId, q.sportId) : undefined,
    from ? gte(activities.startAt, from) : undefined,
    to ? lt(activities.startAt, to) : undefined,
    text ? like(activities.searchText, `%${escapeLike(text)}%`) : undefined,
  );
  const at = keysetPage(q, { createdAt: activities.startAt, id: activities.id }, perPage);
  const page = selectActivityRows(deps).where(and(where, at.where)).orderBy(...at.orderBy).limit(at.limit).offset(at.offset);
  const rows = await page;
  const seen = (at.page - 1) * perPage + Math.min(rows.length, perPage);
  const capped = deps.db.select({ one: sql`1` }).from(activities).where(where).limit(ACTIVITY_TOTAL_CAP).as('capped');
  const counted = q.cursor === undefined && rows.length > perPage ? ((await deps.db.select({ n: count() }).from(capped))[0]?.n ?? 0) : 0;
  const answer = at.answer(rows, Math.max(counted, seen), (r) => ({ createdAt: r.startAt, id: r.id }));
  return { ...answer, list: (await activityViewsFor(deps, viewerId, answer.list)).map((v) => v.activity) };
}

/** `GET /api/getSportsActivity`: the sports of a member's activities the viewer may see, with how many, most first. */
export async function sportActivitiesOf(deps: Pick<Deps, 'db'>, viewerId: number, q: { userId?: number | undefined; handleName?: string | undefined }): Promise<SportActivities> {
  const { owner, closed } = await activityOwner(deps.db, viewerId, q);
  if (closed) return { list: [] };
  const n = count();
  const rows = await deps.db
    .select({ sportId: activities.sportId, count: n })
    .from(activities)
    .where(and(eq(activities.userId, owner.id), guardianFor(deps.db, viewerId).visibleActivitiesWhere()))
    .groupBy(activities.sportId)
    .orderBy(desc(n), activities.sportId);
  return { list: rows };
}
