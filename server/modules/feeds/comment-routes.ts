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
    schema: { tags, querystring: feedCommentsQuery, response: { 200: okEnvelope(feedCommentsAnswer) } },
    handler: async (req) => {
      const { parentId, ...q } = req.query;
      if (parentId !== undefined) return ok('Replies.', await comments.listReplies(deps.db, viewerId(req), { ...q, parentId }));
      return ok('Comments.', await comments.listComments(deps.db, viewerId(req), q));
    },
  });

  r.post('/api/feed/comment', {
    schema: { tags, body: newCommentBody, response: { 200: okEnvelope(commentSaved) } },
    handler: async (req) => ok(req.body.parentId ? 'Reply added.' : 'Comment added.', await comments.addComment(deps, viewerId(req), req.body)),
  });

  // Answers the comment alone (a top-level one without its replies, which an edit leaves as they were).
  r.post('/api/feed/updateFeedComment', {
    schema: { tags, body: editCommentBody, response: { 200: okEnvelope(feedReply) } },
    handler: async (req) => ok('Comment updated.', await comments.editComment(deps, viewerId(req), req.body)),
  });

  r.post('/api/feed/comment/like', {
    schema: { tags, body: commentLikeBody, response: { 200: okEnvelope(feedReply) } },
    handler: async (req) => ok(req.body.isLiked ? 'Comment liked.' : 'Like removed.', await comments.setCommentLike(deps, viewerId(req), req.body)),
  });

  r.post('/api/feed/delete-comment', {
    schema: { tags, body: deleteCommentBody, response: { 200: okEnvelope(commentDeleted) } },
    handler: async (req) => ok('Comment deleted.', await comments.deleteComment(deps, viewerId(req), req.body)),
  });
}
