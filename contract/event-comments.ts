import * as z from 'zod/mini';
import { COMMENT_MAX, feedComment, feedReply } from './feeds';
import { pagedList } from './envelope';
import { parentIdOrNone, rowId, rowIdParam } from './ids';
import { pagingQuery } from './paging';

/**
 * Comments on events (spec §3: "event comments are keyed by eventId and carry the same shape" as feed comments):
 * the feed comment with `eventId` in place of `feedId`. Paths of spec §7: `GET`/`POST /api/challenge/comment`,
 * `POST /api/challenge/updateChallengeComment`, `POST /api/challenge/comment/challengeCommentLikeStore`,
 * `DELETE /api/challenge/DeleteComment`.
 */
const { feedId: _replyFeedId, ...replyShape } = feedReply.shape;
const { feedId: _commentFeedId, ...commentShape } = feedComment.shape;

export const eventReply = z.strictObject({ ...replyShape, eventId: z.int() });
export const eventComment = z.strictObject({ ...commentShape, eventId: z.int(), reply: z.array(eventReply) });
export type EventReply = z.infer<typeof eventReply>;
export type EventComment = z.infer<typeof eventComment>;

const commentText = z.string().check(z.trim(), z.minLength(1, 'Write something first.'), z.maxLength(COMMENT_MAX));

/** With `parentId`, that top-level comment's replies, oldest first (`eventReplyList`), as on posts. */
export const eventCommentsQuery = z.strictObject({
  ...pagingQuery,
  eventId: rowIdParam,
  parentId: z.optional(rowIdParam),
});
export const eventCommentList = pagedList(eventComment);
export const eventReplyList = pagedList(eventReply);
/** What `GET /api/challenge/comment` answers: the comments, or with `parentId` the replies. */
export const eventCommentsAnswer = z.union([eventCommentList, eventReplyList]);

export const newEventCommentBody = z.strictObject({
  eventId: rowId,
  parentId: z.optional(parentIdOrNone),
  comment: commentText,
});
export const eventCommentSaved = z.strictObject({ comment: eventReply, commentCount: z.int().check(z.minimum(0)) });

export const editEventCommentBody = z.strictObject({
  eventId: rowId,
  commentId: rowId,
  comment: commentText,
});

export const eventCommentLikeBody = z.strictObject({ commentId: rowId, isLiked: z.boolean() });

/** `DELETE /api/challenge/DeleteComment` with a JSON body. Answers `commentDeleted` of contract/feeds.ts. */
export const deleteEventCommentBody = z.strictObject({ eventId: rowId, commentId: rowId });
