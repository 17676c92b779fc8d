import { getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { REACTION_CODES, type Feed, type FeedImage } from '#contract/feeds';
import type { Deps } from '../../deps';
import { preparedOn } from '../../db/prepared';
import { feedImages, feedMentions, feedReactions, feeds, users } from '../../db/schema';
import { isPublicToMembers } from '../../policy/social-policy';
import { uploadKeyFromUrl } from '../media/upload-files';
import { mediaUrlSigner, type MediaUrlSigner } from '../media/url-signing';

/** A post's own columns, without the search text the database keeps for LIKE. */
const { searchText: _searchText, ...feedColumnsWithoutSearch } = getTableColumns(feeds);
export const feedColumns = feedColumnsWithoutSearch;

/** A timestamp as the wire writes it (`Date#toISOString`: UTC, milliseconds, `Z`). */
const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The reaction codes in the contract's order, for sorting a post's counts (constants of the contract, not input). */
const reactionOrder = sql.raw(`array[${REACTION_CODES.map((c) => `'${c}'`).join(',')}]::text[]`);

/**
 * A post as the wire shows it (`Feed`), built by PostgreSQL as one JSON value from `p` (a row of the post's columns)
 * and `a` (its author): the author's public columns only (check 11), mentions and photos in order, reaction counts
 * per code in the contract's order and the viewer's own reaction (`viewerId`). Per post each part is an index probe
 * (users_pkey, feed_mentions_feed_user, feed_images_feed_position, feed_reactions_feed_*), so the cost grows with the
 * page, never with the tables. Built in the database because there it costs little, while reading ~15 typed columns a
 * post into objects and writing them out again was most of the endpoint's own time (bench:feed); and a page is one
 * statement with its list (feed-list.ts), not two round trips.
 */
function feedJson(viewerId: SQLWrapper) {
  const member = (u: string) =>
    sql.raw(`json_build_object('userId', ${u}.id, 'handleName', ${u}.handle_name, 'firstName', ${u}.first_name, 'lastName', ${u}.last_name, 'profileImage', ${u}.profile_image)`);
  const mentions = sql`coalesce((select json_agg(${member('u')} order by m.position)
    from ${feedMentions} m join ${users} u on u.id = m.user_id where m.feed_id = p.id), '[]')`;
  const images = sql`coalesce((select json_agg(json_build_object('key', i.upload_key, 'url', i.url, 'thumbnail', i.thumbnail,
      'dimens', i.width || ':' || i.height) order by i.position) from ${feedImages} i where i.feed_id = p.id), '[]')`;
  const byCode = sql`coalesce((select json_agg(json_build_object('likeUniCode', c.code, 'count', c.n) order by array_position(${reactionOrder}, c.code))
    from (select r.code, count(*)::integer as n from ${feedReactions} r where r.feed_id = p.id group by r.code) c), '[]')`;
  const mine = sql`(select r.code from ${feedReactions} r where r.feed_id = p.id and r.user_id = ${viewerId})`;
  return sql<Feed>`json_build_object('id', p.id, 'author', ${member('a')}, 'title', p.title, 'description', p.description,
    'isDraft', p.is_draft, 'activityId', p.activity_id, 'hashtags', p.hashtags, 'tagUser', ${mentions}, 'location', p.location,
    'latitude', p.latitude, 'longitude', p.longitude, 'images', ${images}, 'commentCount', p.comment_count,
    'likes', json_build_object('total', p.like_count, 'mine', ${mine}, 'byCode', ${byCode}),
    'createdAt', ${isoTime(sql`p.created_at`)}, 'updatedAt', ${isoTime(sql`p.updated_at`)}, 'publishedAt', ${isoTime(sql`p.published_at`)})`;
}

/**
 * What a statement of posts selects, over `p` (the posts' columns) joined to `a` (their authors): the post as the wire
 * shows it and whether its author is private (for photo signing). `viewerId` is a placeholder of the statement.
 */
export function feedViewColumns() {
  return { feed: feedJson(sql.placeholder('viewerId')), authorIsPrivate: sql<boolean>`a.is_private` };
}
export type FeedViewRow = { feed: Feed; authorIsPrivate: boolean };

/** The posts' authors, to join to `p`. */
export const withAuthors = sql`join ${users} a on a.id = p.user_id`;

/** One post by id (`feedId`, `viewerId`). */
const oneFeedStatement = preparedOn((db) =>
  db
    .select(feedViewColumns())
    .from(sql`${feeds} p ${withAuthors}`)
    .where(sql`p.id = ${sql.placeholder('feedId')}`)
    .prepare('feed_view'),
);

/** A photo as the wire shows it; signed when the post is not public to every member (check 14). */
function toImage(image: FeedImage, sign: MediaUrlSigner): FeedImage {
  const signed = (url: string) => (uploadKeyFromUrl(url) ? sign(image.key, url.split('/').pop() ?? '', url) : url);
  return { ...image, url: signed(image.url), thumbnail: signed(image.thumbnail) };
}

/**
 * The posts of `rows` as the wire shows them, in order: photos of a post that is not public to every member get
 * signed, expiring URLs (check 14). The rows must already have passed the policy (`mayViewFeed` /
 * `visibleFeedsCondition`).
 */
export async function feedViews(deps: Pick<Deps, 'storage' | 'clock'>, rows: FeedViewRow[]): Promise<Feed[]> {
  const isPublic = ({ feed, authorIsPrivate }: FeedViewRow) =>
    isPublicToMembers({ userId: feed.author.userId, isDraft: feed.isDraft }, { id: feed.author.userId, isPrivate: authorIsPrivate });
  // Signing needs the key from storage: only loaded when a page holds a photo that is not public to every member.
  const needsSigning = rows.some((r) => r.feed.images.length > 0 && !isPublic(r));
  if (!needsSigning) return rows.map((r) => r.feed);
  const sign = await mediaUrlSigner(deps);
  return rows.map((r) => (isPublic(r) ? r.feed : { ...r.feed, images: r.feed.images.map((i) => toImage(i, sign)) }));
}

/** One post as `viewerId` sees it; the caller has checked they may. */
export async function feedView(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, viewerId: number, feedId: number): Promise<Feed> {
  const rows = await oneFeedStatement(deps.db).execute({ viewerId, feedId });
  const [view] = await feedViews(deps, rows);
  return view!;
}
