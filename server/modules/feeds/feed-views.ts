import { and, asc, count, eq, getTableColumns, inArray } from 'drizzle-orm';
import { REACTION_CODES, type Feed, type FeedImage, type ReactionCode } from '#contract/feeds';
import type { MemberSummary } from '#contract/social';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { feedImages, feedMentions, feedReactions, feeds, users } from '../../db/schema';
import { isPublicToMembers } from '../../policy/social-policy';
import { uploadKeyFromUrl } from '../media/upload-files';
import { mediaUrlSigner, type MediaUrlSigner } from '../media/url-signing';

/** A post's own columns, without the search text the database keeps for LIKE. */
const { searchText: _searchText, ...feedColumnsWithoutSearch } = getTableColumns(feeds);
export const feedColumns = feedColumnsWithoutSearch;
export type FeedRow = Omit<typeof feeds.$inferSelect, 'searchText'>;

/** Only the public columns of a member (check 11). */
export const summaryColumns = {
  userId: users.id,
  handleName: users.handleName,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImage: users.profileImage,
};

const REACTION_ORDER = new Map<string, number>(REACTION_CODES.map((c, i) => [c, i]));

function groupBy<T, K>(rows: T[], keyOf: (row: T) => K) {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = out.get(key);
    if (list) list.push(row);
    else out.set(key, [row]);
  }
  return out;
}

/** A photo as the wire shows it; signed when the post is not public to every member (check 14). */
function toImage(row: typeof feedImages.$inferSelect, sign: MediaUrlSigner | null): FeedImage {
  const signed = (url: string) => {
    const file = url.split('/').pop() ?? '';
    return sign && uploadKeyFromUrl(url) ? sign(row.uploadKey, file, url) : url;
  };
  return { key: row.uploadKey, url: signed(row.url), thumbnail: signed(row.thumbnail), dimens: `${row.width}:${row.height}` };
}

/**
 * Posts as `viewerId` sees them, in the order given, in a fixed number of queries whatever the page size: authors,
 * photos, mentions, reaction counts per code and the viewer's own reactions, one query each (no N+1). The rows must
 * already have passed the policy (`mayViewFeed` / `visibleFeedsCondition`).
 */
export async function feedViews(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, viewerId: number, rows: FeedRow[]): Promise<Feed[]> {
  if (rows.length === 0) return [];
  const db: Db = deps.db;
  const ids = rows.map((r) => r.id);
  const authorIds = [...new Set(rows.map((r) => r.userId))];
  const [authors, images, mentions, counts, mine] = await Promise.all([
    db
      .select({ ...summaryColumns, isPrivate: users.isPrivate })
      .from(users)
      .where(inArray(users.id, authorIds)),
    db.select().from(feedImages).where(inArray(feedImages.feedId, ids)).orderBy(asc(feedImages.feedId), asc(feedImages.position)),
    db
      .select({ feedId: feedMentions.feedId, ...summaryColumns })
      .from(feedMentions)
      .innerJoin(users, eq(users.id, feedMentions.userId))
      .where(inArray(feedMentions.feedId, ids))
      .orderBy(asc(feedMentions.feedId), asc(feedMentions.position)),
    db
      .select({ feedId: feedReactions.feedId, code: feedReactions.code, n: count() })
      .from(feedReactions)
      .where(inArray(feedReactions.feedId, ids))
      .groupBy(feedReactions.feedId, feedReactions.code),
    db
      .select({ feedId: feedReactions.feedId, code: feedReactions.code })
      .from(feedReactions)
      .where(and(eq(feedReactions.userId, viewerId), inArray(feedReactions.feedId, ids))),
  ]);
  const authorById = new Map(authors.map((a) => [a.userId, a]));
  const imagesOf = groupBy(images, (i) => i.feedId);
  const mentionsOf = groupBy(mentions, (m) => m.feedId);
  const countsOf = groupBy(counts, (c) => c.feedId);
  const mineOf = new Map(mine.map((m) => [m.feedId, m.code as ReactionCode]));

  // Signing needs the key from storage: only loaded when a page holds a photo that is not public to every member.
  const needsSigning = rows.some((r) => {
    const author = authorById.get(r.userId);
    return author && !isPublicToMembers(r, { id: author.userId, isPrivate: author.isPrivate }) && imagesOf.has(r.id);
  });
  const sign = needsSigning ? await mediaUrlSigner(deps) : null;

  return rows.map((row) => {
    const { isPrivate, ...author } = authorById.get(row.userId)!;
    const publicPhotos = isPublicToMembers(row, { id: row.userId, isPrivate });
    const byCode = (countsOf.get(row.id) ?? [])
      .map((c) => ({ likeUniCode: c.code as ReactionCode, count: c.n }))
      .sort((a, b) => (REACTION_ORDER.get(a.likeUniCode) ?? 99) - (REACTION_ORDER.get(b.likeUniCode) ?? 99));
    const tagUser: MemberSummary[] = (mentionsOf.get(row.id) ?? []).map(({ feedId: _feedId, ...m }) => m);
    return {
      id: row.id,
      author,
      title: row.title,
      description: row.description,
      isDraft: row.isDraft,
      activityId: row.activityId,
      hashtags: row.hashtags,
      tagUser,
      location: row.location,
      latitude: row.latitude,
      longitude: row.longitude,
      images: (imagesOf.get(row.id) ?? []).map((i) => toImage(i, publicPhotos ? null : sign)),
      commentCount: row.commentCount,
      likes: { total: row.likeCount, mine: mineOf.get(row.id) ?? null, byCode },
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      publishedAt: row.publishedAt?.toISOString() ?? null,
    };
  });
}

/** One post as `viewerId` sees it; the caller has checked they may. */
export async function feedView(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, viewerId: number, feedId: number): Promise<Feed> {
  const rows = await deps.db.select(feedColumns).from(feeds).where(eq(feeds.id, feedId));
  const [view] = await feedViews(deps, viewerId, rows);
  return view!;
}
