import { productLikes } from '#contract/events';
import { feedLikers } from '#contract/feeds';
import { api } from '../../lib/api-client';
import { pageSearchParams } from '../../lib/paging';
import type { ReactionAdapter } from '../feeds/reaction-adapter';
import { eventKeys } from './api';
import { setEventLikes } from './event-cache';

/**
 * The reactions of an event (spec §7 `POST /api/saveProductLike {id, likeUniCode, type: 'challenge'}`, and
 * `GET /api/challenge/likes` for who reacted), for the same reaction bar posts use. The answer is the event's
 * reactions only, which the toggle writes everywhere the event is cached.
 */
export const eventReactions: ReactionAdapter = {
  subject: 'event',
  send: (id, likeUniCode) => api.post(productLikes, 'saveProductLike', { id, likeUniCode, type: 'challenge' }).then(({ data }) => ({ likes: data.likes })),
  setLikes: setEventLikes,
  likersKey: eventKeys.likers,
  likers: (challengeId, likeUniCode, page, signal) =>
    api
      .get(feedLikers, 'challenge/likes', { searchParams: { challengeId, ...(likeUniCode ? { likeUniCode } : {}), ...pageSearchParams(page) }, signal })
      .then((r) => r.data),
};
