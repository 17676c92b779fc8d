import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyData, okEnvelope } from '#contract/envelope';
import { feed, FEED_CREATED, feedIdBody, feedIdParams, feedInput, feedLikeBody, feedLikers, feedLikersQuery, feedList, feedListQuery, videoFeedInput } from '#contract/feeds';
import type { Deps } from '../../deps';
import { fieldError } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { viewerId } from '../../plugins/authenticate';
import { loadViewableFeed } from '../../policy/feed-access';
import { listFeeds } from './feed-list';
import { feedView } from './feed-views';
import { listLikers, setReaction } from './reactions';
import { deleteFeed, saveFeed, saveShort } from './service';

/**
 * Posts, shorts and their reactions (issues 5 and 22, spec §7 paths). A short is a post with a video: read, reacted
 * to, commented on and deleted by the same routes, listed and saved by its own (`/api/video-feed`). Every route is for
 * signed-in members; comments are comment-routes.ts.
 */
export function feedRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['feeds'];
  const onePost = { 200: okEnvelope(feed) };

  r.get('/api/feed', {
    schema: {
      tags,
      operationId: 'listPosts',
      refuses: [404],
      summary: 'Posts the viewer may see, newest first; `total` is a capped count on the first page, a floor after (page on with next_cursor)',
      querystring: feedListQuery,
      response: { 200: okEnvelope(feedList) },
    },
    handler: async (req) => ok('Feeds.', await listFeeds(deps, viewerId(req), req.query)),
  });

  r.get('/api/feed/:feedId', {
    schema: {
      tags,
      operationId: 'getPost',
      refuses: [404],
      summary: 'One post (404 when the viewer may not see it)',
      params: feedIdParams,
      response: onePost,
    },
    handler: async (req) => {
      const post = await loadViewableFeed(deps.db, viewerId(req), req.params.feedId);
      return ok('Feed.', await feedView(deps, viewerId(req), post.id));
    },
  });

  r.post('/api/feed', {
    config: { permission: 'post' },
    schema: { tags, operationId: 'createPost', summary: 'Create a post or a draft', body: feedInput, response: onePost },
    handler: async (req) => {
      if (req.body.id !== undefined) throw fieldError('id', 'To change a post, send it with PUT.');
      return ok(FEED_CREATED, await saveFeed(deps, viewerId(req), req.body));
    },
  });

  r.put('/api/feed', {
    config: { permission: 'post' },
    schema: {
      tags,
      operationId: 'updatePost',
      refuses: [404],
      summary: 'Edit one of your posts (publishing a draft included)',
      body: feedInput,
      response: onePost,
    },
    handler: async (req) => {
      if (req.body.id === undefined) throw fieldError('id', 'Say which post to change.');
      return ok('Post updated.', await saveFeed(deps, viewerId(req), req.body));
    },
  });

  r.get('/api/video-feed', {
    schema: {
      tags,
      operationId: 'listShorts',
      refuses: [404],
      summary: 'Shorts the viewer may see, newest first, with the post list\'s filters and search (`#tag` included)',
      querystring: feedListQuery,
      response: { 200: okEnvelope(feedList) },
    },
    handler: async (req) => ok('Video feeds.', await listFeeds(deps, viewerId(req), req.query, 'short')),
  });

  r.post('/api/video-feed', {
    config: { permission: 'post_shorts' },
    schema: { tags, operationId: 'createShort', summary: 'Create a short or a draft (published before its video is ready, it comes out when it is)', body: videoFeedInput, response: onePost },
    handler: async (req) => {
      if (req.body.id !== undefined) throw fieldError('id', 'To change a short, send it with PUT.');
      return ok(FEED_CREATED, await saveShort(deps, viewerId(req), req.body));
    },
  });

  r.put('/api/video-feed', {
    config: { permission: 'post_shorts' },
    schema: {
      tags,
      operationId: 'updateShort',
      refuses: [404],
      summary: 'Edit one of your shorts (publishing a draft included)',
      body: videoFeedInput,
      response: onePost,
    },
    handler: async (req) => {
      if (req.body.id === undefined) throw fieldError('id', 'Say which short to change.');
      return ok('Short updated.', await saveShort(deps, viewerId(req), req.body));
    },
  });

  r.delete('/api/feedDelete', {
    schema: {
      tags,
      operationId: 'deletePost',
      refuses: [404],
      summary: 'Delete one of your posts',
      body: feedIdBody,
      response: { 200: okEnvelope(emptyData) },
    },
    handler: async (req) => {
      await deleteFeed(deps, viewerId(req), req.body.feedId);
      return ok('Feed Deleted Successfully', {});
    },
  });

  r.post('/api/feed/like', {
    config: { permission: 'react' },
    schema: {
      tags,
      operationId: 'reactToPost',
      refuses: [404],
      summary: 'Set or remove your reaction to a post; answers the post',
      body: feedLikeBody,
      response: onePost,
    },
    handler: async (req) => ok('Reaction saved.', await setReaction(deps, viewerId(req), req.body.feedId, req.body.likeUniCode)),
  });

  r.get('/api/feed/likes', {
    schema: {
      tags,
      operationId: 'listPostReactions',
      refuses: [404],
      summary: 'Who reacted to a post, newest first',
      querystring: feedLikersQuery,
      response: { 200: okEnvelope(feedLikers) },
    },
    handler: async (req) => ok('Reactions.', await listLikers(deps, viewerId(req), req.query)),
  });
}
