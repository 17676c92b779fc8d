import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '#contract/envelope';
import {
  commentDeleted,
  commentLikeBody,
  commentSaved,
  deleteCommentBody,
  editCommentBody,
  feedCommentList,
  feedCommentsQuery,
  feedReply,
  newCommentBody,
} from '#contract/feeds';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { currentUser, requireUser } from '../../plugins/authenticate';
import * as comments from './comments-service';
// Registers the comments section of the data export beside the routes that write comments.
import './comment-export-section';

/** Comments on posts (issue 5, spec §7 paths). Every route is for signed-in members who may see the post. */
export function commentRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['feeds'];
  const security = [{ bearer: [] }];
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).user.id;

  r.get('/api/feed/comment', {
    preHandler: requireUser,
    schema: { tags, security, querystring: feedCommentsQuery, response: { 200: okEnvelope(feedCommentList) } },
    handler: async (req) => ok('Comments.', await comments.listComments(deps.db, me(req), req.query)),
  });

  r.post('/api/feed/comment', {
    preHandler: requireUser,
    schema: { tags, security, body: newCommentBody, response: { 200: okEnvelope(commentSaved) } },
    handler: async (req) => ok(req.body.parentId ? 'Reply added.' : 'Comment added.', await comments.addComment(deps, me(req), req.body)),
  });

  // Answers the comment alone (a top-level one without its replies, which an edit leaves as they were).
  r.post('/api/feed/updateFeedComment', {
    preHandler: requireUser,
    schema: { tags, security, body: editCommentBody, response: { 200: okEnvelope(feedReply) } },
    handler: async (req) => ok('Comment updated.', await comments.editComment(deps, me(req), req.body)),
  });

  r.post('/api/feed/comment/like', {
    preHandler: requireUser,
    schema: { tags, security, body: commentLikeBody, response: { 200: okEnvelope(feedReply) } },
    handler: async (req) => ok(req.body.isLiked ? 'Comment liked.' : 'Like removed.', await comments.setCommentLike(deps, me(req), req.body)),
  });

  r.post('/api/feed/delete-comment', {
    preHandler: requireUser,
    schema: { tags, security, body: deleteCommentBody, response: { 200: okEnvelope(commentDeleted) } },
    handler: async (req) => ok('Comment deleted.', await comments.deleteComment(deps, me(req), req.body)),
  });
}
