import { and, count, eq, sql } from 'drizzle-orm';
import { LEGACY_THUMBS_UP, type Feed, type feedLikers, type feedLikersQuery, type ReactionCode } from '#contract/feeds';
import type * as z from 'zod/mini';
import type { Deps } from '../../deps';
import { keysetPage } from '../../db/keyset';
import { feedReactions, feeds, users } from '../../db/schema';
import { writeNotification } from '../notifications/notify';
import { withOutbox } from '../notifications/outbox';
import { loadViewableFeed } from './feed-access';
import { feedView, summaryColumns } from './feed-views';

/** Reactions to posts (spec §3 codes): one per member per post, kept in step with `feeds.like_count`. */

export const LIKERS_PER_PAGE = 20;

/** The spec's `U+1245` is read as thumbs-up and stored as `U+1F44D` (contract/feeds.ts). */
export const storedCode = (code: string): ReactionCode => (code === LEGACY_THUMBS_UP ? 'U+1F44D' : (code as ReactionCode));

/**
 * `POST /api/feed/like`: sets the viewer's reaction to a post they may see (`null` removes it). A new reaction tells
 * the author (`likes`, never for their own); switching from one emoji to another tells nobody again. Answers the post.
 */
export async function setReaction(deps: Deps, viewerId: number, feedId: number, code: string | null): Promise<Feed> {
  await withOutbox(deps, async (tx, outbox) => {
    const now = deps.clock.now();
    const post = await loadViewableFeed(tx, viewerId, feedId);
    const mineNow = and(eq(feedReactions.feedId, feedId), eq(feedReactions.userId, viewerId));
    if (code === null) {
      const gone = await tx.delete(feedReactions).where(mineNow).returning({ id: feedReactions.id });
      if (gone.length > 0) await tx.update(feeds).set({ likeCount: sql`${feeds.likeCount} - 1` }).where(eq(feeds.id, feedId));
      return;
    }
    const stored = storedCode(code);
    // Insert-or-nothing settles two racing first clicks on one row; the loser switches the emoji instead.
    const added = await tx
      .insert(feedReactions)
      .values({ feedId, userId: viewerId, code: stored, createdAt: now })
      .onConflictDoNothing({ target: [feedReactions.feedId, feedReactions.userId] })
      .returning({ id: feedReactions.id });
    if (added.length === 0) {
      await tx.update(feedReactions).set({ code: stored }).where(mineNow);
      return;
    }
    await tx.update(feeds).set({ likeCount: sql`${feeds.likeCount} + 1` }).where(eq(feeds.id, feedId));
    await writeNotification(tx, now, outbox, { userId: post.userId, actorId: viewerId, kind: 'likes', subjectType: 'feed', subjectId: feedId });
  });
  return feedView(deps, viewerId, feedId);
}

/** `GET /api/feed/likes`: who reacted to a post the viewer may see, newest first, optionally one emoji only. */
export async function listLikers(
  deps: Pick<Deps, 'db'>,
  viewerId: number,
  q: z.infer<typeof feedLikersQuery>,
): Promise<z.infer<typeof feedLikers>> {
  await loadViewableFeed(deps.db, viewerId, q.feedId);
  const at = keysetPage(q, { createdAt: feedReactions.createdAt, id: feedReactions.id }, LIKERS_PER_PAGE);
  const where = and(eq(feedReactions.feedId, q.feedId), q.likeUniCode ? eq(feedReactions.code, storedCode(q.likeUniCode)) : undefined);
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select({ ...summaryColumns, likeUniCode: feedReactions.code, reactedAt: feedReactions.createdAt, reactionId: feedReactions.id })
      .from(feedReactions)
      .innerJoin(users, eq(users.id, feedReactions.userId))
      .where(and(where, at.where))
      .orderBy(...at.orderBy)
      .limit(at.limit)
      .offset(at.offset),
    deps.db.select({ n: count() }).from(feedReactions).where(where),
  ]);
  const page = at.answer(rows, counted?.n ?? 0, (r) => ({ createdAt: r.reactedAt, id: r.reactionId }));
  return {
    ...page,
    list: page.list.map(({ reactedAt: _at, reactionId: _id, likeUniCode, ...member }) => ({ ...member, likeUniCode: likeUniCode as ReactionCode })),
  };
}
