import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feeds } from '../../db/schema/feeds';

/**
 * How many posts `userId` has published (drafts are nobody's to count): the "Feeds" of their own profile. It is the
 * number their posts list shows anyone who may see their posts (`GET /api/feed?handleName=`, counted there under the
 * policy), read from the (user_id, published_at, id) index.
 */
export async function publishedPostCount(db: Db, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(feeds)
    .where(and(eq(feeds.userId, userId), isNotNull(feeds.publishedAt)));
  return row?.n ?? 0;
}
