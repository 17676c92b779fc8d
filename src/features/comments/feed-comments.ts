import { commentDeleted, commentSaved, feedCommentList, feedReply, feedReplyList, type FeedComment, type FeedReply } from '#contract/feeds';
import { api } from '../../lib/api-client';
import { pageSearchParams } from '../../lib/paging';
import { feedKeys } from '../feeds/api';
import { setCommentCount } from '../feeds/feed-cache';
import type { CommentAdapter, ThreadComment, ThreadReply } from './comment-adapter';

const toReply = ({ feedId: _feedId, ...reply }: FeedReply): ThreadReply => reply;
const toComment = ({ reply, replyCount, replyCursor, ...comment }: FeedComment): ThreadComment => ({ ...toReply(comment), replyCount, reply: reply.map(toReply), replyCursor });

/** The comments of a post (spec §7 `/api/feed/comment` and its siblings), cached under `['feeds','comments',feedId]`. */
export const feedComments: CommentAdapter = {
  subject: 'feed',
  queryKey: (feedId) => feedKeys.comments(feedId),
  list: (feedId, page, signal) =>
    api
      .get(feedCommentList, 'feed/comment', { searchParams: { feedId, ...pageSearchParams(page) }, signal })
      .then(({ data }) => ({ ...data, list: data.list.map(toComment) })),
  replies: (feedId, parentId, cursor, signal) =>
    api
      .get(feedReplyList, 'feed/comment', { searchParams: { feedId, parentId, cursor }, signal })
      .then(({ data }) => ({ ...data, list: data.list.map(toReply) })),
  add: (feedId, parentId, comment) =>
    api
      .post(commentSaved, 'feed/comment', { feedId, ...(parentId ? { parentId } : {}), comment })
      .then(({ data }) => ({ comment: toReply(data.comment), commentCount: data.commentCount })),
  edit: (feedId, commentId, comment) => api.post(feedReply, 'feed/updateFeedComment', { feedId, commentId, comment }).then(({ data }) => toReply(data)),
  like: (commentId, isLiked) => api.post(feedReply, 'feed/comment/like', { commentId, isLiked }).then(({ data }) => toReply(data)),
  remove: (feedId, commentId) => api.post(commentDeleted, 'feed/delete-comment', { feedId, commentId }).then(({ data }) => data),
  setCount: setCommentCount,
};
