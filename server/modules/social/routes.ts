import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '#contract/envelope';
import { followListQuery, memberFollowListQuery, memberList, memberProfile, memberProfileQuery, membersQuery, relationship, userIdBody } from '#contract/social';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { viewerId } from '../../plugins/authenticate';
import * as social from './service';

/** Members, follows and follow requests, other members' profiles (issue 4). Every route is for signed-in members. */
export function socialRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['social'];
  const rel = { 200: okEnvelope(relationship) };

  r.get('/api/user/all', {
    schema: {
      tags,
      operationId: 'searchMembers',
      summary: 'Find members by name or handle, optionally by sport',
      querystring: membersQuery,
      response: { 200: okEnvelope(memberList) },
    },
    handler: async (req) => ok('Members.', await social.listMembers(deps.db, viewerId(req), req.query)),
  });

  r.get('/api/follower', {
    schema: {
      tags,
      operationId: 'listFollowers',
      summary: "Your followers, or (userId) another member's where their profile is visible to you",
      refuses: [403, 404],
      querystring: memberFollowListQuery,
      response: { 200: okEnvelope(memberList) },
    },
    handler: async (req) => ok(req.query.userId === undefined ? 'Your followers.' : 'Their followers.', await social.listFollows(deps.db, viewerId(req), 'followers', req.query)),
  });

  r.get('/api/following', {
    schema: {
      tags,
      operationId: 'listFollowing',
      summary: 'Members you follow, or (userId) whom another member follows where their profile is visible to you',
      refuses: [403, 404],
      querystring: memberFollowListQuery,
      response: { 200: okEnvelope(memberList) },
    },
    handler: async (req) => ok(req.query.userId === undefined ? 'Members you follow.' : 'Members they follow.', await social.listFollows(deps.db, viewerId(req), 'following', req.query)),
  });

  r.get('/api/followerRequest', {
    schema: {
      tags,
      operationId: 'listFollowRequests',
      summary: 'Follow requests waiting for your answer',
      querystring: followListQuery,
      response: { 200: okEnvelope(memberList) },
    },
    handler: async (req) => ok('Follow requests.', await social.listFollows(deps.db, viewerId(req), 'requests', req.query)),
  });

  r.post('/api/follow', {
    config: { permission: 'follow' },
    schema: {
      tags,
      operationId: 'follow',
      summary: 'Follow a member (a request when their profile is private); answers the relationship',
      refuses: [404],
      body: userIdBody,
      response: rel,
    },
    handler: async (req) => {
      const result = await social.follow(deps, viewerId(req), req.body.userId);
      return ok(result.isRequested ? 'Follow request sent.' : 'You are following this member.', result);
    },
  });

  r.post('/api/unFollow', {
    schema: {
      tags,
      operationId: 'unfollow',
      summary: 'Stop following a member, or withdraw your request; answers the relationship',
      refuses: [404],
      body: userIdBody,
      response: rel,
    },
    handler: async (req) => ok('Unfollowed.', await social.unfollow(deps, viewerId(req), req.body.userId)),
  });

  r.post('/api/follow/accept', {
    config: { permission: 'accept_followers' },
    schema: {
      tags,
      operationId: 'acceptFollowRequest',
      summary: 'Accept a member’s request to follow you; answers the relationship',
      refuses: [404],
      body: userIdBody,
      response: rel,
    },
    handler: async (req) => ok('Follow request accepted.', await social.acceptRequest(deps, viewerId(req), req.body.userId)),
  });

  r.delete('/api/deleteFollowRequest', {
    schema: {
      tags,
      operationId: 'declineFollowRequest',
      summary: 'Decline a member’s request to follow you; answers the relationship',
      refuses: [404],
      body: userIdBody,
      response: rel,
    },
    handler: async (req) => ok('Follow request declined.', await social.rejectRequest(deps, viewerId(req), req.body.userId)),
  });

  r.post('/api/follower/remove', {
    schema: {
      tags,
      operationId: 'removeFollower',
      summary: 'Remove a member from your followers; answers the relationship',
      refuses: [404],
      body: userIdBody,
      response: rel,
    },
    handler: async (req) => ok('Follower removed.', await social.removeFollower(deps, viewerId(req), req.body.userId)),
  });

  r.get('/api/user-profile', {
    schema: {
      tags,
      operationId: 'getMemberProfile',
      summary: 'A member’s profile (by handle or id) as you may see it',
      refuses: [404],
      querystring: memberProfileQuery,
      response: { 200: okEnvelope(memberProfile) },
    },
    handler: async (req) => ok('Member profile.', await social.memberProfile(deps.db, viewerId(req), req.query)),
  });
}
