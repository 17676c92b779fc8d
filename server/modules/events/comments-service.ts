import type { EventComment, EventReply } from '#contract/event-comments';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import type { PageAsked, PagedAnswer } from '../../db/keyset';
import { eventCommentLikes, eventComments, events } from '../../db/schema';
import { mayViewEvent } from '../../policy/event-policy';
import { commentEngine, type CommentSubject } from '../comments/comment-engine';
import { loadViewableEvent, type EventSubjectRow } from './event-access';

/**
 * Comments on events (issue 6; spec §3: keyed by eventId, the same shape as feed comments), answered by the one
 * comment engine (server/modules/comments/comment-engine.ts, where the tree, count and notification rules live)
 * described for events: counted into `events.comment_count`, seen by whoever may see the event, deletable by the
 * event's organiser too (not co-hosts: they edit the event, they do not moderate its talk). Notifications lead to
 * `event_comment` with the event's id as `parentId`, so the client links to the event.
 */

export const eventCommentSubject: CommentSubject<'eventId', EventSubjectRow> = {
  key: 'eventId',
  comments: eventComments,
  likes: eventCommentLikes,
  counted: events,
  loadViewable: loadViewableEvent,
  async audience(db, event) {
    // loadViewableEvent read the organiser's privacy already.
    return (userId) => mayViewEvent(db, userId, event, { id: event.userId, isPrivate: event.organiserIsPrivate });
  },
  draftMessage: 'Comments open once the event is published.',
  notices: { subjectType: 'event_comment', commented: 'event_comment' },
};

const thread = commentEngine(eventCommentSubject);

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
  return thread.addComment(deps, viewerId, { subjectId: eventId, ...input });
}

/** `POST /api/challenge/updateChallengeComment`: the viewer's own comment, new text. */
export function editEventComment(deps: Deps, viewerId: number, { eventId, ...input }: { eventId: number; commentId: number; comment: string }): Promise<EventReply> {
  return thread.editComment(deps, viewerId, { subjectId: eventId, ...input });
}

/** `POST /api/challenge/comment/challengeCommentLikeStore`: sets whether the viewer likes a comment. */
export function setEventCommentLike(deps: Deps, viewerId: number, input: { commentId: number; isLiked: boolean }): Promise<EventReply> {
  return thread.setCommentLike(deps, viewerId, input);
}

/** `DELETE /api/challenge/DeleteComment`: by the comment's author or the event's organiser. */
export function deleteEventComment(deps: Deps, viewerId: number, { eventId, commentId }: { eventId: number; commentId: number }) {
  return thread.deleteComment(deps, viewerId, { subjectId: eventId, commentId });
}
