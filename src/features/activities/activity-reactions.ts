import type { ReactionAdapter } from '../reactions/reaction-adapter';
import { activityKeys, getActivityLikers, sendActivityReaction } from './api';
import { setActivityLikes } from './activity-cache';

/**
 * Kudos on an activity (`POST /api/activity/like`, and `GET /api/activity/likes` for who reacted), for the same
 * reaction bar posts and events use. The answer is the whole activity, of which only its reactions are written, to
 * every place the activity is cached.
 */
export const activityReactions: ReactionAdapter = {
  subject: 'activity',
  send: (activityId, likeUniCode) => sendActivityReaction(activityId, likeUniCode).then(({ likes }) => ({ likes })),
  setLikes: setActivityLikes,
  likersKey: activityKeys.likers,
  likers: getActivityLikers,
};
