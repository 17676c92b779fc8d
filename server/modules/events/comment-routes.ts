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
import { viewerId } from '../../plugins/authenticate';
import * as comments from './comments-service';

/** Comments on events (issue 6, spec §7 paths). Every route is for signed-in members who may see the event. */
export function eventCommentRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['events'];

  r.get('/api/challenge/comment', {
    schema: {
      tags,
      operationId: 'listEventComments',
      refuses: [404],
      summary: 'An event’s comments, newest first, each with its first replies oldest first (with parentId: that comment’s replies, oldest first); keyset-paged',
      querystring: eventCommentsQuery,
      response: { 200: okEnvelope(eventCommentsAnswer) },
    },
    handler: async (req) => {
      const { parentId, ...q } = req.query;
      if (parentId !== undefined) return ok('Replies.', await comments.listEventReplies(deps.db, viewerId(req), { ...q, parentId }));
      return ok('Comments.', await comments.listEventComments(deps.db, viewerId(req), q));
    },
  });

  r.post('/api/challenge/comment', {
    config: { permission: 'comment' },
    schema: {
      tags,
      operationId: 'commentOnEvent',
      refuses: [404],
      summary: 'Comment on an event, or reply to one of its comments (parentId)',
      body: newEventCommentBody,
      response: { 200: okEnvelope(eventCommentSaved) },
    },
    handler: async (req) => ok(req.body.parentId ? 'Reply added.' : 'Comment added.', await comments.addEventComment(deps, viewerId(req), req.body)),
  });

  // Answers the comment alone (a top-level one without its replies, which an edit leaves as they were).
  r.post('/api/challenge/updateChallengeComment', {
    config: { permission: 'comment' },
    schema: {
      tags,
      operationId: 'editEventComment',
      refuses: [404],
      summary: 'Change the text of your own comment on an event',
      body: editEventCommentBody,
      response: { 200: okEnvelope(eventReply) },
    },
    handler: async (req) => ok('Comment updated.', await comments.editEventComment(deps, viewerId(req), req.body)),
  });

  r.post('/api/challenge/comment/challengeCommentLikeStore', {
    config: { permission: 'react' },
    schema: {
      tags,
      operationId: 'likeEventComment',
      refuses: [404],
      summary: 'Like or unlike a comment on an event; answers the comment',
      body: eventCommentLikeBody,
      response: { 200: okEnvelope(eventReply) },
    },
    handler: async (req) => ok(req.body.isLiked ? 'Comment liked.' : 'Like removed.', await comments.setEventCommentLike(deps, viewerId(req), req.body)),
  });

  r.delete('/api/challenge/DeleteComment', {
    schema: {
      tags,
      operationId: 'deleteEventComment',
      refuses: [404],
      summary: 'Delete a comment (yours, or any on your event) with its replies; JSON body',
      body: deleteEventCommentBody,
      response: { 200: okEnvelope(commentDeleted) },
    },
    handler: async (req) => ok('Comment deleted.', await comments.deleteEventComment(deps, viewerId(req), req.body)),
  });
}
