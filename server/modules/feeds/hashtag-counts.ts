import { and, count, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedHashtags, feeds, hashtags } from '../../db/schema/feeds';

/** A post's tags and whether it is published, before or after a change. */
export type TagState = { tags: readonly string[]; publishedAt: Date | null };

/** A post that does not exist (yet, or any more). */
export const NO_TAGS: TagState = { tags: [], publishedAt: null };

async function changeUseCount(tx: Db, tags: readonly string[], by: 1 | -1) {
  if (tags.length === 0) return;
  await tx
    .update(hashtags)
    .set({ useCount: sql`${hashtags.useCount} + ${by}` })
    .where(inArray(hashtags.tagName, [...tags]));
}

/**
 * Keeps a post's `feed_hashtags` rows and every `hashtags.use_count` in step with its change from `before` to
 * `after` (`NO_TAGS` for a new or deleted post). Only published posts count: a draft's tags are linked, so publishing it
 * counts them, but suggestions (`GET /api/feedTag`) never offer a tag only drafts carry. The count is every published
 * post's, private members' too: suggestions use it only to pick candidates and count what the viewer may see
 * (hashtag-suggestions.ts). `feed_hashtags.published_at`
 * copies the post's, so `#tag` search pages through its own index. Call inside the transaction that changes the post.
 */
export async function syncPostHashtags(tx: Db, feedId: number, before: TagState, after: TagState) {
  const counted = (s: TagState) => new Set(s.publishedAt ? s.tags : []);
  const was = counted(before);
  const now = counted(after);
  if (after.tags.length > 0) {
    await tx
      .insert(hashtags)
      .values(after.tags.map((tagName) => ({ tagName })))
      .onConflictDoNothing({ target: hashtags.tagName });
  }
  await changeUseCount(tx, [...now].filter((t) => !was.has(t)), 1);
  await changeUseCount(tx, [...was].filter((t) => !now.has(t)), -1);

  if (after.tags.length === 0) {
    await tx.delete(feedHashtags).where(eq(feedHashtags.feedId, feedId));
    return;
  }
  const ids = tx.select({ id: hashtags.id }).from(hashtags).where(inArray(hashtags.tagName, [...after.tags]));
  await tx.delete(feedHashtags).where(and(eq(feedHashtags.feedId, feedId), notInArray(feedHashtags.hashtagId, ids)));
  const rows = await ids;
  await tx
    .insert(feedHashtags)
    .values(rows.map((r) => ({ feedId, hashtagId: r.id, publishedAt: after.publishedAt })))
    .onConflictDoUpdate({ target: [feedHashtags.feedId, feedHashtags.hashtagId], set: { publishedAt: after.publishedAt } });
}

/**
 * Lowers the use counts of every tag a member's published posts carry, by how many of their posts carry it (account
 * deletion, inside its transaction, before the posts go by cascade): a tag only they used stops being suggested.
 */
export async function forgetMemberHashtags(tx: Db, userId: number) {
  const theirs = tx
    .select({ hashtagId: feedHashtags.hashtagId, n: count().as('n') })
    .from(feedHashtags)
    .innerJoin(feeds, eq(feeds.id, feedHashtags.feedId))
    .where(and(eq(feeds.userId, userId), isNotNull(feeds.publishedAt)))
    .groupBy(feedHashtags.hashtagId)
    .as('theirs');
  await tx
    .update(hashtags)
    .set({ useCount: sql`greatest(${hashtags.useCount} - ${theirs.n}, 0)` })
    .from(theirs)
    .where(eq(hashtags.id, theirs.hashtagId));
}
