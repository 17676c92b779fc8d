import { and, count, eq, exists, gte, isNotNull, like, lt, sql } from 'drizzle-orm';
import { FEED_TOTAL_CAP, type FeedKind, type FeedList, type feedListQuery } from '#contract/feeds';
import type * as z from 'zod/mini';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { decodeCursor, keysetPage, pastCursor, type SortKey } from '../../db/keyset';
import { preparedOn, UNNAMED } from '../../db/prepared';
import { feedHashtags, feeds, hashtags } from '../../db/schema/feeds';
import { timelineEntries } from '../../db/schema/timelines';
import { escapeLike, searchFold } from '../../db/search-text';
import { fieldError, notFound } from '../../lib/errors';
// The list conditions take the viewer as a placeholder of a prepared statement, so they come from the policy file itself.
import { followedFeedsCondition, followsFew, loadContentOwner, visibleFeedsCondition, type FollowedPlan } from '../../policy/social-policy';
import { notRemovedSubject } from '../../policy/moderation-policy';
import { qualified } from '../../db/qualified';
import { feedColumns, feedViewColumns, feedViews, withAuthorAndSubject, type FeedViewRow } from './feed-views';
import { guardianFor } from '../../policy/guardian';
import { extendTimeline, openTimeline } from './timelines';

export type FeedListQuery = z.infer<typeof feedListQuery>;

export const FEED_PER_PAGE = 20;

/** A list of posts, resolved from the query: whose, which, in what window. */
export type FeedListPlan = {
  viewerId: number;
  /** Posts (`GET /api/feed`) or shorts (`GET /api/video-feed`). */
  kind: FeedKind;
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
   * How `following` finds the posts (`FollowedPlan`): from the viewer's timeline entries (`entries`, page 1 and the
   * cursor pages within the timeline's span); past it, by member for a viewer who follows few (`members`: a semi-join
   * on `feeds_user_published_id`) or, for many, by filtering the newest posts (`newest`).
   */
  followed?: FollowedPlan | undefined;
  /** For `entries`: where the viewer's timeline covers from (null: from the first post); entries older are not read. */
  coversFrom?: Date | null | undefined;
};

const TAG_SEARCH = /^#([\p{L}\p{M}\p{Nd}]+)$/u;
const DAY_MS = 86_400_000;

/** What a list's SQL text depends on (never a value): one statement per shape (`preparedOn`). */
type ListShape = {
  kind: FeedKind;
  filter: FeedListPlan['filter'];
  tag: boolean;
  text: boolean;
  from: boolean;
  to: boolean;
  author: boolean;
  followed: FollowedPlan | null;
  cursor: boolean;
  offset: boolean;
  limit: number;
};

/**
 * The list and count statements of one shape, with placeholders for every value: viewerId, authorId, tag, pattern,
 * from, to, cursorAt, cursorId, offset. Built once per shape (drizzle's build of the two took 0.25 ms a request).
 *
 * Published lists run newest first on (published_at, id), through `feeds_published_id` (everyone's),
 * `feeds_user_published_id` (one member's) or, for `#tag`, `feed_hashtags_hashtag_published`, whose published_at
 * is the post's; `mine` holds drafts, which have no publish time, so it runs on (created_at, id) through
 * `feeds_user_created_id`. Every page continues from the cursor (server/db/keyset.ts). The count counts the same
 * rows up to `FEED_TOTAL_CAP` (counting a million visible posts on every page would cost more than the page).
 */
const listStatements = preparedOn((db, shapeText) => {
  const shape = JSON.parse(shapeText) as ListShape;
  // The lists every member scrolls (no search, dates or author, the default page size) are named prepared statements,
  // planned once per connection (their plan is most of their PostgreSQL time); the rest, whose shapes multiply, are
  // sent unnamed so the statements a connection keeps stay few.
  const plain = !shape.tag && !shape.text && !shape.from && !shape.to && !shape.author && shape.limit === FEED_PER_PAGE + 1;
  const mine = shape.filter === 'mine';
  const byTag = shape.tag && !mine;
  // A timeline's page runs on its entries' key (member, kind, published_at, feed_id): the order comes from the index.
  const entries = shape.filter === 'following' && shape.followed === 'entries';
  const key = mine
    ? { createdAt: feeds.createdAt, id: feeds.id }
    : byTag
      ? { createdAt: feedHashtags.publishedAt, id: feedHashtags.feedId }
      : entries
        ? { createdAt: timelineEntries.publishedAt, id: timelineEntries.feedId }
        : { createdAt: feeds.publishedAt, id: feeds.id };
  const viewer = sql.placeholder('viewerId');
  const tagId = shape.tag ? sql`(select ${hashtags.id} from ${hashtags} where ${hashtags.tagName} = ${sql.placeholder('tag')})` : undefined;
  // The kind as a literal, not a placeholder: a plan made for 'short' then uses the shorts' partial indexes.
  const kindLiteral = sql.raw(`'${shape.kind === 'short' ? 'short' : 'post'}'`);
  const where = and(
    sql`${feeds.kind} = ${kindLiteral}`,
    mine
      ? and(eq(feeds.userId, viewer), notRemovedSubject(qualified(feeds.subjectId)))
      : shape.filter === 'following'
        ? followedFeedsCondition(viewer, shape.followed ?? 'newest')
        : and(isNotNull(key.createdAt), visibleFeedsCondition(viewer)),
    entries
      ? sql`${timelineEntries.memberId} = ${viewer} and ${timelineEntries.kind} = ${kindLiteral} and ${timelineEntries.publishedAt} >= ${sql.placeholder('coversFrom')}::timestamptz and ${timelineEntries.publishedAt} = ${feeds.publishedAt}`
      : undefined,
    shape.author ? eq(feeds.userId, sql.placeholder('authorId')) : undefined,
    byTag ? eq(feedHashtags.hashtagId, tagId!) : undefined,
    mine && tagId
      ? exists(db.select({ one: sql`1` }).from(feedHashtags).where(and(eq(feedHashtags.feedId, feeds.id), eq(feedHashtags.hashtagId, tagId))))
      : undefined,
    shape.text ? like(feeds.searchText, sql.placeholder('pattern')) : undefined,
    shape.from ? gte(key.createdAt, sql.placeholder('from')) : undefined,
    shape.to ? lt(key.createdAt, sql.placeholder('to')) : undefined,
  );
  const past = shape.cursor ? pastCursor(key, 'desc', { createdAt: sql.placeholder('cursorAt'), id: sql.placeholder('cursorId') }) : undefined;

  const tagged = eq(feedHashtags.feedId, feeds.id);
  const entered = eq(timelineEntries.feedId, feeds.id);
  const rows = db.select(feedColumns).from(feeds).$dynamic();
  const counted = db.select({ one: sql`1` }).from(feeds).$dynamic();
  const order = keysetPage({}, key, 1).orderBy;
  const joined = <T extends typeof rows | typeof counted>(q: T) => (byTag ? q.innerJoin(feedHashtags, tagged) : entries ? q.innerJoin(timelineEntries, entered) : q);
  const page = joined(rows).where(and(where, past)).orderBy(...order).limit(shape.limit);
  // The page's posts as `p`, each built for the wire with its author, photos, mentions and reactions (feed-views.ts).
  const sortedBy = sql.raw(mine ? 'p.created_at' : 'p.published_at');
  const list = db
    .select(feedViewColumns())
    .from(sql`(${shape.offset ? page.offset(sql.placeholder('offset')) : page}) p ${withAuthorAndSubject}`)
    .orderBy(sql`${sortedBy} desc`, sql`p.id desc`);
  const capped = joined(counted).where(where).limit(FEED_TOTAL_CAP).as('capped');
  const name = `${shape.kind}:${shape.filter}:${shape.followed}:${shape.cursor}:${shape.offset}`;
  return {
    list: list.prepare(plain ? `feed_list:${name}` : UNNAMED),
    count: db.select({ n: count() }).from(capped).prepare(plain ? `feed_count:${name}` : UNNAMED),
  };
});

/**
 * The one list query of posts and its capped count, ready to run with `values`; exported so the benchmark knows the
 * endpoint's list SQL. `at` is the page asked (server/db/keyset.ts), `keyOf` a row's place in the order.
 */
export function feedPageQuery(db: Db, plan: FeedListPlan) {
  const mine = plan.filter === 'mine';
  // Only the page asked, its cursor, limit, offset and answer are read here: the statement binds the cursor to its own
  // sort key (`listStatements`), so the columns given are a stand-in.
  const at = keysetPage(plan, { createdAt: feeds.createdAt, id: feeds.id }, plan.perPage);
  const shape: ListShape = {
    kind: plan.kind,
    filter: plan.filter,
    tag: plan.tag !== undefined,
    text: Boolean(plan.text),
    from: plan.from !== undefined,
    to: plan.to !== undefined,
    author: plan.authorId !== undefined,
    followed: plan.filter === 'following' ? (plan.followed ?? 'newest') : null,
    cursor: at.after !== undefined,
    offset: at.offset > 0,
    limit: at.limit,
  };
  const values = {
    viewerId: plan.viewerId,
    authorId: plan.authorId,
    tag: plan.tag,
    pattern: plan.text ? `%${escapeLike(plan.text)}%` : undefined,
    from: plan.from?.toISOString(),
    to: plan.to?.toISOString(),
    cursorAt: at.after?.createdAt.toISOString(),
    cursorId: at.after?.id,
    coversFrom: plan.coversFrom ? plan.coversFrom.toISOString() : '-infinity',
    offset: at.offset,
  };
  const keyOf = ({ feed }: FeedViewRow): SortKey => ({ createdAt: new Date(mine ? feed.createdAt : feed.publishedAt!), id: feed.id });
  return { ...listStatements(db, JSON.stringify(shape)), values, at, keyOf };
}

const dayStart = (isoDate: string) => new Date(`${isoDate}T00:00:00.000Z`);

/** The member whose posts are asked for, by id or handle; 404 when there is none. */
async function findAuthor(db: Db, q: FeedListQuery) {
  const row = await loadContentOwner(db, q.userId !== undefined ? { userId: q.userId } : { handleName: q.handleName! });
  if (!row) throw notFound('That member does not exist.');
  return row;
}

/**
 * `GET /api/feed`: `filter_type` all (every post the viewer may see), following (members the viewer follows, and
 * their own), mine (their own, drafts included); or one member's published posts (`userId`/`handleName`), empty when
 * the viewer may not see that member's content (check 12). `search` is text (any case, any accents) or one `#tag`;
 * `startDate`/`endDate` are whole UTC days, both included.
 */
export async function listFeeds(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, viewerId: number, q: FeedListQuery, kind: FeedKind = 'post'): Promise<FeedList> {
  const perPage = q.per_page ?? FEED_PER_PAGE;
  const from = q.startDate ? dayStart(q.startDate) : undefined;
  const to = q.endDate ? new Date(dayStart(q.endDate).getTime() + DAY_MS) : undefined;
  if (from && to && from >= to) {
    throw fieldError('endDate', 'The end date is before the start date.');
  }
  const search = q.search?.trim().normalize('NFC') ?? '';
  const tag = TAG_SEARCH.exec(search)?.[1]?.toLowerCase();
  const text = tag === undefined ? searchFold(search) : undefined;

  let authorId: number | undefined;
  if (q.userId !== undefined || q.handleName !== undefined) {
    const author = await findAuthor(deps.db, q);
    const guardian = guardianFor(deps.db, viewerId);
    if (!(await guardian.canSeeProfileContent(author))) {
      // A member who blocked the viewer is not there for them (check 13: the answer for nobody).
      if (await guardian.isBlockedBy(author.id)) throw notFound('That member does not exist.');
      return { list: [], current_page: q.page ?? 1, last_page: 1, per_page: perPage, total: 0, next_cursor: null };
    }
    authorId = author.id;
  }
  const plan: FeedListPlan = {
    viewerId,
    kind,
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
  };
  const { rows, total, at, keyOf } = plan.filter === 'following' ? await followingRows(deps, plan) : await planRows(deps.db, plan);
  const answer = at.answer(rows, total, keyOf);
  return { ...answer, list: await feedViews(deps, answer.list) };
}

/**
 * One plan's page: its rows (one more than a page), and its total. The count (capped) only on a first request, and
 * only when the list goes on past this page: a page reached by cursor is scrolling, and counting again per page would
 * cost more than the page itself (bench:feed); a page that ends the list (a member's few posts) knows its total
 * without it. Later pages say at least what was seen.
 */
async function planRows(db: Db, plan: FeedListPlan) {
  const { list, count: countStatement, values, at, keyOf } = feedPageQuery(db, plan);
  const rows = await list.execute(values);
  const seen = (at.page - 1) * plan.perPage + Math.min(rows.length, plan.perPage);
  const counted = plan.cursor === undefined && rows.length > plan.perPage ? ((await countStatement.execute(values))[0]?.n ?? 0) : 0;
  return { rows, total: Math.max(counted, seen), at, keyOf, counted };
}

/** How `following` reads posts that are not in the viewer's timeline: by member for few follows, else the newest. */
const pastTimeline = async (db: Db, viewerId: number): Promise<FollowedPlan> => ((await followsFew(db, viewerId)) ? 'members' : 'newest');

/**
 * `following`: the viewer's timeline (timelines.ts), whose pages cost the same whoever the viewer follows (P14);
 * scrolling to the end of its span makes it reach further back (so page 500 costs what page 1 does, P5). A search,
 * dates or a page asked by number read the posts as before.
 */
async function followingRows(deps: Pick<Deps, 'db' | 'clock'>, plan: FeedListPlan) {
  const timelinePage = !plan.tag && !plan.text && !plan.from && !plan.to && (plan.cursor !== undefined || (plan.page ?? 1) === 1);
  const fromPosts = async () => planRows(deps.db, { ...plan, followed: await pastTimeline(deps.db, plan.viewerId) });
  if (!timelinePage) return fromPosts();
  let coversFrom = await openTimeline(deps, plan.viewerId, plan.kind);
  const cursorAt = plan.cursor === undefined ? undefined : decodeCursor(plan.cursor).createdAt;
  // Scrolled past the span: it reaches further back, once a request (a cursor made up to jump far is read from the posts).
  if (coversFrom && cursorAt && cursorAt < coversFrom) {
    coversFrom = await extendTimeline(deps, plan.viewerId, plan.kind, coversFrom);
    if (coversFrom && cursorAt < coversFrom) return fromPosts();
  }
  const fromEntries = (covers: Date | null) => planRows(deps.db, { ...plan, followed: 'entries', coversFrom: covers });
  let inTimeline = await fromEntries(coversFrom);
  if (!coversFrom || inTimeline.rows.length > plan.perPage) return inTimeline;
  // The span ends within this page: one step further back, then, at the end of everything, the posts before it.
  coversFrom = await extendTimeline(deps, plan.viewerId, plan.kind, coversFrom);
  inTimeline = await fromEntries(coversFrom);
  if (!coversFrom || inTimeline.rows.length > plan.perPage) return inTimeline;
  const older = await planRows(deps.db, { ...plan, cursor: undefined, page: undefined, to: coversFrom, followed: await pastTimeline(deps.db, plan.viewerId) });
  const rows = [...inTimeline.rows, ...older.rows].slice(0, plan.perPage + 1);
  const counted = plan.cursor === undefined ? Math.min(FEED_TOTAL_CAP, inTimeline.rows.length + older.total) : 0;
  const seen = (inTimeline.at.page - 1) * plan.perPage + Math.min(rows.length, plan.perPage);
  return { ...inTimeline, rows, total: Math.max(counted, seen) };
}

