import * as z from 'zod/mini';
import { feedReply } from './feeds';
import { rowId } from './ids';
import { LIVE_STATUSES, livePoints } from './live';
import { notification, notificationBadge } from './notifications';
import { relationship } from './social';

/** The kinds of subject whose comment thread a socket may watch: a post (`feedId`), an event (`eventId`), an activity. */
export const threadSubject = z.enum(['feed', 'event', 'activity']);
export type ThreadSubject = z.infer<typeof threadSubject>;

/**
 * A comment as a watched thread hears of it: the comment shape of either subject without the subject's id (the
 * message names the subject). `isLiked` is false: whether each watcher likes it is theirs to keep (an edit changes
 * only the text and what is read from it).
 */
const { feedId: _feedId, ...liveCommentShape } = feedReply.shape;
export const liveComment = z.strictObject(liveCommentShape);
export type LiveComment = z.infer<typeof liveComment>;

/** Which thread a comment message is about. */
const threadOf = { subject: threadSubject, subjectId: z.int().check(z.minimum(1)) };

/** In a thread this socket watches: a comment or reply was added; the subject's comment count now. */
const commentAdded = z.strictObject({ type: z.literal('comment-added'), ...threadOf, comment: liveComment, commentCount: z.int().check(z.minimum(0)) });
/** In a thread this socket watches: a comment's text was changed by its author. */
const commentEdited = z.strictObject({ type: z.literal('comment-edited'), ...threadOf, comment: liveComment });
/** In a thread this socket watches: a comment went (a top-level one with its replies), as `commentDeleted` says. */
const commentDeleted = z.strictObject({
  type: z.literal('comment-deleted'),
  ...threadOf,
  commentId: z.int(),
  parentId: z.int(),
  commentCount: z.int().check(z.minimum(0)),
});
/**
 * In a thread this socket watches: someone else liked or unliked a comment; how many like it now. Not sent to the
 * member who did it (their screen already shows it), so it never races their own clicks.
 */
const commentLiked = z.strictObject({ type: z.literal('comment-liked'), ...threadOf, commentId: z.int(), likeCount: z.int().check(z.minimum(0)) });
/** The messages of a watched comment thread (`watch` below). */
export const threadMessage = z.discriminatedUnion('type', [commentAdded, commentEdited, commentDeleted, commentLiked]);
export type ThreadMessage = z.infer<typeof threadMessage>;

/**
 * Live activities (issue 26), to a socket watching the session (`watch-live`): new positions it may see, as
 * `[lng, lat, t]` (t epoch ms); `resume` says hidden positions came before the first (a privacy zone): a line starts
 * a new piece there. `distanceM` and `lastAt` are up to the last position it may see.
 */
const livePosition = z.strictObject({
  type: z.literal('live-position'),
  liveId: z.int(),
  points: z.array(z.tuple([z.number(), z.number(), z.number()])),
  resume: z.boolean(),
  distanceM: z.number(),
  lastAt: z.nullable(z.string()),
});
/** A watched session was paused, resumed or ended. */
const liveStatus = z.strictObject({ type: z.literal('live-status'), liveId: z.int(), status: z.enum(LIVE_STATUSES) });
/** This socket may no longer watch the session (a block, an unfollow, a revoke, its end): its map stops. */
const liveGone = z.strictObject({ type: z.literal('live-gone'), liveId: z.int() });
/** To the sharer: a batch sent over the socket is stored up to `storedUntil` (epoch ms), so the app drops it. */
const liveAck = z.strictObject({ type: z.literal('live-ack'), liveId: z.int(), storedUntil: z.int(), status: z.enum(LIVE_STATUSES) });
/** To the sharer: nothing came for a while, or the expected return passed — "Are you OK?" before contacts are told. */
const liveCheck = z.strictObject({ type: z.literal('live-check'), liveId: z.int(), reason: z.enum(['silence', 'overdue']) });

/**
 * What the server pushes over the one WebSocket (`/ws`). JSON text frames, one message each. A message the client
 * does not know is ignored (newer servers may add kinds). The client sends only `clientMessage`s.
 */
export const liveMessage = z.discriminatedUnion('type', [
  /** A notification was just written for this member; the badge as it now stands rides along. */
  z.strictObject({ type: z.literal('notification'), notification, badge: notificationBadge }),
  /** The counts changed without a new notification (read on another device, a request withdrawn, accepted...). */
  z.strictObject({ type: z.literal('badge'), badge: notificationBadge }),
  /** Another member changed where they stand with this member (accepted a request, removed them as a follower...). */
  z.strictObject({ type: z.literal('relationship'), relationship }),
  commentAdded,
  commentEdited,
  commentDeleted,
  commentLiked,
  livePosition,
  liveStatus,
  liveGone,
  liveAck,
  liveCheck,
]);
export type LiveMessage = z.infer<typeof liveMessage>;

/** How many threads one socket may watch at once; watching one more lets go of the one watched longest. */
export const MAX_WATCHED_THREADS = 20;
/** How many live sessions one socket may watch at once (the map of everyone live), apart from its threads. */
export const MAX_WATCHED_LIVE = 50;
/** The largest frame a client may send: a batch of `MAX_BATCH_POINTS` positions fits. */
export const MAX_CLIENT_FRAME_BYTES = 16 * 1024;

/**
 * What the client sends: which comment threads it has open. `watch` asks for the thread's comment messages while the
 * member may see the subject (checked on receipt; a subject they may not see is silently not watched); `unwatch`
 * stops them. Watches last as long as the connection: after a reconnect the client sends them again.
 */
export const clientMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('watch'), subject: threadSubject, id: rowId }),
  z.strictObject({ type: z.literal('unwatch'), subject: threadSubject, id: rowId }),
  /** Live activities: follow a session's positions while its sharer lets this member watch (checked as `watch`). */
  z.strictObject({ type: z.literal('watch-live'), id: rowId }),
  z.strictObject({ type: z.literal('unwatch-live'), id: rowId }),
  /** The sharer's batch of positions (the same as `POST /api/live/:liveId/positions`); answered `live-ack`. */
  z.strictObject({ type: z.literal('live-positions'), id: rowId, points: livePoints }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

/** Close codes the socket uses; the client reconnects after any other close, never after these. */
export const WS_CLOSE = {
  /** No token, or a dead one, at connect. */
  unauthorized: 4401,
  /** The session ended: sign-out, password reset, account deletion. */
  sessionEnded: 4403,
} as const;
