import { sql } from 'drizzle-orm';
import type { Notification } from '#contract/notifications';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import type { SortKey } from '../../db/keyset';
import { activities } from '../../db/schema/activities';
import { comments } from '../../db/schema/subjects';
import { events } from '../../db/schema/events';
import { feedImages, feeds } from '../../db/schema/feeds';
import { users } from '../../db/schema/users';
import { preparedOn } from '../../db/prepared';
import { visibleActivitiesCondition } from '../../policy/activity-policy';
import { notHiddenFrom } from '../../policy/block-policy';
import { visibleEventsCondition } from '../../policy/event-policy';
import { publicToMembersSql, visibleFeedsCondition } from '../../policy/social-policy';
import { signedMediaUrl } from '../feeds/feed-views';
import { mediaUrlSigner } from '../media/url-signing';
import { keyedNotifications } from './grouping';
import { groupedSentence } from './sentences';

/** The most of a comment, a post's title or an event's name a row shows: about a line on a phone. */
const EXCERPT_LENGTH = 80;

/** What one statement answers for a row of the list. */
type ViewRow = {
  id: number;
  kind: Notification['kind'];
  subjectType: Notification['subjectType'];
  subjectId: number;
  parentId: number | null;
  message: string;
  isRead: boolean;
  createdAt: string;
  groupKey: string;
  action: string | null;
  groupedCount: number;
  actorCount: number;
  actor: Notification['actor'];
  actors: NonNullable<Notification['actor']>[];
  thumbnail: string | null;
  uploadKey: string | null;
  publicToMembers: boolean | null;
  postText: string | null;
  eventName: string | null;
  activityTitle: string | null;
  commentBody: string | null;
  total: number;
};

/** What to read: the member, their zone (for the days read rows gather by), and a page, or one notification. */
type ViewsAsked = { userId: number; timeZone: string } & (
  | { page: { after?: SortKey | undefined; limit: number; offset: number } }
  | { only: number }
);

/** "Count me in for Saturday…": plain text on one line, cut at a word near `EXCERPT_LENGTH`. */
export function excerptOf(text: string | null): string | null {
  const line = text?.replace(/\s+/g, ' ').trim();
  if (!line) return null;
  const chars = [...line];
  if (chars.length <= EXCERPT_LENGTH) return line;
  const cut = chars.slice(0, EXCERPT_LENGTH).join('');
  // Whole words: back to the last space, unless the cut falls on one (or a single word runs past half the line).
  const space = chars[EXCERPT_LENGTH] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${(space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const member = (u: string) =>
  sql.raw(`json_build_object('userId', ${u}.id, 'handleName', ${u}.handle_name, 'firstName', ${u}.first_name, 'lastName', ${u}.last_name, 'profileImage', ${u}.profile_image)`);

/** What the view statement's text depends on: a page of the list, a page past a cursor, or one notification. */
type ViewShape = 'page' | 'after' | 'only';

/**
 * The member's notification rows as the wire shows them, in one statement: each group of repeats (grouping.ts) as its
 * latest notification with the group's count, its latest distinct actors and the group's total; and what the row is
 * about, each asked of the access rules for the member now, not when the notification was written: the post's first
 * photo and words only while they may see the post (a post turned private or deleted shows nothing), a comment's words
 * only while they may see what it is on, an event's name likewise. Per row each part is an index probe, so a page
 * costs what its rows cost, whatever the member's history beyond the grouping pass over their own notifications.
 *
 * Built once per shape with placeholders (userId, timeZone, afterAt, afterId, limit, offset, only) and named: the text
 * is ~9 KB, and PostgreSQL took 2.9 ms to plan it against 0.5-1 ms to run it (bench/README.md, P6), so a connection
 * plans each of the three shapes once. With the member a placeholder, the conditions come from the policy files
 * themselves: what the Guardian's `unhiddenAuthorsWhere`, `visibleFeedsWhere`, `visibleEventsWhere` and
 * `visibleActivitiesWhere` give for a number (as in feed-list.ts).
 */
const viewStatements = preparedOn((db, shapeText) => {
  const shape = shapeText as ViewShape;
  const userId = sql.placeholder('userId');
  const after = shape === 'after' ? sql` and (h.created_at, h.id) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')})` : sql``;
  const window = shape === 'only' ? sql`` : sql` limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  const only = shape === 'only' ? sql.placeholder('only') : undefined;
  const postId = sql`case h.subject_type when 'feed' then h.subject_id when 'comment' then h.parent_id end`;
  const eventId = sql`case h.subject_type when 'event' then h.subject_id when 'event_comment' then h.parent_id end`;
  const activityId = sql`case h.subject_type when 'activity' then h.subject_id when 'activity_comment' then h.parent_id end`;
  const statement = sql`(with ${keyedNotifications(userId, sql.placeholder('timeZone'), notHiddenFrom(userId, sql`n.actor_id`), only)}, ranked as (
      select k.*,
        row_number() over (partition by k.group_key order by k.created_at desc, k.id desc) as place,
        row_number() over (partition by k.group_key, k.actor_id order by k.created_at desc, k.id desc) as actor_place
      from keyed k
    ), grouped as (
      select r.group_key, count(*)::int as grouped_count, count(distinct r.actor_id)::int as actor_count,
        (array_agg(r.actor_id order by r.created_at desc, r.id desc) filter (where r.actor_place = 1 and r.actor_id is not null))[1:3] as actor_ids
      from ranked r group by r.group_key
    ), heads as (
      select r.* from ranked r where r.place = 1
    )
    select h.id, h.kind, h.subject_type, h.subject_id, h.parent_id, h.message, h.read_at is not null as is_read,
      to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, h.created_at as sort_at,
      h.group_key, h.action, g.grouped_count, g.actor_count,
      case when a.id is null then null else ${member('a')} end as actor,
      (select coalesce(json_agg(${member('u')} order by x.ord), '[]'::json)
        from unnest(g.actor_ids) with ordinality x(user_id, ord) join ${users} u on u.id = x.user_id) as actors,
      p.thumbnail, p.upload_key, p.public_to_members, p.post_text, e.event_name, act.activity_title,
      case when (h.subject_type = 'comment' and p.id is not null) or (h.subject_type = 'event_comment' and e.id is not null)
          or (h.subject_type = 'activity_comment' and act.id is not null)
        then left(c.body, ${EXCERPT_LENGTH * 4}) end as comment_body,
      (select count(*)::int from heads) as total
    from (select * from heads h where true${after} order by h.created_at desc, h.id desc${window}) h
    join grouped g on g.group_key = h.group_key
    left join ${users} a on a.id = h.actor_id
    left join lateral (
      select ${feeds.id} as id, left(coalesce(nullif(${feeds.title}, ''), ${feeds.description}), ${EXCERPT_LENGTH * 4}) as post_text,
        i.thumbnail, i.upload_key, ${publicToMembersSql('feeds', 'fa')} as public_to_members
      from ${feeds} join ${users} fa on fa.id = ${feeds.userId}
      left join lateral (select i.thumbnail, i.upload_key from ${feedImages} i where i.feed_id = ${feeds.id} order by i.position limit 1) i on true
      where ${feeds.id} = ${postId} and ${visibleFeedsCondition(userId)}
    ) p on true
    left join lateral (
      select ${events.id} as id, ${events.eventName} as event_name from ${events} where ${events.id} = ${eventId} and ${visibleEventsCondition(userId)}
    ) e on true
    left join lateral (
      select ${activities.id} as id, ${activities.title} as activity_title from ${activities} where ${activities.id} = ${activityId} and ${visibleActivitiesCondition(userId)}
    ) act on true
    left join ${comments} c on h.subject_type in ('comment', 'event_comment', 'activity_comment') and c.id = h.subject_id) v`;
  return db
    .select({
      id: sql<number>`v.id`,
      kind: sql<ViewRow['kind']>`v.kind`,
      subjectType: sql<ViewRow['subjectType']>`v.subject_type`,
      subjectId: sql<number>`v.subject_id`,
      parentId: sql<number | null>`v.parent_id`,
      message: sql<string>`v.message`,
      isRead: sql<boolean>`v.is_read`,
      createdAt: sql<string>`v.created_at`,
      groupKey: sql<string>`v.group_key`,
      action: sql<string | null>`v.action`,
      groupedCount: sql<number>`v.grouped_count`,
      actorCount: sql<number>`v.actor_count`,
      actor: sql<ViewRow['actor']>`v.actor`,
      actors: sql<ViewRow['actors']>`v.actors`,
      thumbnail: sql<string | null>`v.thumbnail`,
      uploadKey: sql<string | null>`v.upload_key`,
      publicToMembers: sql<boolean | null>`v.public_to_members`,
      postText: sql<string | null>`v.post_text`,
      eventName: sql<string | null>`v.event_name`,
      activityTitle: sql<string | null>`v.activity_title`,
      commentBody: sql<string | null>`v.comment_body`,
      total: sql<number>`v.total`,
    })
    .from(statement)
    .orderBy(sql`v.sort_at desc`, sql`v.id desc`)
    .prepare(`notification_views:${shape}`);
});

/** The view statement for `asked` and its values; exported so a test can see one text serve every member and page. */
export function notificationViewQuery(db: Db, asked: ViewsAsked) {
  const page = 'page' in asked ? asked.page : undefined;
  const shape: ViewShape = page === undefined ? 'only' : page.after ? 'after' : 'page';
  const values = {
    userId: asked.userId,
    timeZone: asked.timeZone,
    afterAt: page?.after?.createdAt.toISOString(),
    afterId: page?.after?.id,
    limit: page?.limit,
    offset: page?.offset,
    only: 'only' in asked ? asked.only : undefined,
  };
  return { statement: viewStatements(db, shape), values };
}

/** The member's page of rows, or one notification, as the wire shows them (`viewStatements`). */
export async function notificationViews(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, asked: ViewsAsked) {
  const { statement, values } = notificationViewQuery(deps.db, asked);
  const rows: ViewRow[] = await statement.execute(values);
  // Signing needs the key from storage: only loaded when a row shows a photo not every member may see (check 14).
  const sign = rows.some((r) => r.thumbnail && r.uploadKey && !r.publicToMembers) ? await mediaUrlSigner(deps) : null;
  return {
    total: rows[0]?.total ?? 0,
    list: rows.map((r): Notification => toView(r, sign)),
  };
}

function toView(r: ViewRow, sign: Awaited<ReturnType<typeof mediaUrlSigner>> | null): Notification {
  const otherActorCount = Math.max(0, r.actorCount - (r.actor ? 1 : 0));
  const thumbnail = r.thumbnail && r.uploadKey && !r.publicToMembers && sign ? signedMediaUrl(r.uploadKey, r.thumbnail, sign) : r.thumbnail;
  return {
    id: r.id,
    kind: r.kind,
    message: r.actor && r.action && otherActorCount > 0 ? groupedSentence(r.actor, otherActorCount, r.action) : r.message,
    actor: r.actor,
    subjectType: r.subjectType,
    subjectId: r.subjectId,
    parentId: r.parentId,
    isRead: r.isRead,
    createdAt: r.createdAt,
    groupKey: r.groupKey,
    action: r.action,
    actors: r.actors,
    otherActorCount,
    groupedCount: r.groupedCount,
    thumbnail: thumbnail ?? null,
    excerpt: excerptOf(r.commentBody ?? (r.subjectType === 'feed' ? r.postText : r.subjectType === 'event' ? r.eventName : r.subjectType === 'activity' ? r.activityTitle : null)),
  };
}
