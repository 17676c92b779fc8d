import { and, count, eq, or } from 'drizzle-orm';
import { moderationMessages } from '#contract/moderation';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { keysetPage, type PageAsked } from '../../db/keyset';
import { blocks, mutes } from '../../db/schema/moderation';
import { follows } from '../../db/schema/social';
import { users } from '../../db/schema/users';
import { displayName } from '../notifications/sentences';
import { fieldError, notFound } from '../../lib/errors';
import { relationship } from '../../policy/social-policy';
import * as notices from '../notifications/follow-notices';
import { withOutbox } from '../notifications/outbox';
import { followEnded } from '../feeds/timelines';
import { cardColumns, PER_PAGE, searchCondition, toList } from '../social/service';

/**
 * Block and mute (issue 20): toggles answering the relationship, and the lists of whom a member blocked or muted.
 * What a block or mute hides is decided by the policy module (server/policy/block-policy.ts, through the Guardian);
 * this module only records them.
 */

async function namedMember(db: Db, viewerId: number, userId: number) {
  if (userId === viewerId) throw fieldError('userId', 'You cannot block or mute yourself.');
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName, handleName: users.handleName }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('That member does not exist.');
  return displayName(row);
}

/**
 * `POST /api/block`: blocks the member, or unblocks one the viewer blocked. Blocking ends every follow edge between the
 * two, both ways, requests included, and both members' screens learn the new relationship.
 */
export async function toggleBlock(deps: Deps, viewerId: number, userId: number) {
  return withOutbox(deps, async (tx, outbox) => {
    const name = await namedMember(tx, viewerId, userId);
    const [removed] = await tx
      .delete(blocks)
      .where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, userId)))
      .returning({ id: blocks.id });
    if (!removed) {
      await tx.insert(blocks).values({ blockerId: viewerId, blockedId: userId, createdAt: deps.clock.now() }).onConflictDoNothing();
      const ended = await tx
        .delete(follows)
        .where(or(and(eq(follows.followerId, viewerId), eq(follows.followeeId, userId)), and(eq(follows.followerId, userId), eq(follows.followeeId, viewerId))))
        .returning({ followerId: follows.followerId, followeeId: follows.followeeId, status: follows.status });
      for (const edge of ended) if (edge.status === 'pending') await notices.requestGone(tx, outbox, edge.followerId, edge.followeeId);
      if (ended.some((edge) => edge.status === 'accepted')) await followEnded(tx, viewerId, userId, true);
    }
    outbox.relationship(userId, viewerId);
    outbox.relationship(viewerId, userId);
    return { message: removed ? moderationMessages.unblocked(name) : moderationMessages.blocked(name), data: await relationship(tx, viewerId, userId) };
  });
}

/** `POST /api/following/notification`: mutes the member, or unmutes one the viewer muted. The muted member is not told. */
export async function toggleMute(deps: Deps, viewerId: number, userId: number) {
  return withOutbox(deps, async (tx, outbox) => {
    const name = await namedMember(tx, viewerId, userId);
    const [removed] = await tx
      .delete(mutes)
      .where(and(eq(mutes.muterId, viewerId), eq(mutes.mutedId, userId)))
      .returning({ id: mutes.id });
    if (!removed) await tx.insert(mutes).values({ muterId: viewerId, mutedId: userId, createdAt: deps.clock.now() }).onConflictDoNothing();
    // The viewer's other screens; the badge too, since muted members' notifications leave the count.
    outbox.relationship(viewerId, userId);
    outbox.badge(viewerId);
    return { message: removed ? moderationMessages.unmuted(name) : moderationMessages.muted(name), data: await relationship(tx, viewerId, userId) };
  });
}

/** `GET /api/user/blocked/list` and `/api/user/muted/list`: whom the viewer blocked or muted, newest first, searchable. */
export async function listModerated(db: Db, viewerId: number, kind: 'blocked' | 'muted', q: PageAsked & { search?: string | undefined }) {
  const table = kind === 'blocked' ? { id: blocks.id, by: blocks.blockerId, whom: blocks.blockedId, at: blocks.createdAt, t: blocks } : { id: mutes.id, by: mutes.muterId, whom: mutes.mutedId, at: mutes.createdAt, t: mutes };
  const at = keysetPage(q, { createdAt: table.at, id: table.id }, PER_PAGE);
  const where = and(eq(table.by, viewerId), searchCondition(q.search));
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ ...cardColumns, since: table.at, rowId: table.id })
      .from(table.t)
      .innerJoin(users, eq(users.id, table.whom))
      .where(and(where, at.where))
      .orderBy(...at.orderBy)
      .limit(at.limit)
      .offset(at.offset),
    db.select({ n: count() }).from(table.t).innerJoin(users, eq(users.id, table.whom)).where(where),
  ]);
  return toList(db, viewerId, at.answer(rows, totalRow?.n ?? 0, (r) => ({ createdAt: r.since, id: r.rowId })));
}
