import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '#contract/envelope';
import {
  commentDeleted,
  commentLikeBody,
  commentSaved,
  deleteCommentBody,
  editCommentBody,
  feedCommentsAnswer,
  feedCommentsQuery,
  feedReply,
  newCommentBody,
} from '#contract/feeds';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { viewerId } from '../../plugins/authenticate';
import * as comments from './comments-service';

/** Comments on posts (issue 5, spec §7 paths). Every route is for signed-in members who may see the post. */
export function commentRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['feeds'];

  // With `parentId`, that comment's replies instead (oldest first, from its `replyCursor`).
  r.get('/api/feed/comment', {
    schema: {
      tags,
      operationId: 'listPostComments',
      summary: 'A post’s comments, newest first, each with its first replies (with parentId: that comment’s replies, oldest first); keyset-paged',
      refuses: [404],
      querystring: feedCommentsQuery,
      response: { 200: okEnvelope(feedCommentsAnswer) },
    },
    handler: async (req) => {
      const { parentId, ...q } = req.query;
      if (parentId !== undefined) return ok('Replies.', await comments.listReplies(deps.db, viewerId(req), { ...q, parentId }));
      return ok('Comments.', await comments.listComments(deps.db, viewerId(req), q));
    },
  });

  r.post('/api/feed/comment', {
    config: { permission: 'comment' },
    schema: {
      tags,
      operationId: 'commentOnPost',
      summary: 'Comment on a post, or reply to one of its comments (parentId)',
      refuses: [404],
      body: newCommentBody,
      response: { 200: okEnvelope(commentSaved) },
    },
    handler: async (req) => ok(req.body.parentId ? 'Reply added.' : 'Comment added.', await comments.addComment(deps, viewerId(req), req.body)),
  });

  // Answers the comment alone (a top-level one without its replies, which an edit leaves as they were).
  r.post('/api/feed/updateFeedComment', {
    config: { permission: 'comment' },
    schema: {
      tags,
      operationId: 'editPostComment',
      summary: 'Change the text of your own comment on a post',
      refuses: [404],
      body: editCommentBody,
      response: { 200: okEnvelope(feedReply) },
    },
    handler: async (req) => ok('Comment updated.', await comments.editComment(deps, viewerId(req), req.body)),
  });

  r.post('/api/feed/comment/like', {
    config: { permission: 'react' },
    schema: {
      tags,
      operationId: 'likePostComment',
      summary: 'Like or unlike a comment on a post; answers the comment',
      refuses: [404],
      body: commentLikeBody,
      response: { 200: okEnvelope(feedReply) },
    },
    handler: async (req) => ok(req.body.isLiked ? 'Comment liked.' : 'Like removed.', await comments.setCommentLike(deps, viewerId(req), req.body)),
  });

  r.post('/api/feed/delete-comment', {
    schema: {
      tags,
      operationId: 'deletePostComment',
      summary: 'Delete a comment (yours, or any on your post) with its replies',
      refuses: [404],
      body: deleteCommentBody,
      response: { 200: okEnvelope(commentDeleted) },
    },
    handler: async (req) => ok('Comment deleted.', await comments.deleteComment(deps, viewerId(req), req.body)),
  });
}
