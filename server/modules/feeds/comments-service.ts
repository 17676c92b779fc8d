import type { FeedComment, FeedReply } from '#contract/feeds';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import type { PageAsked, PagedAnswer } from '../../db/keyset';
import { feedCommentLikes, feedComments, feeds } from '../../db/schema';
import { mayViewFeed } from '../../policy/social-policy';
import { commentEngine, type CommentSubject } from '../comments/comment-engine';
import { loadFeedSubject, loadViewableFeed } from './feed-access';

/**
 * Threaded comments on posts (issue 5), answered by the one comment engine (server/modules/comments/comment-engine.ts,
 * where the tree, count and notification rules live) described for posts: comments keyed by `feedId`, counted into
 * `feeds.comment_count`, seen by whoever may see the post, deletable by the post's author too.
 */

export { COMMENT_NOT_FOUND, PER_PAGE, REPLIES_SHOWN } from '../comments/comment-engine';

type FeedSubject = Awaited<ReturnType<typeof loadViewableFeed>>;

export const feedCommentSubject: CommentSubject<'feedId', FeedSubject> = {
  key: 'feedId',
  comments: feedComments,
  likes: feedCommentLikes,
  counted: feeds,
  loadViewable: loadViewableFeed,
  async audience(db, post) {
    // The author's privacy is read once, by the first notification of a call.
    const row = await loadFeedSubject(db, post.id);
    return async (userId) => row !== undefined && mayViewFeed(db, userId, row, { id: row.userId, isPrivate: row.authorIsPrivate });
  },
  draftMessage: 'Comments open once the post is published.',
  // "… commented on your post.", the `comments` kind's own sentence.
  notices: { subjectType: 'comment' },
};

const thread = commentEngine(feedCommentSubject);

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
export function insertComment(tx: Db, { feedId, ...input }: NewComment) {
  return thread.insertComment(tx, { subjectId: feedId, ...input });
}

/** `POST /api/feed/comment`: a comment on a post, or a reply to one of its top-level comments. */
export function addComment(deps: Deps, viewerId: number, { feedId, ...input }: { feedId: number; parentId?: number | undefined; comment: string }) {
  return thread.addComment(deps, viewerId, { subjectId: feedId, ...input });
}

/** `POST /api/feed/updateFeedComment`: the viewer's own comment, new text. */
export function editComment(deps: Deps, viewerId: number, { feedId, ...input }: { feedId: number; commentId: number; comment: string }): Promise<FeedReply> {
  return thread.editComment(deps, viewerId, { subjectId: feedId, ...input });
}

/** `POST /api/feed/comment/like`: sets whether the viewer likes a comment; answers the comment. */
export function setCommentLike(deps: Deps, viewerId: number, input: { commentId: number; isLiked: boolean }): Promise<FeedReply> {
  return thread.setCommentLike(deps, viewerId, input);
}

/** `POST /api/feed/delete-comment`: by the comment's author or the post's author. */
export function deleteComment(deps: Deps, viewerId: number, { feedId, commentId }: { feedId: number; commentId: number }) {
  return thread.deleteComment(deps, viewerId, { subjectId: feedId, commentId });
}
