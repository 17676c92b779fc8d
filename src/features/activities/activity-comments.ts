import type { ActivityComment, ActivityReply } from '#contract/activity-comments';
import type { CommentAdapter, ThreadComment, ThreadReply } from '../comments/comment-adapter';
import { activityCommentCalls as calls, activityKeys } from './api';
import { setActivityCommentCount } from './activity-cache';

const toReply = ({ activityId: _activityId, ...reply }: ActivityReply): ThreadReply => reply;
const toComment = ({ reply, replyCount, replyCursor, ...comment }: ActivityComment): ThreadComment => ({
  ...toReply(comment),
  replyCount,
  reply: reply.map(toReply),
  replyCursor,
});

/**
 * The comments of an activity (`/api/activity/comment` and its siblings), the same thread posts and events have,
 * cached under `['activities','comments',activityId]` and live on the socket as the `activity` thread; the count
 * follows on the activity wherever it is shown.
 */
export const activityComments: CommentAdapter = {
  subject: 'activity',
  queryKey: (activityId) => activityKeys.comments(activityId),
  list: (activityId, page, signal) => calls.list(activityId, page, signal).then((data) => ({ ...data, list: data.list.map(toComment) })),
  replies: (activityId, parentId, cursor, signal) =>
    calls.replies(activityId, parentId, cursor, signal).then((data) => ({ ...data, list: data.list.map(toReply) })),
  add: (activityId, parentId, comment) =>
    calls.add(activityId, parentId, comment).then((data) => ({ comment: toReply(data.comment), commentCount: data.commentCount })),
  edit: (activityId, commentId, comment) => calls.edit(activityId, commentId, comment).then(toReply),
  like: (commentId, isLiked) => calls.like(commentId, isLiked).then(toReply),
  remove: calls.remove,
  setCount: setActivityCommentCount,
};
