import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '#contract/envelope';
import { followListQuery, memberList, memberProfile, memberProfileQuery, membersQuery, relationship, userIdBody } from '#contract/social';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { currentUser, requireUser } from '../../plugins/authenticate';
import * as social from './service';
// Registers the follows section of the data export beside the routes that make follows.
import './export-section';

/** Members, follows and follow requests, other members' profiles (issue 4). Every route is for signed-in members. */
export function socialRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['social'];
  const security = [{ bearer: [] }];
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).user.id;
  const rel = { 200: okEnvelope(relationship) };

  r.get('/api/user/all', {
    preHandler: requireUser,
    schema: { tags, security, querystring: membersQuery, response: { 200: okEnvelope(memberList) } },
    handler: async (req) => ok('Members.', await social.listMembers(deps.db, me(req), req.query)),
  });

  r.get('/api/follower', {
    preHandler: requireUser,
    schema: { tags, security, querystring: followListQuery, response: { 200: okEnvelope(memberList) } },
    handler: async (req) => ok('Your followers.', await social.listFollows(deps.db, me(req), 'followers', req.query)),
  });

  r.get('/api/following', {
    preHandler: requireUser,
    schema: { tags, security, querystring: followListQuery, response: { 200: okEnvelope(memberList) } },
    handler: async (req) => ok('Members you follow.', await social.listFollows(deps.db, me(req), 'following', req.query)),
  });

  r.get('/api/followerRequest', {
    preHandler: requireUser,
    schema: { tags, security, querystring: followListQuery, response: { 200: okEnvelope(memberList) } },
    handler: async (req) => ok('Follow requests.', await social.listFollows(deps.db, me(req), 'requests', req.query)),
  });

  r.post('/api/follow', {
    preHandler: requireUser,
    schema: { tags, security, body: userIdBody, response: rel },
    handler: async (req) => {
      const result = await social.follow(deps, me(req), req.body.userId);
      return ok(result.isRequested ? 'Follow request sent.' : 'You are following this member.', result);
    },
  });

  r.post('/api/unFollow', {
    preHandler: requireUser,
    schema: { tags, security, body: userIdBody, response: rel },
    handler: async (req) => ok('Unfollowed.', await social.unfollow(deps, me(req), req.body.userId)),
  });

  r.post('/api/follow/accept', {
    preHandler: requireUser,
    schema: { tags, security, body: userIdBody, response: rel },
    handler: async (req) => ok('Follow request accepted.', await social.acceptRequest(deps, me(req), req.body.userId)),
  });

  r.delete('/api/deleteFollowRequest', {
    preHandler: requireUser,
    schema: { tags, security, body: userIdBody, response: rel },
    handler: async (req) => ok('Follow request declined.', await social.rejectRequest(deps, me(req), req.body.userId)),
  });

  r.post('/api/follower/remove', {
    preHandler: requireUser,
    schema: { tags, security, body: userIdBody, response: rel },
    handler: async (req) => ok('Follower removed.', await social.removeFollower(deps, me(req), req.body.userId)),
  });

  r.get('/api/user-profile', {
    preHandler: requireUser,
    schema: { tags, security, querystring: memberProfileQuery, response: { 200: okEnvelope(memberProfile) } },
    handler: async (req) => ok('Member profile.', await social.memberProfile(deps.db, me(req), req.query)),
  });
}
