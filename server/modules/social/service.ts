import { and, count, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { MemberCard, MemberList, MemberProfile, Relationship } from '#contract/social';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { keysetPage, type PageAsked, type PagedAnswer } from '../../db/keyset';
import { follows } from '../../db/schema/social';
import { users } from '../../db/schema/users';
import { qualified } from '../../db/qualified';
import { escapeLike, searchFold } from '../../db/search-text';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { guardianFor } from '../../policy/guardian';
import { blocksAndMutesOf } from '../../policy/block-policy';
import { relationship, relationshipFrom } from '../../policy/social-policy';
import * as notices from '../notifications/follow-notices';
import { withOutbox } from '../notifications/outbox';
import { followEnded, followStarted } from '../feeds/timelines';

export const PER_PAGE = 20;

type ListQuery = PageAsked & { search?: string | undefined };

/** Only the public columns ever leave this module about another member (check 11). */
export const cardColumns = {
  userId: users.id,
  handleName: users.handleName,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImage: users.profileImage,
  sports: users.sports,
  isPrivate: users.isPrivate,
};
type CardRow = { userId: number; handleName: string; firstName: string; lastName: string; profileImage: string | null; sports: number[]; isPrivate: boolean };

function toCard(row: CardRow, rel: Relationship): MemberCard {
  return {
    userId: row.userId,
    handleName: row.handleName,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImage: row.profileImage,
    sports: row.sports,
    isPrivate: row.isPrivate,
    isFollowing: rel.isFollowing,
    isRequested: rel.isRequested,
    isFollowedBy: rel.isFollowedBy,
    isBlocked: rel.isBlocked,
    isMuted: rel.isMuted,
  };
}

/**
 * `search_text` contains what the member typed, folded the same way (server/db/search-text.ts). LIKE, not ILIKE:
 * both sides are already lowercase. Wildcards the member types are escaped, so `%` and `_` match themselves.
 */
export function searchCondition(search: string | undefined): SQL | undefined {
  const term = searchFold(search?.trim() ?? '');
  if (!term) return undefined;
  return sql`${users.searchText} like ${`%${escapeLike(term)}%`}`;
}

/** The viewer's relationships to many members at once (two edge directions, one query). */
async function relationshipsTo(db: Db, viewerId: number, ids: number[]) {
  const out = new Map<number, string>();
  const inc = new Map<number, string>();
  const own = await blocksAndMutesOf(db, viewerId, ids);
  if (ids.length > 0) {
    const rows = await db
      .select({ followerId: follows.followerId, followeeId: follows.followeeId, status: follows.status })
      .from(follows)
      .where(
        or(
          and(eq(follows.followerId, viewerId), inArray(follows.followeeId, ids)),
          and(eq(follows.followeeId, viewerId), inArray(follows.followerId, ids)),
        ),
      );
    for (const r of rows) {
      if (r.followerId === viewerId) out.set(r.followeeId, r.status);
      else inc.set(r.followerId, r.status);
    }
  }
  return (id: number) => relationshipFrom(id, out.get(id), inc.get(id), { isBlocked: own.blocked.has(id), isMuted: own.muted.has(id) });
}

/** A page of member rows as cards with the viewer's relationship to each; the page data as it came. */
export async function toList(db: Db, viewerId: number, page: PagedAnswer<CardRow>): Promise<MemberList> {
  const rel = await relationshipsTo(
    db,
    viewerId,
    page.list.map((r) => r.userId),
  );
  return { ...page, list: page.list.map((r) => toCard(r, rel(r.userId))) };
}

/** `GET /api/user/all`: every other member, newest first, optionally searched and filtered by sport. */
export async function listMembers(db: Db, viewerId: number, q: ListQuery & { sportId?: number | undefined }) {
  const at = keysetPage(q, { createdAt: users.createdAt, id: users.id }, PER_PAGE);
  const where = and(
    ne(users.id, viewerId),
    // Nobody on the other side of a block, either way (the blocker finds them under Blocked members).
    guardianFor(db, viewerId).unblockedWhere(qualified(users.id)),
    // Nor an associate their owner keeps out of member search (issue 25).
    guardianFor(db, viewerId).findableMembersWhere(qualified(users.id)),
    searchCondition(q.search),
    q.sportId === undefined ? undefined : sql`${q.sportId}::integer = any(${users.sports})`,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ ...cardColumns, createdAt: users.createdAt })
      .from(users)
      .where(and(where, at.where))
      .orderBy(...at.orderBy)
      .limit(at.limit)
      .offset(at.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return toList(db, viewerId, at.answer(rows, totalRow?.n ?? 0, (r) => ({ createdAt: r.createdAt, id: r.userId })));
}

type Side = 'followers' | 'following' | 'requests';

/**
 * The viewer's followers, following, or pending requests to the viewer; newest edge first. `q.userId` asks for another
 * member's followers or following instead, shown where the Guardian lets the viewer see that member's profile content
 * (the same rule that shows the counts on their profile).
 */
export async function listFollows(db: Db, viewerId: number, side: Side, q: ListQuery & { userId?: number | undefined }) {
  const ownerId = q.userId ?? viewerId;
  const guardian = guardianFor(db, viewerId);
  if (ownerId !== viewerId) {
    const owner = await findMember(db, ownerId);
    // Across a block the member answers as if they did not exist, as their profile does.
    if (await guardian.isBlockedWith(ownerId)) throw notFound('That member does not exist.');
    if (side === 'requests' || !(await guardian.canSeeProfileContent(owner))) {
      throw forbidden('This profile is private. Follow them to see who they follow and who follows them.');
    }
  }
  const at = keysetPage(q, { createdAt: follows.createdAt, id: follows.id }, PER_PAGE);
  // followers and requests: the other member is the follower; following: the followee.
  const other = side === 'following' ? follows.followeeId : follows.followerId;
  const mine = side === 'following' ? follows.followerId : follows.followeeId;
  const where = and(
    eq(mine, ownerId),
    eq(follows.status, side === 'requests' ? 'pending' : 'accepted'),
    guardian.unblockedWhere(qualified(users.id)),
    searchCondition(q.search),
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ ...cardColumns, followedAt: follows.createdAt, followId: follows.id })
      .from(follows)
      .innerJoin(users, eq(users.id, other))
      .where(and(where, at.where))
      .orderBy(...at.orderBy)
      .limit(at.limit)
      .offset(at.offset),
    db.select({ n: count() }).from(follows).innerJoin(users, eq(users.id, other)).where(where),
  ]);
  return toList(db, viewerId, at.answer(rows, totalRow?.n ?? 0, (r) => ({ createdAt: r.followedAt, id: r.followId })));
}

async function findMember(db: Db, userId: number) {
  const [row] = await db.select({ id: users.id, isPrivate: users.isPrivate }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('That member does not exist.');
  return row;
}

const NO_REQUEST = 'There is no follow request from that member.';

const edge = (followerId: number, followeeId: number) => and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId));

/**
 * Follows a public member at once, or asks a private one (the Guardian's `canFollow` and `followOutcome`). Repeating
 * it changes nothing and tells nobody again. The member followed or asked is notified, and their screens learn the new
 * relationship.
 */
export async function follow(deps: Deps, viewerId: number, targetId: number) {
  if (!guardianFor(deps.db, viewerId).canFollow(targetId)) throw fieldError('userId', 'You cannot follow yourself.');
  return withOutbox(deps, async (tx, outbox) => {
    const now = deps.clock.now();
    const target = await findMember(tx, targetId);
    // Across a block, either way, the member is not there to follow (no "you are blocked" oracle).
    if (await guardianFor(tx, viewerId).isBlockedWith(targetId)) throw notFound('That member does not exist.');
    // An associate whose owner has not allowed new followers takes none (issue 25); a follow already made stays.
    const already = await tx.select({ id: follows.id }).from(follows).where(edge(viewerId, targetId)).limit(1);
    if (already.length === 0 && !(await guardianFor(tx, viewerId).memberPermits(targetId, 'accept_followers'))) {
      throw forbidden('This member is not taking new followers.');
    }
    const status = guardianFor(tx, viewerId).followOutcome(target);
    const asked = status === 'pending';
    const [inserted] = await tx
      .insert(follows)
      .values({ followerId: viewerId, followeeId: targetId, status, createdAt: now, acceptedAt: status === 'accepted' ? now : null })
      .onConflictDoNothing({ target: [follows.followerId, follows.followeeId] })
      .returning({ status: follows.status });
    // A request left pending when the profile turned public becomes a follow on the next try.
    const upgraded = asked
      ? []
      : await tx
          .update(follows)
          .set({ status: 'accepted', acceptedAt: now })
          .where(and(edge(viewerId, targetId), eq(follows.status, 'pending')))
          .returning({ id: follows.id });
    if (upgraded.length > 0) await notices.requestGone(tx, outbox, viewerId, targetId);
    if (inserted?.status === 'pending') await notices.requested(tx, now, outbox, viewerId, targetId);
    else if (inserted || upgraded.length > 0) await notices.followed(tx, now, outbox, viewerId, targetId);
    if (inserted || upgraded.length > 0) outbox.relationship(targetId, viewerId);
    if (inserted?.status === 'accepted' || upgraded.length > 0) await followStarted(tx, now, viewerId, targetId);
    return relationship(tx, viewerId, targetId);
  });
}

/** Stops following, or withdraws a pending request (whose notification goes with it). */
export async function unfollow(deps: Deps, viewerId: number, targetId: number) {
  return withOutbox(deps, async (tx, outbox) => {
    await findMember(tx, targetId);
    const [removed] = await tx.delete(follows).where(edge(viewerId, targetId)).returning({ status: follows.status });
    if (removed?.status === 'pending') await notices.requestGone(tx, outbox, viewerId, targetId);
    if (removed?.status === 'accepted') await followEnded(tx, viewerId, targetId);
    if (removed) outbox.relationship(targetId, viewerId);
    return relationship(tx, viewerId, targetId);
  });
}

/**
 * Accepts `requesterId`'s pending request to the viewer; the requester is told. Accepting twice is fine; no request
 * at all is a 404.
 */
export async function acceptRequest(deps: Deps, viewerId: number, requesterId: number) {
  return withOutbox(deps, async (tx, outbox) => {
    const now = deps.clock.now();
    await findMember(tx, requesterId);
    const [row] = await tx.select({ status: follows.status }).from(follows).where(edge(requesterId, viewerId)).limit(1);
    if (!row) throw notFound(NO_REQUEST);
    const accepted = await tx
      .update(follows)
      .set({ status: 'accepted', acceptedAt: now })
      .where(and(edge(requesterId, viewerId), eq(follows.status, 'pending')))
      .returning({ id: follows.id });
    if (accepted.length > 0) {
      await followStarted(tx, now, requesterId, viewerId);
      await notices.requestAccepted(tx, now, outbox, requesterId, viewerId);
      outbox.relationship(requesterId, viewerId);
    }
    return relationship(tx, viewerId, requesterId);
  });
}

/** Rejects `requesterId`'s pending request (an accepted follow is left alone: that is remove-follower). */
export async function rejectRequest(deps: Deps, viewerId: number, requesterId: number) {
  return withOutbox(deps, async (tx, outbox) => {
    await findMember(tx, requesterId);
    const removed = await tx
      .delete(follows)
      .where(and(edge(requesterId, viewerId), eq(follows.status, 'pending')))
      .returning({ id: follows.id });
    if (removed.length === 0) throw notFound(NO_REQUEST);
    await notices.requestGone(tx, outbox, requesterId, viewerId);
    outbox.relationship(requesterId, viewerId);
    return relationship(tx, viewerId, requesterId);
  });
}

/** Removes `followerId` from the viewer's followers (or drops their pending request). */
export async function removeFollower(deps: Deps, viewerId: number, followerId: number) {
  return withOutbox(deps, async (tx, outbox) => {
    await findMember(tx, followerId);
    const [removed] = await tx.delete(follows).where(edge(followerId, viewerId)).returning({ status: follows.status });
    if (!removed) throw notFound('That member does not follow you.');
    if (removed.status === 'pending') await notices.requestGone(tx, outbox, followerId, viewerId);
    else await followEnded(tx, followerId, viewerId);
    outbox.relationship(followerId, viewerId);
    return relationship(tx, viewerId, followerId);
  });
}

/** Accepted followers and following of a member. */
export async function followCounts(db: Db, userId: number) {
  const [row] = await db
    .select({
      followers: sql<number>`count(*) filter (where ${follows.followeeId} = ${userId})`.mapWith(Number),
      following: sql<number>`count(*) filter (where ${follows.followerId} = ${userId})`.mapWith(Number),
    })
    .from(follows)
    .where(and(eq(follows.status, 'accepted'), or(eq(follows.followeeId, userId), eq(follows.followerId, userId))));
  return { followers: row?.followers ?? 0, following: row?.following ?? 0 };
}

/** Another member's profile; a private one the viewer may not see keeps only its header. */
export async function memberProfile(db: Db, viewerId: number, by: { handleName?: string | undefined; userId?: number | undefined }): Promise<MemberProfile> {
  const byWhat = by.userId !== undefined ? eq(users.id, by.userId) : sql`lower(${users.handleName}) = ${(by.handleName ?? '').toLowerCase()}`;
  const [row] = await db
    .select({ ...cardColumns, profileCoverImage: users.profileCoverImage, bio: users.bio, location: users.location })
    .from(users)
    .where(byWhat)
    .limit(1);
  // A member who blocked the viewer answers as nobody; one the viewer blocked keeps their header, to unblock from.
  if (!row || (await guardianFor(db, viewerId).isBlockedBy(row.userId))) throw notFound('That member does not exist.');
  const [rel, canViewContent] = await Promise.all([
    relationship(db, viewerId, row.userId),
    guardianFor(db, viewerId).canSeeProfileContent({ id: row.userId, isPrivate: row.isPrivate }),
  ]);
  const counts = canViewContent ? await followCounts(db, row.userId) : null;
  return {
    ...toCard(row, rel),
    profileCoverImage: row.profileCoverImage,
    bio: canViewContent ? row.bio : null,
    location: canViewContent ? row.location : null,
    followers: counts?.followers ?? null,
    following: counts?.following ?? null,
    canViewContent,
  };
}

