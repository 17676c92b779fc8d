import type { ReactionAdapter } from '../reactions/reaction-adapter';
import { eventKeys, getEventLikers, sendEventReaction } from './api';
import { setEventLikes } from './event-cache';

/**
 * The reactions of an event (spec §7 `POST /api/saveProductLike {id, likeUniCode, type: 'challenge'}`, and
 * `GET /api/challenge/likes` for who reacted), for the same reaction bar posts use. The answer is the event's
 * reactions only, which the toggle writes everywhere the event is cached.
 */
export const eventReactions: ReactionAdapter = {
  subject: 'event',
  send: sendEventReaction,
  setLikes: setEventLikes,
  likersKey: eventKeys.likers,
  likers: getEventLikers,
};
