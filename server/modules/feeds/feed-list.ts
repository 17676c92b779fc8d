import { and, count, eq, exists, gte, isNotNull, like, lt, sql } from 'drizzle-orm';
import type { FeedList, feedListQuery } from '#contract/feeds';
import type * as z from 'zod/mini';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { keysetPage, type SortKey } from '../../db/keyset';
import { feedHashtags, feeds, follows, hashtags, users } from '../../db/schema';
import { escapeLike, searchFold } from '../../db/search-text';
import { badRequest, notFound } from '../../lib/errors';
import { followedFeedsCondition, mayViewProfileContent, visibleFeedsCondition } from '../../policy/social-policy';
import { feedColumns, feedViews, type FeedRow } from './feed-views';

export type FeedListQuery = z.infer<typeof feedListQuery>;

export const FEED_PER_PAGE = 20;
/**
 * Lists of posts count at most this many rows for `total` (and so `last_page`): counting a million visible posts on
 * every page would cost more than the page. Past it, `total` is this cap; clients page on by `next_cursor`, which is
 * null only at the true end (contract/feeds.ts says so).
 */
export const FEED_TOTAL_CAP = 200;

/** A list of posts, resolved from the query: whose, which, in what window. */
export type FeedListPlan = {
  viewerId: number;
  filter: 'all' | 'following' | 'mine';
  /** One member's published posts (their profile), already checked visible to the viewer. */
  authorId?: number | undefined;
  /** A `#tag` search: the tag as stored (lowercase, no `#`). */
  tag?: string | undefined;
  /** A text search, folded like `feeds.search_text`. */
  text?: string | undefined;
  /** Inclusive start, exclusive end (UTC). */
  from?: Date | undefined;
  to?: Date | undefined;
  perPage: number;
  page?: number | undefined;
  cursor?: string | undefined;
  /**
   * `following` for a viewer who follows few members (`followsFew`, decided once per request): their posts are read
   * by member (a semi-join on `feeds_user_published_id`); for many, the newest posts are scanned and filtered.
   */
  followsFew?: boolean | undefined;
};

/** Up to this many follows, `following` reads per member (bench:feed: 0.8 ms vs 53 ms at 26 follows; 153 vs 17 ms at 1,873). */
export const FEW_FOLLOWS = 300;

/** Whether the viewer follows at most `FEW_FOLLOWS` members (counted no further than that). */
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

const TAG_SEARCH = /^#([\p{L}\p{M}\p{Nd}]+)$/u;
const DAY_MS = 86_400_000;

/**
 * The one list query of posts, exported so the benchmark runs the very SQL the endpoint runs (`query.toSQL()`).
 *
 * Published lists run newest first on (published_at, id), through `feeds_published_id` (everyone's),
 * `feeds_user_published_id` (one member's) or, for `#tag`, `feed_hashtags_hashtag_published`, whose published_at
 * is the post's; `mine` holds drafts, which have no publish time, so it runs on (created_at, id) through
 * `feeds_user_created_id`. Every page continues from the cursor (server/db/keyset.ts). `countQuery` counts the same
 * rows up to `FEED_TOTAL_CAP`.
 */
export function feedPageQuery(db: Db, plan: FeedListPlan) {
  const mine = plan.filter === 'mine';
  const byTag = plan.tag !== undefined && !mine;
  const key = mine
    ? { createdAt: feeds.createdAt, id: feeds.id }
    : byTag
      ? { createdAt: feedHashtags.publishedAt, id: feedHashtags.feedId }
      : { createdAt: feeds.publishedAt, id: feeds.id };
  const at = keysetPage(plan, key, plan.perPage);
  const tagId = plan.tag === undefined ? undefined : sql`(select ${hashtags.id} from ${hashtags} where ${hashtags.tagName} = ${plan.tag})`;
  const where = and(
    mine
      ? eq(feeds.userId, plan.viewerId)
      : plan.filter === 'following'
        ? followedFeedsCondition(plan.viewerId, plan.followsFew ?? false)
        : and(isNotNull(key.createdAt), visibleFeedsCondition(plan.viewerId)),
    plan.authorId === undefined ? undefined : eq(feeds.userId, plan.authorId),
    byTag ? eq(feedHashtags.hashtagId, tagId!) : undefined,
    mine && tagId
      ? exists(db.select({ one: sql`1` }).from(feedHashtags).where(and(eq(feedHashtags.feedId, feeds.id), eq(feedHashtags.hashtagId, tagId))))
      : undefined,
    plan.text ? like(feeds.searchText, `%${escapeLike(plan.text)}%`) : undefined,
    plan.from ? gte(key.createdAt, plan.from) : undefined,
    plan.to ? lt(key.createdAt, plan.to) : undefined,
  );

  const tagged = eq(feedHashtags.feedId, feeds.id);
  const page = db.select(feedColumns).from(feeds).$dynamic();
  const counted = db.select({ one: sql`1` }).from(feeds).$dynamic();
  const query = (byTag ? page.innerJoin(feedHashtags, tagged) : page).where(and(where, at.where)).orderBy(...at.orderBy).limit(at.limit).offset(at.offset);
  const capped = (byTag ? counted.innerJoin(feedHashtags, tagged) : counted).where(where).limit(FEED_TOTAL_CAP).as('capped');
  const countQuery = db.select({ n: count() }).from(capped);
  const keyOf = (row: FeedRow): SortKey => ({ createdAt: mine ? row.createdAt : row.publishedAt!, id: row.id });
  return { query, countQuery, at, keyOf };
}

const dayStart = (isoDate: string) => new Date(`${isoDate}T00:00:00.000Z`);

/** The member whose posts are asked for, by id or handle; 404 when there is none. */
async function findAuthor(db: Db, q: FeedListQuery) {
  const byWhat = q.userId !== undefined ? eq(users.id, q.userId) : sql`lower(${users.handleName}) = ${q.handleName!.toLowerCase()}`;
  const [row] = await db.select({ id: users.id, isPrivate: users.isPrivate }).from(users).where(byWhat).limit(1);
  if (!row) throw notFound('That member does not exist.');
  return row;
}

/**
 * `GET /api/feed`: `filter_type` all (every post the viewer may see), following (members the viewer follows, and
 * their own), mine (their own, drafts included); or one member's published posts (`userId`/`handleName`), empty when
 * the viewer may not see that member's content (check 12). `search` is text (any case, any accents) or one `#tag`;
 * `startDate`/`endDate` are whole UTC days, both included.
 */
export async function listFeeds(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, viewerId: number, q: FeedListQuery): Promise<FeedList> {
  const perPage = q.per_page ?? FEED_PER_PAGE;
  const from = q.startDate ? dayStart(q.startDate) : undefined;
  const to = q.endDate ? new Date(dayStart(q.endDate).getTime() + DAY_MS) : undefined;
  if (from && to && from >= to) {
    throw badRequest('The end date is before the start date.', { endDate: ['The end date is before the start date.'] });
  }
  const search = q.search?.trim().normalize('NFC') ?? '';
  const tag = TAG_SEARCH.exec(search)?.[1]?.toLowerCase();
  const text = tag === undefined ? searchFold(search) : undefined;

  let authorId: number | undefined;
  if (q.userId !== undefined || q.handleName !== undefined) {
    const author = await findAuthor(deps.db, q);
    if (!(await mayViewProfileContent(deps.db, viewerId, author))) {
      return { list: [], current_page: q.page ?? 1, last_page: 1, per_page: perPage, total: 0, next_cursor: null };
    }
    authorId = author.id;
  }
  const plan: FeedListPlan = {
    viewerId,
    // One member's posts are their published ones, whoever asks: drafts are only ever in `mine`.
    filter: authorId === undefined ? (q.filter_type ?? 'all') : 'all',
    authorId,
    tag,
    text: text || undefined,
    from,
    to,
    perPage,
    page: q.page,
    cursor: q.cursor,
    followsFew: q.filter_type === 'following' && authorId === undefined ? await followsFew(deps.db, viewerId) : undefined,
  };
  const { query, countQuery, at, keyOf } = feedPageQuery(deps.db, plan);
  // The count (capped) only on a first request: a page reached by cursor is scrolling, and counting again per page
  // would cost more than the page itself (bench:feed). Later pages say at least what was seen.
  const [rows, counted] = await Promise.all([query, plan.cursor === undefined ? countQuery.then(([c]) => c?.n ?? 0) : 0]);
  const total = Math.max(counted, (at.page - 1) * perPage + rows.length);
  const answer = at.answer(rows, total, keyOf);
  return { ...answer, list: await feedViews(deps, viewerId, answer.list) };
}
