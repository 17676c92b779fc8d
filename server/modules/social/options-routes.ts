import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '#contract/envelope';
import { hashTagOptions, memberList, optionsQuery, selectMembersQuery, userTagOptions } from '#contract/social';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { viewerId } from '../../plugins/authenticate';
import { hashtagOptions, mentionOptions, selectableMembers } from './options-service';

/** The option lists behind @-mention, hashtag and member pickers (issue 4). Every route is for signed-in members. */
export function optionsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['social'];

  r.get('/api/getUserTagfollowerFollowingList', {
    schema: {
      tags,
      operationId: 'listMentionableMembers',
      summary: 'Members the caller may @-mention (followers and following), best match first',
      querystring: optionsQuery,
      response: { 200: okEnvelope(userTagOptions) },
    },
    handler: async (req) => ok('Members you can tag.', await mentionOptions(deps.db, viewerId(req), req.query)),
  });

  r.get('/api/feedTag', {
    schema: {
      tags,
      operationId: 'listHashtags',
      summary: 'Hashtags on posts the caller may see that start with the search (a leading # is ignored), most used first',
      querystring: optionsQuery,
      response: { 200: okEnvelope(hashTagOptions) },
    },
    handler: async (req) => ok('Hashtags.', await hashtagOptions(deps.db, viewerId(req), req.query)),
  });

  r.get('/api/selectMembers', {
    schema: {
      tags,
      operationId: 'listInvitableMembers',
      summary: 'Members the caller may invite or make co-host; followers and following first',
      querystring: selectMembersQuery,
      response: { 200: okEnvelope(memberList) },
    },
    handler: async (req) => ok('Members you can invite.', await selectableMembers(deps.db, viewerId(req), req.query)),
  });
}
