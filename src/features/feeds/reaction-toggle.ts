import type { Feed, FeedLikes, ReactionCode } from '#contract/feeds';
import { sendAsMutation, useOptimisticToggle } from '../../lib/optimistic-toggle';
import { feedKeys, sendReaction } from './api';
import { replaceFeed, setLikes } from './feed-cache';
import { likesWith } from './reactions';

/**
 * React, switch reaction and take it back through the one optimistic toggle: the counts move everywhere the post is
 * cached at once, rapid clicks cost at most two requests, and once they settle the server's post replaces the cached
 * one everywhere (spec §4). A failure restores the last counts the server gave, with the one failure toast.
 */
export function useReactionToggle() {
  const toggle = useOptimisticToggle<FeedLikes>('feed-reaction', (queryClient) => {
    // The whole post of the latest answer per key, written once the burst settles so nothing flickers mid-burst.
    const answered = new Map<string, Feed>();
    const feedIdOf = (key: string) => Number(key.slice('feed:'.length));
    return {
      apply: (key, likes) => setLikes(queryClient, feedIdOf(key), likes),
      send: (key, wish) =>
        sendAsMutation(queryClient, [...feedKeys.all, 'like'], () => sendReaction(feedIdOf(key), wish.mine)).then((feed) => {
          answered.set(key, feed);
          return feed.likes;
        }),
      same: (a, b) => a.mine === b.mine,
      onSettled: (key) => {
        const feed = answered.get(key);
        answered.delete(key);
        if (feed) replaceFeed(queryClient, feed);
      },
    };
  });
  /** Sets the viewer's reaction on `feed` to `code` (null takes it away). */
  return (feed: Pick<Feed, 'id' | 'likes'>, code: ReactionCode | null) => toggle(`feed:${feed.id}`, feed.likes, likesWith(feed.likes, code));
}
