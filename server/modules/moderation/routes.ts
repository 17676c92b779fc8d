import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '#contract/envelope';
import { moderationListQuery } from '#contract/moderation';
import { memberList, relationship, userIdBody } from '#contract/social';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { viewerId } from '../../plugins/authenticate';
import { listModerated, toggleBlock, toggleMute } from './service';

/** Block and mute (issue 20): toggles and the viewer's lists. Every route is for signed-in members. */
export function moderationRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['moderation'];
  const rel = { 200: okEnvelope(relationship) };

  r.post('/api/block', {
    schema: {
      tags,
      operationId: 'toggleBlock',
      summary: 'Block a member, or unblock one you blocked; answers the relationship ("<name> is blocked now.")',
      refuses: [404],
      body: userIdBody,
      response: rel,
    },
    handler: async (req) => {
      const { message, data } = await toggleBlock(deps, viewerId(req), req.body.userId);
      return ok(message, data);
    },
  });

  r.post('/api/following/notification', {
    schema: {
      tags,
      operationId: 'toggleMute',
      summary: 'Mute a member (their posts, comments and notifications leave your lists), or unmute; answers the relationship',
      refuses: [404],
      body: userIdBody,
      response: rel,
    },
    handler: async (req) => {
      const { message, data } = await toggleMute(deps, viewerId(req), req.body.userId);
      return ok(message, data);
    },
  });

  r.get('/api/user/blocked/list', {
    schema: { tags, operationId: 'listBlocked', summary: 'Members you blocked, newest first', querystring: moderationListQuery, response: { 200: okEnvelope(memberList) } },
    handler: async (req) => ok('Blocked members.', await listModerated(deps.db, viewerId(req), 'blocked', req.query)),
  });

  r.get('/api/user/muted/list', {
    schema: { tags, operationId: 'listMuted', summary: 'Members you muted, newest first', querystring: moderationListQuery, response: { 200: okEnvelope(memberList) } },
    handler: async (req) => ok('Muted members.', await listModerated(deps.db, viewerId(req), 'muted', req.query)),
  });
}
