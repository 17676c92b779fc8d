import type { EventComment, EventReply } from '#contract/event-comments';
import { eventCommentCalls as calls, eventKeys } from './api';
import { setEventCommentCount } from './event-cache';
import type { CommentAdapter, ThreadComment, ThreadReply } from '../comments/comment-adapter';

const toReply = ({ eventId: _eventId, ...reply }: EventReply): ThreadReply => reply;
const toComment = ({ reply, replyCount, replyCursor, ...comment }: EventComment): ThreadComment => ({ ...toReply(comment), replyCount, reply: reply.map(toReply), replyCursor });

/**
 * The comments of an event (spec §7 `/api/challenge/comment` and its siblings), cached under
 * `['events','comments',eventId]`; the count follows on the event wherever it is shown (spec §4).
 */
export const eventComments: CommentAdapter = {
  subject: 'event',
  queryKey: (eventId) => eventKeys.comments(eventId),
  list: (eventId, page, signal) => calls.list(eventId, page, signal).then((data) => ({ ...data, list: data.list.map(toComment) })),
  replies: (eventId, parentId, cursor, signal) => calls.replies(eventId, parentId, cursor, signal).then((data) => ({ ...data, list: data.list.map(toReply) })),
  add: (eventId, parentId, comment) =>
    calls.add(eventId, parentId, comment).then((data) => ({ comment: toReply(data.comment), commentCount: data.commentCount })),
  edit: (eventId, commentId, comment) => calls.edit(eventId, commentId, comment).then(toReply),
  like: (commentId, isLiked) => calls.like(commentId, isLiked).then(toReply),
  remove: calls.remove,
  setCount: setEventCommentCount,
};
