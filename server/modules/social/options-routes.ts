import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '#contract/envelope';
import { hashTagOptions, memberList, optionsQuery, selectMembersQuery, userTagOptions } from '#contract/social';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { currentUser, requireUser } from '../../plugins/authenticate';
import { hashtagOptions, mentionOptions, selectableMembers } from './options-service';

/** The option lists behind @-mention, hashtag and member pickers (issue 4). Every route is for signed-in members. */
export function optionsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['social'];
  const security = [{ bearer: [] }];
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).user.id;

  r.get('/api/getUserTagfollowerFollowingList', {
    preHandler: requireUser,
    schema: {
      tags,
      security,
      summary: 'Members the caller may @-mention (followers and following), best match first',
      querystring: optionsQuery,
      response: { 200: okEnvelope(userTagOptions) },
    },
    handler: async (req) => ok('Members you can tag.', await mentionOptions(deps.db, me(req), req.query)),
  });

  r.get('/api/feedTag', {
    preHandler: requireUser,
    schema: {
      tags,
      security,
      summary: 'Hashtags on posts the caller may see that start with the search (a leading # is ignored), most used first',
      querystring: optionsQuery,
      response: { 200: okEnvelope(hashTagOptions) },
    },
    handler: async (req) => ok('Hashtags.', await hashtagOptions(deps.db, me(req), req.query)),
  });

  r.get('/api/selectMembers', {
    preHandler: requireUser,
    schema: {
      tags,
      security,
      summary: 'Members the caller may invite or make co-host; followers and following first',
      querystring: selectMembersQuery,
      response: { 200: okEnvelope(memberList) },
    },
    handler: async (req) => ok('Members you can invite.', await selectableMembers(deps.db, me(req), req.query)),
  });
}
