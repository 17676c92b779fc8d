import { getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Feed, FeedImage, FeedVideo } from '#contract/feeds';
import type { LinkedActivity } from '#contract/linked-activity';
import type { LinkedGear } from '#contract/linked-gear';
import type { Deps } from '../../deps';
import { preparedOn } from '../../db/prepared';
import { activities, activityViews, privacySettings } from '../../db/schema/activities';
import { gear, gearImages } from '../../db/schema/gear';
import { feedImages, feedMentions, feeds } from '../../db/schema/feeds';
import { uploads } from '../../db/schema/media';
import { subjects } from '../../db/schema/subjects';
import { users } from '../../db/schema/users';
import { activityPublicToMembersSql, visibleActivitiesCondition } from '../../policy/activity-policy';
import { gearPublicToMembersSql, visibleGearCondition } from '../../policy/gear-policy';
import { publicToMembersSql } from '../../policy/social-policy';
import { DISPLAY_FILE, mediaUrl, uploadKeyFromUrl } from '../media/upload-files';
import { mediaUrlSigner, type MediaUrlSigner } from '../media/url-signing';
import { likesJson } from '../reactions/reaction-service';

/** A post's own columns, without the search text the database keeps for LIKE. */
const { searchText: _searchText, ...feedColumnsWithoutSearch } = getTableColumns(feeds);
export const feedColumns = feedColumnsWithoutSearch;

/** A timestamp as the wire writes it (`Date#toISOString`: UTC, milliseconds, `Z`). */
const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A post as the wire shows it (`Feed`), built by PostgreSQL as one JSON value from `p` (a row of the post's columns)
 * and `a` (its author): the author's public columns only (check 11), mentions and photos in order, reaction counts
 * per code in the contract's order and the viewer's own reaction (`viewerId`, `likesJson`, the one builder of the field
 * for every kind). Per post each part is an index probe (users_pkey, feed_mentions_feed_user, feed_images_feed_position,
 * subjects_pkey, reactions_subject_*), so the cost grows with the page, never with the tables. Built in the database
 * because there it costs little, while reading ~15 typed columns a post into objects and writing them out again was
 * most of the endpoint's own time (bench:feed); and a page is one statement with its list (feed-list.ts), not two round
 * trips.
 */
function feedJson(viewerId: SQLWrapper) {
  const member = (u: string) =>
    sql.raw(`json_build_object('userId', ${u}.id, 'handleName', ${u}.handle_name, 'firstName', ${u}.first_name, 'lastName', ${u}.last_name, 'profileImage', ${u}.profile_image)`);
  const mentions = sql`coalesce((select json_agg(${member('u')} order by m.position)
    from ${feedMentions} m join ${users} u on u.id = m.user_id where m.feed_id = p.id), '[]')`;
  const images = sql`coalesce((select json_agg(json_build_object('key', i.upload_key, 'url', i.url, 'thumbnail', i.thumbnail,
      'dimens', i.width || ':' || i.height) order by i.position) from ${feedImages} i where i.feed_id = p.id), '[]')`;
  // A short's video: its URLs only once ready (feedViews signs them when the short is not every member's).
  const file = (name: string) => sql.raw(`case when v.status = 'ready' and v.files->>'${name}' is not null then '/media/' || v.key || '/' || (v.files->>'${name}') else '' end`);
  const videos = sql`coalesce((select json_build_array(json_build_object('key', v.key, 'videoUrl', ${file('video')}, 'thumbnail', ${file('poster')},
      'altText', p.video_alt, 'width', v.width, 'height', v.height, 'durationMs', v.duration_ms, 'status', v.status, 'failure', v.failure, 'captions', p.captions))
    from ${uploads} v where v.key = p.video_key), '[]')`;
  // A short published before its video was ready is no draft to its author: it comes out once the video is.
  return sql<Feed>`json_build_object('id', p.id, 'kind', p.kind, 'author', ${member('a')}, 'title', p.title, 'description', p.description,
    'isDraft', p.is_draft and not p.publish_when_ready, 'visibility', p.visibility, 'videos', ${videos}, 'activityId', p.activity_id, 'hashtags', p.hashtags, 'tagUser', ${mentions}, 'location', p.location,
    'latitude', p.latitude, 'longitude', p.longitude, 'images', ${images}, 'activity', ${linkedActivityJson(viewerId)}, 'gear', ${linkedGearJson(viewerId)}, 'commentCount', s.comment_count,
    'likes', ${likesJson(sql`p.subject_id`, viewerId, 's')},
    'createdAt', ${isoTime(sql`p.created_at`)}, 'updatedAt', ${isoTime(sql`p.updated_at`)}, 'publishedAt', ${isoTime(sql`p.published_at`)})`;
}

/**
 * The post's linked activity as the viewer may see it (the Guardian's `visibleActivitiesWhere`), with the key of the
 * map picture of the view that is theirs (the owner's, or everyone else's trimmed at the owner's privacy zones) only
 * when that view was made under the owner's current settings: a picture made before a zone was saved is never shown,
 * while the refresh job makes it again. `feedViews` turns the key into a URL. Null when none, or one they may not see.
 */
function linkedActivityJson(viewerId: SQLWrapper) {
  const audience = sql`case when ${activities.userId} = ${viewerId} then 'owner' else 'others' end`;
  const version = sql`coalesce((select ps.version from ${privacySettings} ps where ps.user_id = ${activities.userId}), 0)`;
  return sql`(select json_build_object('id', ${activities.id}, 'title', ${activities.title}, 'sportId', ${activities.sportId},
      'distance', ${activities.distanceM}, 'movingTime', ${activities.movingS}, 'elevationGain', ${activities.elevationGainM},
      'mapKey', (select v.map_key from ${activityViews} v where v.activity_id = ${activities.id} and v.audience = ${audience} and v.privacy_version = ${version}),
      'mapPublic', ${activities.userId} <> ${viewerId} and ${activityPublicToMembersSql()})
    from ${activities} where ${activities.id} = p.activity_id and ${visibleActivitiesCondition(viewerId)})`;
}

/**
 * The piece of gear the post is about as the viewer may see it (the Guardian's `visibleGearWhere`: a draft or a
 * private member's piece is null to others), with its first photo's thumbnail and whether it is every member's
 * (`feedViews` signs it otherwise).
 */
function linkedGearJson(viewerId: SQLWrapper) {
  const first = (column: SQL) => sql`(select ${column} from ${gearImages} gi where gi.gear_id = ${gear.id} order by gi.position limit 1)`;
  return sql`(select json_build_object('id', ${gear.id}, 'title', ${gear.title}, 'sportId', ${gear.sportId}, 'brand', ${gear.brand},
      'model', ${gear.model}, 'thumbKey', ${first(sql`gi.upload_key`)}, 'thumbnail', ${first(sql`gi.thumbnail`)}, 'public', ${gearPublicToMembersSql()})
    from ${gear} where ${gear.id} = p.gear_id and ${visibleGearCondition(viewerId)})`;
}

/**
 * What a statement of posts selects, over `p` (the posts' columns) joined to `a` (their authors): the post as the wire
 * shows it and whether every member may see it (the policy's `publicToMembersSql`: its photos go unsigned). `viewerId`
 * is a placeholder of the statement.
 */
export function feedViewColumns() {
  return { feed: feedJson(sql.placeholder('viewerId')), publicToMembers: publicToMembersSql('p', 'a') };
}
export type FeedViewRow = { feed: Feed; publicToMembers: boolean };

/** The posts' authors (`a`) and subject rows (`s`: counts), to join to `p`. */
export const withAuthorAndSubject = sql`join ${users} a on a.id = p.user_id join ${subjects} s on s.id = p.subject_id`;

/** One post by id (`feedId`, `viewerId`). */
const oneFeedStatement = preparedOn((db) =>
  db
    .select(feedViewColumns())
    .from(sql`${feeds} p ${withAuthorAndSubject}`)
    .where(sql`p.id = ${sql.placeholder('feedId')}`)
    .prepare('feed_view'),
);

/** One URL of a photo of upload `key`, signed for a viewer of a post not public to every member (check 14). */
export function signedMediaUrl(key: string, url: string, sign: MediaUrlSigner) {
  return uploadKeyFromUrl(url) ? sign(key, url.split('/').pop() ?? '', url) : url;
}

/** A photo as the wire shows it; signed when the post is not public to every member (check 14). */
function toImage(image: FeedImage, sign: MediaUrlSigner): FeedImage {
  return { ...image, url: signedMediaUrl(image.key, image.url, sign), thumbnail: signedMediaUrl(image.key, image.thumbnail, sign) };
}

/** A short's video as the wire shows it; its files signed when the short is not public to every member (check 14). */
function toVideo(video: FeedVideo, sign: MediaUrlSigner): FeedVideo {
  const signed = (url: string) => (url ? sign(video.key, url.split('/').pop()!, url) : url);
  return { ...video, videoUrl: signed(video.videoUrl), thumbnail: signed(video.thumbnail) };
}

/**
 * The posts of `rows` as the wire shows them, in order: photos and videos of one that is not public to every member get
 * signed, expiring URLs (check 14). The rows must already have passed the policy (`mayViewFeed` /
 * `visibleFeedsCondition`).
 */
export async function feedViews(deps: Pick<Deps, 'storage' | 'clock'>, rows: FeedViewRow[]): Promise<Feed[]> {
  const isPublic = (row: FeedViewRow) => row.publicToMembers;
  const linked = (row: FeedViewRow) => row.feed.activity as unknown as StoredLink | null;
  const piece = (row: FeedViewRow) => row.feed.gear as unknown as StoredGear | null;
  // Signing needs the key from storage: only loaded when a page holds a picture that is not public to every member.
  const needsSigning = rows.some(
    (r) =>
      ((r.feed.images.length > 0 || r.feed.videos.length > 0) && !isPublic(r)) ||
      (linked(r)?.mapKey && !linked(r)?.mapPublic) ||
      (piece(r)?.thumbKey && !piece(r)?.public),
  );
  const sign = needsSigning ? await mediaUrlSigner(deps) : undefined;
  return rows.map((r) => ({
    ...r.feed,
    images: isPublic(r) || !sign ? r.feed.images : r.feed.images.map((i) => toImage(i, sign)),
    videos: isPublic(r) || !sign ? r.feed.videos : r.feed.videos.map((v) => toVideo(v, sign)),
    activity: linkedActivity(linked(r), sign),
    gear: linkedGear(piece(r), sign),
  }));
}

/** The piece as feedJson builds it: its thumbnail's key and whether the piece is every member's, not yet signed. */
type StoredGear = LinkedGear & { thumbKey: string | null; public: boolean };

function linkedGear(stored: StoredGear | null, sign: MediaUrlSigner | undefined): LinkedGear | null {
  if (!stored) return null;
  const { thumbKey, public: isPublic, ...rest } = stored;
  return { ...rest, thumbnail: rest.thumbnail && thumbKey && !isPublic && sign ? signedMediaUrl(thumbKey, rest.thumbnail, sign) : rest.thumbnail };
}

/** The linked activity as feedJson builds it: the map picture's key and whether it is every member's, not yet a URL. */
type StoredLink = Omit<LinkedActivity, 'mapImage'> & { mapKey: string | null; mapPublic: boolean };

function linkedActivity(stored: StoredLink | null, sign: MediaUrlSigner | undefined): LinkedActivity | null {
  if (!stored) return null;
  const { mapKey, mapPublic, ...rest } = stored;
  const plain = mapKey ? mediaUrl(mapKey, DISPLAY_FILE) : null;
  return { ...rest, mapImage: plain && mapKey && !mapPublic && sign ? sign(mapKey, DISPLAY_FILE, plain) : plain };
}

/** One post as `viewerId` sees it; the caller has checked they may. */
export async function feedView(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, viewerId: number, feedId: number): Promise<Feed> {
  const rows = await oneFeedStatement(deps.db).execute({ viewerId, feedId });
  const [view] = await feedViews(deps, rows);
  return view!;
}
