import { eq } from 'drizzle-orm';
import type { FeedComment, FeedReply } from '#contract/feeds';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import type { PageAsked, PagedAnswer } from '../../db/keyset';
import { feeds } from '../../db/schema/feeds';
import { commentService } from '../comments/comment-service';
import { postSubject } from './post-subject';

/**
 * Threaded comments on posts (issue 5): the shared comment service (server/modules/comments/comment-service.ts, where
 * the tree, count and notification rules live) for the post kind.
 */

export { COMMENT_NOT_FOUND, PER_PAGE, REPLIES_SHOWN } from '../comments/comment-service';

const thread = commentService(postSubject);

/** `GET /api/feed/comment`: a post's top-level comments, newest first, each with its first replies oldest first. */
export function listComments(db: Db, viewerId: number, q: PageAsked & { feedId: number }): Promise<PagedAnswer<FeedComment>> {
  return thread.listComments(db, viewerId, q.feedId, q);
}

/** `GET /api/feed/comment` with `parentId`: one top-level comment's replies, oldest first, from its `replyCursor`. */
export function listReplies(db: Db, viewerId: number, q: PageAsked & { feedId: number; parentId: number }): Promise<PagedAnswer<FeedReply>> {
  return thread.listReplies(db, viewerId, q.feedId, q.parentId, q);
}

export type NewComment = { feedId: number; userId: number; parentId: number | null; comment: string; createdAt: Date };

/** Stores a comment and raises the counts, without policy or notifications (the demo world seeds comments with it). */
export async function insertComment(tx: Db, { feedId, ...input }: NewComment) {
  const [post] = await tx.select({ subjectId: feeds.subjectId }).from(feeds).where(eq(feeds.id, feedId)).limit(1);
  return thread.insertComment(tx, { subjectId: post!.subjectId, ...input });
}

/** `POST /api/feed/comment`: a comment on a post, or a reply to one of its top-level comments. */
export function addComment(deps: Deps, viewerId: number, { feedId, ...input }: { feedId: number; parentId?: number | undefined; comment: string }) {
  return thread.addComment(deps, viewerId, { id: feedId, ...input });
}

/** `POST /api/feed/updateFeedComment`: the viewer's own comment, new text. */
export function editComment(deps: Deps, viewerId: number, { feedId, ...input }: { feedId: number; commentId: number; comment: string }): Promise<FeedReply> {
  return thread.editComment(deps, viewerId, { id: feedId, ...input });
}

/** `POST /api/feed/comment/like`: sets whether the viewer likes a comment; answers the comment. */
export function setCommentLike(deps: Deps, viewerId: number, input: { commentId: number; isLiked: boolean }): Promise<FeedReply> {
  return thread.setCommentLike(deps, viewerId, input);
}

/** `POST /api/feed/delete-comment`: by the comment's author or the post's author. */
export function deleteComment(deps: Deps, viewerId: number, { feedId, commentId }: { feedId: number; commentId: number }) {
  return thread.deleteComment(deps, viewerId, { id: feedId, commentId });
}
