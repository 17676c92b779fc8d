import { feedKeys, getFeedLikers, sendReaction } from './api';
import { replaceFeed, setLikes } from './feed-cache';
import type { ReactionAdapter } from '../reactions/reaction-adapter';

/**
 * The reactions of a post (spec §7 `POST /api/feed/like`, `GET /api/feed/likes`). The server answers the whole post;
 * once the clicks settle it replaces the cached post everywhere (spec §4), so a comment count that moved meanwhile
 * shows too.
 */
export const feedReactions: ReactionAdapter = {
  subject: 'feed',
  send: (feedId, likeUniCode) => sendReaction(feedId, likeUniCode).then((feed) => ({ likes: feed.likes, settle: (queryClient) => replaceFeed(queryClient, feed) })),
  setLikes,
  likersKey: feedKeys.likers,
  likers: getFeedLikers,
};
