import { and, count, eq, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { concurrently } from '../db/concurrent';
import { feeds } from '../db/schema/feeds';
import { follows } from '../db/schema/social';
import type { FeedVisibility } from '#contract/feeds';
import { users } from '../db/schema/users';
import { mutes } from '../db/schema/moderation';
import { qualified } from '../db/qualified';
import { blockedEitherWay, blocksAndMutesOf, notHiddenFrom } from './block-policy';
import { notRemovedSubject, notReportedBy } from './moderation-policy';

/**
 * The one authorization place (architecture.md): every "may this viewer see / do this" is answered here, and no route
 * filters on its own. Profiles and follows now; posts, shorts, activities, gear and events ask `mayViewProfileContent`
 * about their owner before any rule of their own (drafts, visibility, associates). Routes and services ask through the
 * Guardian (guardian.ts), the one door to this file and the other policy files.
 */

/** Where the viewer stands with another member, as every follow toggle answers it. */
export type Relationship = {
  userId: number;
  /** The viewer follows them (accepted). */
  isFollowing: boolean;
  /** The viewer's follow request to them is pending. */
  isRequested: boolean;
  /** They follow the viewer (accepted). */
  isFollowedBy: boolean;
  isBlocked: boolean;
  isMuted: boolean;
};

/** The least an owner must be described by for the content rules. */
export type ContentOwner = { id: number; isPrivate: boolean };

/** The follow edges between two members, both directions, in one query. */
async function edges(db: Db, viewerId: number, otherId: number) {
  const rows = await db
    .select({ followerId: follows.followerId, status: follows.status })
    .from(follows)
    .where(
      or(
        and(eq(follows.followerId, viewerId), eq(follows.followeeId, otherId)),
        and(eq(follows.followerId, otherId), eq(follows.followeeId, viewerId)),
      ),
    );
  const outgoing = rows.find((r) => r.followerId === viewerId)?.status;
  const incoming = rows.find((r) => r.followerId === otherId)?.status;
  return { outgoing, incoming };
}

/** The relationship of `viewerId` to `otherId`. */
export async function relationship(db: Db, viewerId: number, otherId: number): Promise<Relationship> {
  if (viewerId === otherId) return relationshipFrom(otherId, undefined, undefined);
  // Follow and unfollow ask it inside their transaction: `concurrently` runs the two reads in turn there.
  const [{ outgoing, incoming }, own] = await concurrently(db, [() => edges(db, viewerId, otherId), () => blocksAndMutesOf(db, viewerId, [otherId])]);
  return relationshipFrom(otherId, outgoing, incoming, { isBlocked: own.blocked.has(otherId), isMuted: own.muted.has(otherId) });
}

/**
 * Builds a relationship from already-loaded edge statuses (lists load them in bulk). `isBlocked` and `isMuted` are the
 * viewer's own block and mute of the member (what their toggles show), not a block the member made.
 */
export function relationshipFrom(
  userId: number,
  outgoing: string | null | undefined,
  incoming: string | null | undefined,
  own: { isBlocked: boolean; isMuted: boolean } = { isBlocked: false, isMuted: false },
): Relationship {
  return {
    userId,
    isFollowing: outgoing === 'accepted',
    isRequested: outgoing === 'pending',
    isFollowedBy: incoming === 'accepted',
    isBlocked: own.isBlocked,
    isMuted: own.isMuted,
  };
}

/** Whether `viewerId` follows `ownerId` (accepted; a pending request grants nothing). */
export async function isAcceptedFollower(db: Db, viewerId: number, ownerId: number) {
  const [row] = await db
    .select({ id: follows.id })
    .from(follows)
    .where(and(eq(follows.followerId, viewerId), eq(follows.followeeId, ownerId), eq(follows.status, 'accepted')))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether `viewerId` may see `owner`'s profile content: posts, shorts, activities, tracks, media, gear, events, and
 * their followers/following lists (check 12). Yes for the owner, for anyone when the profile is public, and for an
 * accepted follower of a private profile. A pending request grants nothing.
 */
export async function mayViewProfileContent(db: Db, viewerId: number, owner: ContentOwner) {
  if (viewerId === owner.id) return true;
  if (await blockedEitherWay(db, viewerId, owner.id)) return false;
  if (!owner.isPrivate) return true;
  return isAcceptedFollower(db, viewerId, owner.id);
}

/** Whether `viewerId` may follow (or request to follow) `targetId`. Blocks will refuse here. */
export function mayFollow(viewerId: number, targetId: number) {
  return viewerId !== targetId;
}

/** What a follow (or a request) to a member becomes. */
export type FollowOutcome = 'accepted' | 'pending';

/**
 * What following `target` becomes (asked once `mayFollow` said yes): a private member is asked, and the request stays
 * pending (granting nothing) until they accept; a public member is followed at once. A request left pending when the
 * profile turned public is accepted on the next try, since the answer is then `accepted`.
 */
export function followOutcome(target: { isPrivate: boolean }): FollowOutcome {
  return target.isPrivate ? 'pending' : 'accepted';
}

/** Members with an accepted follow either way with `viewerId`, as a condition on `users.id`. */
export function isConnectedTo(viewerId: number): SQL {
  return sql`${users.id} in (
    select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.status} = 'accepted'
    union all
    select ${follows.followerId} from ${follows} where ${follows.followeeId} = ${viewerId} and ${follows.status} = 'accepted')`;
}

/** Whether `viewerId` follows the member in `memberColumn` (accepted), as a condition. */
export function followsWhere(viewerId: number, memberColumn: SQLWrapper): SQL {
  return sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${memberColumn} and ${follows.status} = 'accepted')`;
}

/**
 * Whom `viewerId` may @-mention, as a condition on `users.id`: members they follow or who follow them. A pending
 * request grants nothing. Blocks in either direction will subtract here.
 */
export function mayMentionWhere(viewerId: number): SQL {
  return isConnectedTo(viewerId);
}

/**
 * Whom `senderId` may invite to an event or ask to co-host one, as a condition on `users.id`: members with an accepted
 * follow either way with the sender (who follow them or whom they follow), never themself (issue 17 item 12: a
 * stranger could name anyone). Asked of whoever sends the invitation (the organiser, or a co-host inviting to the
 * event), so no one is reached, or listed in a picker, through someone else's connections. Blocks in either direction
 * will subtract here (check 13: a blocked member cannot be invited).
 */
export function mayInviteWhere(senderId: number): SQL {
  return and(ne(users.id, senderId), isConnectedTo(senderId))!;
}

/** The least a post must be described by for the feed rules; `visibility` is a short's (posts are `everyone`). */
export type FeedSubject = { userId: number; isDraft: boolean; visibility: FeedVisibility };

/**
 * Whether `viewerId` may see a post or a short (issues 5, 22): a draft only by its author; a published one by whoever
 * may see its author's profile content (`mayViewProfileContent`: a private author's only by accepted followers), and
 * for a short as its visibility says (`followers`: accepted followers; `only_me`: its author). Comments, reactions and
 * mentions ask this first; photos and videos follow it (check 14, media-policy.ts).
 */
export async function mayViewFeed(db: Db, viewerId: number, feed: FeedSubject, author: ContentOwner) {
  if (feed.userId === viewerId) return true;
  if (feed.isDraft || feed.visibility === 'only_me') return false;
  if (feed.visibility === 'followers') return (await isAcceptedFollower(db, viewerId, feed.userId)) && (await mayViewProfileContent(db, viewerId, author));
  return mayViewProfileContent(db, viewerId, author);
}

/**
 * `mayViewFeed` as a condition on `feeds`, for lists. Correlated sub-queries on purpose: under an OR the planner
 * keeps them per row (two primary-key/unique-index probes), so a newest-first list still walks the
 * (published_at, id) index and stops after one page instead of first gathering every private author.
 */
export function visibleFeedsCondition(viewerId: number | SQLWrapper): SQL {
  // The author's privacy is a scalar lookup by primary key per row: written as `not exists (...)` the planner hashes
  // the whole users table on every page (bench:feed measured 13 ms per page at 100 k members, 1 ms this way).
  // Another member's posts: none across a block either way, none of a member the viewer muted (block-policy.ts).
  // Not a post a moderator removed (for anyone), nor one the viewer reported (moderation-policy.ts).
  // A short for followers asks the follow edge whatever the author's privacy; one for its author alone, nobody else.
  const followed = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${feeds.userId} and ${follows.status} = 'accepted')`;
  return sql`((${feeds.userId} = ${viewerId} or (${feeds.publishedAt} is not null and (
    (${feeds.visibility} = 'everyone' and (select not u.is_private from ${users} u where u.id = ${feeds.userId}))
    or (${feeds.visibility} <> 'only_me' and ${followed}))
    and ${notHiddenFrom(viewerId, feeds.userId)} and ${notReportedBy(viewerId, 'post', qualified(feeds.id))})) and ${notRemovedSubject(qualified(feeds.subjectId))})`;
}

/**
 * How `followedFeedsCondition` finds the followed authors' posts: member by member (a semi-join; fast for a viewer
 * following few), by filtering the newest posts, or (`entries`) one edge probe a post, for a list already narrowed
 * to candidates (the viewer's timeline entries, server/modules/feeds/timelines.ts).
 */
export type FollowedPlan = 'members' | 'newest' | 'entries';

/** The members `memberId` follows (accepted), as a subquery of their ids. */
export function followeesOf(memberId: number | SQLWrapper): SQL {
  return sql`select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${memberId} and ${follows.status} = 'accepted'`;
}

/** The members following `authorId` (accepted), as a subquery of their ids: whose following feeds its posts enter. */
export function followersOf(authorId: number | SQLWrapper): SQL {
  return sql`select ${follows.followerId} from ${follows} where ${follows.followeeId} = ${authorId} and ${follows.status} = 'accepted'`;
}

/**
 * Published posts of the viewer and of the members they follow (accepted). Every such post passes
 * `visibleFeedsCondition` by definition (an accepted follower sees a private author's posts), so for the `following`
 * list this is both the filter and the visibility rule, without asking the rule again per row.
 */
export function followedFeedsCondition(viewerId: number | SQLWrapper, plan: FollowedPlan): SQL {
  const whose =
    plan === 'members'
      ? sql`${feeds.userId} in (${followeesOf(viewerId)} union all select ${viewerId}::integer)`
      : plan === 'newest'
        ? sql`(${feeds.userId} = ${viewerId} or ${feeds.userId} in (${followeesOf(viewerId)}))`
        : sql`(${feeds.userId} = ${viewerId} or exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${feeds.userId} and ${follows.status} = 'accepted'))`;
  // A block removed the follow edges already; a muted member may still be followed, and their posts stay out. A short
  // for its author alone is theirs alone.
  return sql`(${feeds.publishedAt} is not null and ${whose} and (${feeds.userId} = ${viewerId} or ${feeds.visibility} <> 'only_me') and not exists (select 1 from ${mutes} m where m.muter_id = ${viewerId} and m.muted_id = ${feeds.userId})
    and ${notReportedBy(viewerId, 'post', qualified(feeds.id))} and ${notRemovedSubject(qualified(feeds.subjectId))})`;
}

/**
 * Whether a post is visible to every signed-in member (published, public author). Only such a post's photos are
 * served without a signature or a token (check 14).
 */
export function isPublicToMembers(feed: FeedSubject, author: ContentOwner) {
  return !feed.isDraft && feed.visibility === 'everyone' && !author.isPrivate;
}

/**
 * `isPublicToMembers` inside a statement of posts, over the aliases the statement gives the post and its author
 * (feed-views.ts: `p` and `a`): whether the photos are served unsigned.
 */
export function publicToMembersSql(post: string, author: string): SQL<boolean> {
  return sql.raw(`(not ${post}.is_draft and ${post}.visibility = 'everyone' and not ${author}.is_private)`) as SQL<boolean>;
}

/** Up to this many follows, `following` reads per member (bench:feed: 0.8 ms vs 53 ms at 26 follows; 153 vs 17 ms at 1,873). */
export const FEW_FOLLOWS = 300;

/**
 * Whether the viewer follows at most `FEW_FOLLOWS` members (counted no further than that): which plan
 * `followedFeedsCondition` takes.
 */
export async function followsFew(db: Db, viewerId: number) {
  const capped = db
    .select({ one: sql`1` })
    .from(follows)
    .where(and(eq(follows.followerId, viewerId), eq(follows.status, 'accepted')))
    .limit(FEW_FOLLOWS + 1)
    .as('capped_follows');
  const [row] = await db.select({ n: count() }).from(capped);
  return (row?.n ?? 0) <= FEW_FOLLOWS;
}

/** A member as the content rules take them (`ContentOwner`), found by id or by handle in any case; undefined if none. */
export async function loadContentOwner(db: Db, by: { userId: number } | { handleName: string }): Promise<ContentOwner | undefined> {
  const where = 'userId' in by ? eq(users.id, by.userId) : sql`lower(${users.handleName}) = ${by.handleName.toLowerCase()}`;
  const [row] = await db.select({ id: users.id, isPrivate: users.isPrivate }).from(users).where(where).limit(1);
  return row;
}
