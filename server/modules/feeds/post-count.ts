import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { FeedKind } from '#contract/feeds';
import type { Db } from '../../db/client';
import { feeds } from '../../db/schema/feeds';

/**
 * How many posts and shorts `userId` has published (drafts are nobody's to count): the "Posts" and "Shorts" of their
 * own profile. They are the numbers their lists show anyone who may see everything of theirs (`GET /api/feed` and
 * `/api/video-feed` by handleName, counted there under the policy), read from the (user_id, published_at, id) index.
 */
export async function publishedCounts(db: Db, userId: number): Promise<Record<FeedKind, number>> {
  const rows = await db
    .select({ kind: feeds.kind, n: count() })
    .from(feeds)
    .where(and(eq(feeds.userId, userId), isNotNull(feeds.publishedAt)))
    .groupBy(feeds.kind);
  return { post: 0, short: 0, ...Object.fromEntries(rows.map((r) => [r.kind, r.n])) };
}
