import type { Db } from '../db/client';
import type { SubjectKind } from '../db/schema/subjects';
import { isEventCohost } from './event-policy';

/**
 * Who may write what on a subject (whatever members comment on: a post, an event), beside the seeing rules of
 * social-policy.ts (`mayViewFeed`) and event-policy.ts (`mayViewEvent`). Every function here is asked after the caller
 * loaded the subject as viewable (its 404 comes first), and decides over what the caller loaded: synchronous where the
 * rows carry the answer, taking `db` only where it must read (an event's co-hosts).
 */

/** The least a post, a comment or any authored row must be described by: its author. */
export type Authored = { userId: number };

/**
 * The least a subject must be described by for deleting comments on it: its owner (the post's author, the event's
 * organiser) and, for an event, its co-hosts (accepted) when the caller has them loaded.
 */
export type CommentSubjectHosts = { ownerId: number; cohostIds?: readonly number[] | undefined };

/**
 * A subject as the async delete rule takes it: its kind, the kind's own id and its owner. An event's co-hosts are read
 * only when the viewer is neither the comment's author nor the owner.
 */
export type CommentSubjectRef = { kind: SubjectKind; id: number; ownerId: number };

/** Only its author edits a post (anyone else's is the post's 404). */
export function mayEditPost(viewerId: number, post: Authored) {
  return post.userId === viewerId;
}

/** A subject takes comments once it is published: a draft's thread is closed, to its owner too. */
export function mayComment(subject: { isDraft: boolean }) {
  return !subject.isDraft;
}

/** Only its author edits a comment (anyone else's is the comment's 404). */
export function mayEditComment(viewerId: number, comment: Authored) {
  return comment.userId === viewerId;
}

/**
 * Whether `viewerId` may delete `comment`: its author, the subject's owner (any comment on their post or event), or,
 * on an event, a co-host (`cohostIds`, as loaded: `eventCohostIds` in event-policy.ts). Synchronous, for a caller that
 * decides many comments of one subject at once; `mayDeleteCommentOn` reads the co-hosts itself.
 */
export function mayDeleteComment(viewerId: number, comment: Authored, subject: CommentSubjectHosts) {
  return comment.userId === viewerId || subject.ownerId === viewerId || (subject.cohostIds?.includes(viewerId) ?? false);
}

/** `mayDeleteComment` for one comment, reading the event's co-hosts only when the author or owner rule said no. */
export async function mayDeleteCommentOn(db: Db, viewerId: number, comment: Authored, subject: CommentSubjectRef) {
  if (mayDeleteComment(viewerId, comment, { ownerId: subject.ownerId })) return true;
  return subject.kind === 'event' && isEventCohost(db, viewerId, subject.id);
}
