import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '#contract/envelope';
import { eventLikersQuery, productLikeBody, productLikes } from '#contract/events';
import { feedLikers } from '#contract/feeds';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { viewerId } from '../../plugins/authenticate';
import { listEventLikers, saveEventReaction } from './reactions';

/** Reactions to events (issue 6, spec §7 paths). Every route is for signed-in members who may see the event. */
export function eventReactionRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['events'];

  // `type` names what is reacted to; events (`challenge`) are the only such thing so far, and the contract refuses others.
  r.post('/api/saveProductLike', {
    config: { permission: 'react' },
    schema: {
      tags,
      operationId: 'reactToEvent',
      refuses: [404],
      summary: 'Set or remove (null) your reaction to an event (`type: challenge`); answers the event’s reactions now',
      body: productLikeBody,
      response: { 200: okEnvelope(productLikes) },
    },
    handler: async (req) => ok('Reaction saved.', await saveEventReaction(deps, viewerId(req), req.body.id, req.body.likeUniCode)),
  });

  r.get('/api/challenge/likes', {
    schema: {
      tags,
      operationId: 'listEventReactions',
      refuses: [404],
      summary: 'Who reacted to an event, newest first, optionally one reaction only',
      querystring: eventLikersQuery,
      response: { 200: okEnvelope(feedLikers) },
    },
    handler: async (req) => ok('Reactions.', await listEventLikers(deps.db, viewerId(req), req.query)),
  });
}
