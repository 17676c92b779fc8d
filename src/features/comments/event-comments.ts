import { commentDeleted } from '#contract/feeds';
import { eventCommentList, eventCommentSaved, eventReply, eventReplyList, type EventComment, type EventReply } from '#contract/event-comments';
import { api } from '../../lib/api-client';
import { pageSearchParams } from '../../lib/paging';
import { eventKeys } from '../events/api';
import { setEventCommentCount } from '../events/event-cache';
import type { CommentAdapter, ThreadComment, ThreadReply } from './comment-adapter';

const toReply = ({ eventId: _eventId, ...reply }: EventReply): ThreadReply => reply;
const toComment = ({ reply, replyCount, replyCursor, ...comment }: EventComment): ThreadComment => ({ ...toReply(comment), replyCount, reply: reply.map(toReply), replyCursor });

/**
 * The comments of an event (spec §7 `/api/challenge/comment` and its siblings), cached under
 * `['events','comments',eventId]`; the count follows on the event wherever it is shown (spec §4).
 */
export const eventComments: CommentAdapter = {
  subject: 'event',
  queryKey: (eventId) => eventKeys.comments(eventId),
  list: (eventId, page, signal) =>
    api
      .get(eventCommentList, 'challenge/comment', { searchParams: { eventId, ...pageSearchParams(page) }, signal })
      .then(({ data }) => ({ ...data, list: data.list.map(toComment) })),
  replies: (eventId, parentId, cursor, signal) =>
    api
      .get(eventReplyList, 'challenge/comment', { searchParams: { eventId, parentId, cursor }, signal })
      .then(({ data }) => ({ ...data, list: data.list.map(toReply) })),
  add: (eventId, parentId, comment) =>
    api
      .post(eventCommentSaved, 'challenge/comment', { eventId, ...(parentId ? { parentId } : {}), comment })
      .then(({ data }) => ({ comment: toReply(data.comment), commentCount: data.commentCount })),
  edit: (eventId, commentId, comment) =>
    api.post(eventReply, 'challenge/updateChallengeComment', { eventId, commentId, comment }).then(({ data }) => toReply(data)),
  like: (commentId, isLiked) => api.post(eventReply, 'challenge/comment/challengeCommentLikeStore', { commentId, isLiked }).then(({ data }) => toReply(data)),
  remove: (eventId, commentId) => api.delete(commentDeleted, 'challenge/DeleteComment', { eventId, commentId }).then(({ data }) => data),
  setCount: setEventCommentCount,
};
