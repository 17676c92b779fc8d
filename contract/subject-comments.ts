import * as z from 'zod/mini';
import { pagedList } from './envelope';
import { COMMENT_MAX, feedComment, feedReply } from './feeds';
import { parentIdOrNone, rowId, rowIdParam } from './ids';
import { pagingQuery } from './paging';

/**
 * The comment schemas of a kind of subject (issue 18's one house): the feed comment's shape with the kind's own id in
 * place of `feedId` (spec §3: "event comments are keyed by eventId and carry the same shape"). Posts keep their
 * spec-named schemas in feeds.ts; events (`eventId`) and activities (`activityId`) are made here, so a kind costs a
 * key, not a copy.
 */
const { feedId: _replyFeedId, ...replyShape } = feedReply.shape;
const { feedId: _commentFeedId, reply: _reply, ...commentShape } = feedComment.shape;

const commentText = z.string().check(z.trim(), z.minLength(1, 'Write something first.'), z.maxLength(COMMENT_MAX));

export function subjectCommentSchemas<K extends string>(key: K) {
  const id = { [key]: z.int() } as { [P in K]: ReturnType<typeof z.int> };
  const idParam = { [key]: rowIdParam } as { [P in K]: typeof rowIdParam };
  const idBody = { [key]: rowId } as { [P in K]: typeof rowId };
  const reply = z.strictObject({ ...replyShape, ...id });
  const comment = z.strictObject({ ...commentShape, ...id, reply: z.array(reply) });
  const commentList = pagedList(comment);
  const replyList = pagedList(reply);
  return {
    reply,
    comment,
    /** With `parentId`, that top-level comment's replies, oldest first (`replyList`), as on posts. */
    query: z.strictObject({ ...pagingQuery, ...idParam, parentId: z.optional(rowIdParam) }),
    commentList,
    replyList,
    /** What the list call answers: the comments, or with `parentId` the replies. */
    answer: z.union([commentList, replyList]),
    newBody: z.strictObject({ ...idBody, parentId: z.optional(parentIdOrNone), comment: commentText }),
    /** A created comment, and the subject's comment count now. */
    saved: z.strictObject({ comment: reply, commentCount: z.int().check(z.minimum(0)) }),
    editBody: z.strictObject({ ...idBody, commentId: rowId, comment: commentText }),
    likeBody: z.strictObject({ commentId: rowId, isLiked: z.boolean() }),
    /** Answered with `commentDeleted` of feeds.ts. */
    deleteBody: z.strictObject({ ...idBody, commentId: rowId }),
  };
}
