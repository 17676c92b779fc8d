import { and, asc, count, desc, eq, gt, isNotNull, like, sql } from 'drizzle-orm';
import { HASHTAG_COUNT_CAP, type HashTagOption } from '#contract/social';
import type { Db } from '../../db/client';
import { feedHashtags, feeds, hashtags } from '../../db/schema/feeds';
import { guardianFor } from '../../policy/guardian';

/**
 * The tags a type-ahead weighs for one prefix: the most used ones that start with it. `hashtags.use_count` counts
 * every published post (hashtag-counts.ts), private authors' too, so it only picks the candidates; neither it nor
 * anything else about posts the viewer may not see reaches the answer.
 */
const SUGGESTION_CANDIDATES = 40;

/**
 * Hashtags starting with `prefix` (already folded: lowercase, no `#`) as `viewerId` may see them: each with how many
 * published posts the viewer may see carry it (the policy's `visibleFeedsCondition`, as every post list asks),
 * counted up to `HASHTAG_COUNT_CAP`; a tag none of those posts carries is not offered. Most seen first, then A to Z.
 *
 * Index-served and bounded, as a type-ahead must be: the candidates come from `hashtags` by prefix, and each one's
 * count walks `feed_hashtags_hashtag_published` for that tag and stops at the cap, each row checked by the primary-key
 * probes of the visibility condition: at most candidates x cap rows, whatever the tag's popularity.
 */
export async function visibleHashtags(db: Db, viewerId: number, prefix: string): Promise<HashTagOption[]> {
  const candidate = db
    .select({ id: hashtags.id, tagName: hashtags.tagName })
    .from(hashtags)
    .where(and(gt(hashtags.useCount, 0), prefix ? like(hashtags.tagName, `${prefix}%`) : undefined))
    .orderBy(desc(hashtags.useCount), asc(hashtags.tagName))
    .limit(SUGGESTION_CANDIDATES)
    .as('candidate');
  const seen = db
    .select({ one: sql`1`.as('one') })
    .from(feedHashtags)
    .innerJoin(feeds, eq(feeds.id, feedHashtags.feedId))
    // Drafts never count, not even for their author.
    .where(and(eq(feedHashtags.hashtagId, candidate.id), isNotNull(feedHashtags.publishedAt), isNotNull(feeds.publishedAt), guardianFor(db, viewerId).visibleFeedsWhere()))
    .limit(HASHTAG_COUNT_CAP)
    .as('seen');
  const counted = db.select({ n: count().as('n') }).from(seen).as('counted');
  return db
    .select({ tagName: candidate.tagName, useCount: counted.n })
    .from(candidate)
    .innerJoinLateral(counted, sql`true`)
    .where(gt(counted.n, 0))
    .orderBy(desc(counted.n), asc(candidate.tagName));
}
