import type { EventComment, EventReply } from '#contract/event-comments';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import type { PageAsked, PagedAnswer } from '../../db/keyset';
import { commentService } from '../comments/comment-service';
import { eventSubject } from './event-subject';

/**
 * Comments on events (issue 6; spec §3: keyed by eventId, the same shape as feed comments): the shared comment service
 * (server/modules/comments/comment-service.ts, where the tree, count and notification rules live) for the event kind.
 */

const thread = commentService(eventSubject);

/** `GET /api/challenge/comment`: an event's top-level comments, newest first, each with its first replies. */
export function listEventComments(db: Db, viewerId: number, q: PageAsked & { eventId: number }): Promise<PagedAnswer<EventComment>> {
  return thread.listComments(db, viewerId, q.eventId, q);
}

/** `GET /api/challenge/comment` with `parentId`: one top-level comment's replies, oldest first, from its `replyCursor`. */
export function listEventReplies(db: Db, viewerId: number, q: PageAsked & { eventId: number; parentId: number }): Promise<PagedAnswer<EventReply>> {
  return thread.listReplies(db, viewerId, q.eventId, q.parentId, q);
}

/** `POST /api/challenge/comment`: a comment on an event, or a reply to one of its top-level comments. */
export function addEventComment(deps: Deps, viewerId: number, { eventId, ...input }: { eventId: number; parentId?: number | undefined; comment: string }) {
  return thread.addComment(deps, viewerId, { id: eventId, ...input });
}

/** `POST /api/challenge/updateChallengeComment`: the viewer's own comment, new text. */
export function editEventComment(deps: Deps, viewerId: number, { eventId, ...input }: { eventId: number; commentId: number; comment: string }): Promise<EventReply> {
  return thread.editComment(deps, viewerId, { id: eventId, ...input });
}

/** `POST /api/challenge/comment/challengeCommentLikeStore`: sets whether the viewer likes a comment. */
export function setEventCommentLike(deps: Deps, viewerId: number, input: { commentId: number; isLiked: boolean }): Promise<EventReply> {
  return thread.setCommentLike(deps, viewerId, input);
}

/** `DELETE /api/challenge/DeleteComment`: by the comment's author, the event's organiser or a co-host. */
export function deleteEventComment(deps: Deps, viewerId: number, { eventId, commentId }: { eventId: number; commentId: number }) {
  return thread.deleteComment(deps, viewerId, { id: eventId, commentId });
}
