import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blocks, mutes } from '../db/schema/moderation';

/**
 * Blocks and mutes (issue 20), asked through the Guardian in front of every other rule. A block holds both ways,
 * whoever made it: neither member sees the other's profile content, posts, events, comments, reactions or
 * notifications, and what they cannot see answers as if it did not exist (no "you are blocked" oracle). A mute hides
 * the muted member's posts, comments and notifications from the muter's lists only; the muted member notices nothing.
 */

/** Whether a block stands between two members, in either direction: two unique-index probes. */
export async function blockedEitherWay(db: Db, a: number, b: number) {
  if (a === b) return false;
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether `viewerId` blocked and muted each of `otherIds` (their own side only: what their toggles show). One statement
 * for both, so it costs one round trip on the pool and inside a transaction alike (whose one connection takes a
 * statement at a time: follow and unfollow ask this in theirs, through `relationship`).
 */
export async function blocksAndMutesOf(db: Db, viewerId: number, otherIds: readonly number[]) {
  if (otherIds.length === 0) return { blocked: new Set<number>(), muted: new Set<number>() };
  const rows = await db
    .select({ id: blocks.blockedId, muted: sql<boolean>`false` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, viewerId), inArray(blocks.blockedId, [...otherIds])))
    .unionAll(
      db
        .select({ id: mutes.mutedId, muted: sql<boolean>`true` })
        .from(mutes)
        .where(and(eq(mutes.muterId, viewerId), inArray(mutes.mutedId, [...otherIds]))),
    );
  return { blocked: new Set(rows.filter((r) => !r.muted).map((r) => r.id)), muted: new Set(rows.filter((r) => r.muted).map((r) => r.id)) };
}

/**
 * The member in `memberColumn` has no block with `viewerId` either way, as a condition for lists. Pass an outer
 * column through `qualified` (server/db/qualified.ts) where the statement reads one table.
 */
export function notBlockedWith(viewerId: number | SQLWrapper, memberColumn: SQLWrapper): SQL {
  // Two probes of the unique (blocker, blocked) index rather than one OR, which the planner may not split.
  return sql`(not exists (select 1 from ${blocks} b where b.blocker_id = ${viewerId} and b.blocked_id = ${memberColumn})
    and not exists (select 1 from ${blocks} b where b.blocker_id = ${memberColumn} and b.blocked_id = ${viewerId}))`;
}

/** Whether `otherId` is hidden from `viewerId`: a block either way, or muted by the viewer. */
export async function hiddenFrom(db: Db, viewerId: number, otherId: number) {
  if (viewerId === otherId) return false;
  const [row] = await db
    .select({ one: sql`1` })
    .from(mutes)
    .where(and(eq(mutes.muterId, viewerId), eq(mutes.mutedId, otherId)))
    .limit(1);
  return row !== undefined || (await blockedEitherWay(db, viewerId, otherId));
}

/** Whether `otherId` blocked `viewerId` (their profile then answers as if it did not exist). */
export async function blockedBy(db: Db, viewerId: number, otherId: number) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, otherId), eq(blocks.blockedId, viewerId)))
    .limit(1);
  return row !== undefined;
}

/** The member in `memberColumn` is neither blocked either way with `viewerId` nor muted by them: what lists hide. */
export function notHiddenFrom(viewerId: number | SQLWrapper, memberColumn: SQLWrapper): SQL {
  return sql`(${notBlockedWith(viewerId, memberColumn)} and not exists (select 1 from ${mutes} m where m.muter_id = ${viewerId} and m.muted_id = ${memberColumn}))`;
}
