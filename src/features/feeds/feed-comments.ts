import type { FeedComment, FeedReply } from '#contract/feeds';
import { feedCommentCalls as calls, feedKeys } from './api';
import { setCommentCount } from './feed-cache';
import type { CommentAdapter, ThreadComment, ThreadReply } from '../comments/comment-adapter';

const toReply = ({ feedId: _feedId, ...reply }: FeedReply): ThreadReply => reply;
const toComment = ({ reply, replyCount, replyCursor, ...comment }: FeedComment): ThreadComment => ({ ...toReply(comment), replyCount, reply: reply.map(toReply), replyCursor });

/** The comments of a post (spec §7 `/api/feed/comment` and its siblings), cached under `['feeds','comments',feedId]`. */
export const feedComments: CommentAdapter = {
  subject: 'feed',
  queryKey: (feedId) => feedKeys.comments(feedId),
  list: (feedId, page, signal) => calls.list(feedId, page, signal).then((data) => ({ ...data, list: data.list.map(toComment) })),
  replies: (feedId, parentId, cursor, signal) => calls.replies(feedId, parentId, cursor, signal).then((data) => ({ ...data, list: data.list.map(toReply) })),
  add: (feedId, parentId, comment) =>
    calls.add(feedId, parentId, comment).then((data) => ({ comment: toReply(data.comment), commentCount: data.commentCount })),
  edit: (feedId, commentId, comment) => calls.edit(feedId, commentId, comment).then(toReply),
  like: (commentId, isLiked) => calls.like(commentId, isLiked).then(toReply),
  remove: calls.remove,
  setCount: setCommentCount,
};
