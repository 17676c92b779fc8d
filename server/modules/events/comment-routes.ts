import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '#contract/envelope';
import {
  deleteEventCommentBody,
  editEventCommentBody,
  eventCommentLikeBody,
  eventCommentSaved,
  eventCommentsAnswer,
  eventCommentsQuery,
  eventReply,
  newEventCommentBody,
} from '#contract/event-comments';
import { commentDeleted } from '#contract/feeds';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { currentUser, requireUser } from '../../plugins/authenticate';
import * as comments from './comments-service';
// Registers the event comments and reactions sections of the data export beside the routes that write them.
import './comment-export-section';

/** Comments on events (issue 6, spec §7 paths). Every route is for signed-in members who may see the event. */
export function eventCommentRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['events'];
  const security = [{ bearer: [] }];
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).user.id;

  r.get('/api/challenge/comment', {
    preHandler: requireUser,
    schema: {
      tags,
      security,
      summary: 'An event’s comments, newest first, each with its first replies oldest first (with parentId: that comment’s replies, oldest first); keyset-paged',
      querystring: eventCommentsQuery,
      response: { 200: okEnvelope(eventCommentsAnswer) },
    },
    handler: async (req) => {
      const { parentId, ...q } = req.query;
      if (parentId !== undefined) return ok('Replies.', await comments.listEventReplies(deps.db, me(req), { ...q, parentId }));
      return ok('Comments.', await comments.listEventComments(deps.db, me(req), q));
    },
  });

  r.post('/api/challenge/comment', {
    preHandler: requireUser,
    schema: { tags, security, summary: 'Comment on an event, or reply to one of its comments (parentId)', body: newEventCommentBody, response: { 200: okEnvelope(eventCommentSaved) } },
    handler: async (req) => ok(req.body.parentId ? 'Reply added.' : 'Comment added.', await comments.addEventComment(deps, me(req), req.body)),
  });

  // Answers the comment alone (a top-level one without its replies, which an edit leaves as they were).
  r.post('/api/challenge/updateChallengeComment', {
    preHandler: requireUser,
    schema: { tags, security, summary: 'Change the text of your own comment on an event', body: editEventCommentBody, response: { 200: okEnvelope(eventReply) } },
    handler: async (req) => ok('Comment updated.', await comments.editEventComment(deps, me(req), req.body)),
  });

  r.post('/api/challenge/comment/challengeCommentLikeStore', {
    preHandler: requireUser,
    schema: { tags, security, summary: 'Like or unlike a comment on an event; answers the comment', body: eventCommentLikeBody, response: { 200: okEnvelope(eventReply) } },
    handler: async (req) => ok(req.body.isLiked ? 'Comment liked.' : 'Like removed.', await comments.setEventCommentLike(deps, me(req), req.body)),
  });

  r.delete('/api/challenge/DeleteComment', {
    preHandler: requireUser,
    schema: {
      tags,
      security,
      summary: 'Delete a comment (yours, or any on your event) with its replies; JSON body',
      body: deleteEventCommentBody,
      response: { 200: okEnvelope(commentDeleted) },
    },
    handler: async (req) => ok('Comment deleted.', await comments.deleteEventComment(deps, me(req), req.body)),
  });
}
