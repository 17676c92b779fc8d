import * as z from 'zod/mini';
import { pagedList } from './envelope';
import { parentIdOrNone, rowId, rowIdParam } from './ids';
import { pagingQuery } from './paging';
import { linkedActivity } from './linked-activity';
import { linkedGear } from './linked-gear';
import { calendarDate } from './rules';
import { memberSummary } from './social';
import { VIDEO_STATUSES } from './videos';
import { CAPTIONS_MAX_CHARS } from './webvtt';

/**
 * Reactions (spec §3). `U+1245` is an Ethiopic letter in the spec, almost surely meant as thumbs-up: both codes are
 * accepted on the wire and stored as `U+1F44D`.
 */
export const REACTIONS = [
  { code: 'U+2764', emoji: '❤️', label: 'Love' },
  { code: 'U+1F44D', emoji: '👍', label: 'Thumbs up' },
  { code: 'U+1F603', emoji: '😃', label: 'Happy' },
  { code: 'U+1F642', emoji: '🙂', label: 'Smile' },
  { code: 'U+1F62E', emoji: '😮', label: 'Wow' },
  { code: 'U+1F622', emoji: '😢', label: 'Sad' },
] as const;
export const REACTION_CODES = REACTIONS.map((r) => r.code) as unknown as readonly [ReactionCode, ...ReactionCode[]];
export type ReactionCode = (typeof REACTIONS)[number]['code'];
/** One click likes with this (spec: U+2764). */
export const DEFAULT_REACTION: ReactionCode = 'U+2764';
/** The spec's thumbs-up spelling, read as U+1F44D. */
export const LEGACY_THUMBS_UP = 'U+1245';

export const reactionCode = z.enum(REACTION_CODES);
/** What the wire accepts: the six codes plus the spec's U+1245, which the server stores as U+1F44D. */
export const reactionCodeInput = z.enum([...REACTION_CODES, LEGACY_THUMBS_UP]);

export const FEED_TITLE_MAX = 150;
export const FEED_DESCRIPTION_MAX = 5000;
export const FEED_IMAGES_MAX = 10;
export const FEED_TAGS_MAX = 30;
export const FEED_LOCATION_MAX = 200;
export const COMMENT_MAX = 2000;
/** A short's poster description for screen readers. */
export const VIDEO_ALT_MAX = 300;

/** A post is text and photos; a short (issue 22) is a vertical video with a title and text. One table, one model. */
export const FEED_KINDS = ['post', 'short'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/**
 * Who sees a short (spec §3 Video feed: visibility, default Public): every member who may see the author's content,
 * their accepted followers, or the author alone. Posts are always `everyone`.
 */
export const FEED_VISIBILITIES = ['everyone', 'followers', 'only_me'] as const;
export type FeedVisibility = (typeof FEED_VISIBILITIES)[number];
export const FEED_VISIBILITY_LABELS: Record<FeedVisibility, string> = { everyone: 'Public', followers: 'Followers', only_me: 'Only me' };
export const feedVisibility = z.enum(FEED_VISIBILITIES);

/**
 * A short's video (spec §3 Feed.videos: videoUrl, thumbnail). Others only ever see a ready one; its author also sees
 * it `processing` or `failed` (with `failure`, in words), `videoUrl` and `thumbnail` empty until ready.
 */
export const feedVideo = z.strictObject({
  key: z.string(),
  videoUrl: z.string(),
  thumbnail: z.string(),
  altText: z.string(),
  width: z.int(),
  height: z.int(),
  durationMs: z.nullable(z.int()),
  status: z.enum(VIDEO_STATUSES),
  failure: z.nullable(z.string()),
  /** WebVTT (contract/webvtt.ts), or empty when the short has none. */
  captions: z.string(),
});
export type FeedVideo = z.infer<typeof feedVideo>;

/** One photo of a post: the display size, its thumbnail, and `dimens` (`width:height`, spec §3) to reserve space. */
export const feedImage = z.strictObject({
  key: z.string(),
  url: z.string(),
  thumbnail: z.string(),
  dimens: z.string(),
});
export type FeedImage = z.infer<typeof feedImage>;

/** Counts per reaction, the total, and the viewer's own reaction (null when none). */
export const feedLikes = z.strictObject({
  total: z.int().check(z.minimum(0)),
  mine: z.nullable(reactionCode),
  byCode: z.array(z.strictObject({ likeUniCode: reactionCode, count: z.int().check(z.minimum(1)) })),
});
export type FeedLikes = z.infer<typeof feedLikes>;

/** A post as every list and the detail page show it (spec §3 Feed). */
export const feed = z.strictObject({
  id: z.int(),
  kind: z.enum(FEED_KINDS),
  author: memberSummary,
  title: z.string(),
  description: z.string(),
  isDraft: z.boolean(),
  activityId: z.nullable(z.int()),
  /** The linked activity as the viewer may see it (null when none, or one they may not see). */
  activity: z.nullable(linkedActivity),
  /** The piece of gear the post is about (`/api/shareEquipment`) as the viewer may see it; null when none, or hidden. */
  gear: z.nullable(linkedGear),
  /** Normalised (lowercase, no `#`), in the order they first appear. */
  hashtags: z.array(z.string()),
  /** Members mentioned in the text or tagged, as the viewer may see them. */
  tagUser: z.array(memberSummary),
  location: z.nullable(z.string()),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  images: z.array(feedImage),
  /** A short's video (one); empty for a post. */
  videos: z.array(feedVideo),
  visibility: feedVisibility,
  commentCount: z.int().check(z.minimum(0)),
  likes: feedLikes,
  /**
   * ISO 8601 UTC. `publishedAt` is null for a draft, and for a short its author published before its video was ready
   * (`isDraft` false): it comes out, at that moment, once the video is.
   */
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.nullable(z.string()),
});
export type Feed = z.infer<typeof feed>;

/** `GET /api/feed` counts a list's posts up to this many for `total` (see `feedList`). */
export const FEED_TOTAL_CAP = 200;

/**
 * `GET /api/feed`. `total` (and so `last_page`) is counted on a first request, up to 200 posts; pages reached by
 * cursor (and lists past 200) give a floor: what was seen so far plus one more page when there is one. Page on with
 * `next_cursor`, which is null only at the true end.
 */
export const feedList = pagedList(feed);
export type FeedList = z.infer<typeof feedList>;

/** `filter_type`: everyone you may see, people you follow, or yours (drafts included). */
export const FEED_FILTERS = ['all', 'following', 'mine'] as const;
export const feedFilter = z.enum(FEED_FILTERS);

/** What a `startDate`/`endDate` that is not a day of 1900-2100 is told. */
export const FEED_DATE_MESSAGE = 'Use a real date between 1900 and 2100, like 2026-05-17.';

/** `GET /api/feed`. */
export const feedListQuery = z.strictObject({
  ...pagingQuery,
  per_page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50))),
  search: z.optional(z.string().check(z.maxLength(100))),
  filter_type: z.optional(feedFilter),
  startDate: z.optional(calendarDate(FEED_DATE_MESSAGE)),
  endDate: z.optional(calendarDate(FEED_DATE_MESSAGE)),
  userId: z.optional(rowIdParam),
  handleName: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});

export const feedIdParams = z.strictObject({ feedId: rowIdParam });

/** `POST /api/feed` (create) and `PUT /api/feed` (edit: with `id`). Hashtags and mentions are read from the text. */
export const feedInput = z.strictObject({
  id: z.optional(rowId),
  title: z.string().check(z.trim(), z.maxLength(FEED_TITLE_MAX)),
  description: z.string().check(z.trim(), z.maxLength(FEED_DESCRIPTION_MAX)),
  isDraft: z.boolean(),
  activityId: z.optional(z.nullable(rowId)),
  /** A piece of the author's published gear the post is about (issue 24). */
  gearId: z.optional(z.nullable(rowId)),
  /** Members tagged beside the text's @mentions (user ids). */
  tagUser: z.optional(z.array(rowId).check(z.maxLength(FEED_TAGS_MAX))),
  location: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(FEED_LOCATION_MAX)))),
  latitude: z.optional(z.nullable(z.number().check(z.gte(-90), z.lte(90)))),
  longitude: z.optional(z.nullable(z.number().check(z.gte(-180), z.lte(180)))),
  /** Upload keys from `POST /api/compress-image` (purpose `feed`), in the order shown. */
  images: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.maxLength(FEED_IMAGES_MAX))),
});
export type FeedInput = z.infer<typeof feedInput>;

/** What a new post or short is answered with (spec §8). */
export const FEED_CREATED = 'Feed Created Successfully';

/** What a short without a video is told (spec §5). */
export const SHORT_NEEDS_VIDEO = 'A video feed needs at least one video.';

/** `POST /api/video-feed` (create) and `PUT /api/video-feed` (edit: with `id`): a short (spec §3 Video feed). */
export const videoFeedInput = z.strictObject({
  id: z.optional(rowId),
  title: z.string().check(z.trim(), z.maxLength(FEED_TITLE_MAX)),
  description: z.string().check(z.trim(), z.maxLength(FEED_DESCRIPTION_MAX)),
  isDraft: z.boolean(),
  tagUser: z.optional(z.array(rowId).check(z.maxLength(FEED_TAGS_MAX))),
  /** Default `everyone` (Public). */
  visibility: z.optional(feedVisibility),
  /** The upload key from `POST /api/uploadVideo` or a resumable upload: exactly one (spec §5). */
  videos: z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.maxLength(1, 'A short holds one video.')),
  /** Describes the poster for screen readers. */
  altText: z.optional(z.string().check(z.trim(), z.maxLength(VIDEO_ALT_MAX))),
  /** WebVTT captions (contract/webvtt.ts; the server refuses another format); empty for none. */
  captions: z.optional(z.string().check(z.maxLength(CAPTIONS_MAX_CHARS, 'Captions can be at most 20,000 characters.'))),
});
export type VideoFeedInput = z.infer<typeof videoFeedInput>;

export const feedIdBody = z.strictObject({ feedId: rowId });

/** `POST /api/feed/like`: set the viewer's reaction (`null` removes it). Answers the whole feed (spec §4). */
export const feedLikeBody = z.strictObject({ feedId: rowId, likeUniCode: z.nullable(reactionCodeInput) });

/** `GET /api/feed/likes`: who reacted, optionally with one reaction. */
export const feedLikersQuery = z.strictObject({
  ...pagingQuery,
  feedId: rowIdParam,
  likeUniCode: z.optional(reactionCodeInput),
});
export const feedLiker = z.strictObject({ ...memberSummary.shape, likeUniCode: reactionCode });
export const feedLikers = pagedList(feedLiker);

/** A comment (spec §3); a top-level one carries its replies in `reply` (one level deep, oldest first). */
const commentShape = {
  commentId: z.int(),
  feedId: z.int(),
  /** 0 for a top-level comment. */
  parentId: z.int(),
  comment: z.string(),
  hashtags: z.array(z.string()),
  tagUser: z.array(memberSummary),
  author: memberSummary,
  likeCount: z.int().check(z.minimum(0)),
  isLiked: z.boolean(),
  createdAt: z.string(),
  /** Null until edited. */
  editedAt: z.nullable(z.string()),
};
export const feedReply = z.strictObject(commentShape);
/** How many replies a top-level comment carries in `reply`, and how many each page of its replies holds. */
export const REPLIES_PAGE = 50;
export const feedComment = z.strictObject({
  ...commentShape,
  replyCount: z.int().check(z.minimum(0)),
  reply: z.array(feedReply),
  /**
   * Where the replies carried in `reply` end, when the comment has more: send it as `cursor` with `parentId` set to
   * this comment to go on from there. Null when `reply` holds them all.
   */
  replyCursor: z.nullable(z.string()),
});
export type FeedReply = z.infer<typeof feedReply>;
export type FeedComment = z.infer<typeof feedComment>;

/**
 * `GET /api/feed/comment`: top-level comments newest first, each with its first replies (`feedCommentList`); with
 * `parentId`, that top-level comment's replies instead, oldest first, `REPLIES_PAGE` a page (`feedReplyList`).
 */
export const feedCommentsQuery = z.strictObject({
  ...pagingQuery,
  feedId: rowIdParam,
  parentId: z.optional(rowIdParam),
});
export const feedCommentList = pagedList(feedComment);
export const feedReplyList = pagedList(feedReply);
/** What `GET /api/feed/comment` answers: the comments, or with `parentId` the replies. */
export const feedCommentsAnswer = z.union([feedCommentList, feedReplyList]);

/** `POST /api/feed/comment`: a top-level comment (`parentId` 0 or absent) or a reply to one. */
export const newCommentBody = z.strictObject({
  feedId: rowId,
  parentId: z.optional(parentIdOrNone),
  comment: z.string().check(z.trim(), z.minLength(1, 'Write something first.'), z.maxLength(COMMENT_MAX)),
});
/** A created comment, and the post's comment count now. */
export const commentSaved = z.strictObject({ comment: feedReply, commentCount: z.int().check(z.minimum(0)) });

/** `POST /api/feed/updateFeedComment`: your own comment's new text. */
export const editCommentBody = z.strictObject({
  feedId: rowId,
  commentId: rowId,
  comment: z.string().check(z.trim(), z.minLength(1, 'Write something first.'), z.maxLength(COMMENT_MAX)),
});

/** `POST /api/feed/comment/like`: set whether the viewer likes the comment; answers the comment. */
export const commentLikeBody = z.strictObject({ commentId: rowId, isLiked: z.boolean() });

/** `POST /api/feed/delete-comment`. */
export const deleteCommentBody = z.strictObject({ feedId: rowId, commentId: rowId });
/**
 * What a deletion leaves: the post's comment count now. `commentCount` counts every comment still there, top-level
 * and replies alike (adding either raises it by one). Deleting a reply lowers it by one and removes the reply from its
 * parent (`parentId`); deleting a top-level comment (`parentId` 0) removes its replies with it, so it drops by one
 * plus the number of those replies.
 */
export const commentDeleted = z.strictObject({ commentId: z.int(), parentId: z.int(), commentCount: z.int().check(z.minimum(0)) });
