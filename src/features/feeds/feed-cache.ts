import type { QueryClient } from '@tanstack/react-query';
import type { Feed, FeedLikes } from '#contract/feeds';
import type { Relationship } from '#contract/social';
import { feedKeys, type FeedPages } from './api';

/** Applies `change` to the post `feedId` in every cached list page and its detail; `null` takes it out of lists. */
function patchEverywhere(queryClient: QueryClient, feedId: number, change: (feed: Feed) => Feed | null): void {
  queryClient.setQueriesData<FeedPages>({ queryKey: feedKeys.lists() }, (data) => {
    if (!data?.pages) return data;
    let touched = false;
    const pages = data.pages.map((page) => {
      if (!page.list.some((f) => f.id === feedId)) return page;
      touched = true;
      const list = page.list.flatMap((f) => {
        if (f.id !== feedId) return [f];
        const next = change(f);
        return next ? [next] : [];
      });
      return { ...page, list, total: Math.max(0, page.total - (page.list.length - list.length)) };
    });
    return touched ? { ...data, pages } : data;
  });
  queryClient.setQueryData<Feed>(feedKeys.detail(feedId), (f) => (f ? (change(f) ?? f) : f));
}

/**
 * Writes the server's answer for one post (a reaction, an edit) into every cached list page and its detail, so no
 * screen shows two versions of the same post. Lists that do not hold the post are left alone.
 */
export function replaceFeed(queryClient: QueryClient, feed: Feed): void {
  patchEverywhere(queryClient, feed.id, () => feed);
}

/** The post's comment count as the server answered it after a comment was added or deleted. */
export function setCommentCount(queryClient: QueryClient, feedId: number, commentCount: number): void {
  patchEverywhere(queryClient, feedId, (f) => ({ ...f, commentCount }));
}

/** The post's reactions: the viewer's wish at once, later the server's answer (the reaction toggle). */
export function setLikes(queryClient: QueryClient, feedId: number, likes: FeedLikes): void {
  patchEverywhere(queryClient, feedId, (f) => ({ ...f, likes }));
}

/** A deleted post: gone from every cached list, its detail and comments dropped. */
export function removeFeed(queryClient: QueryClient, feedId: number): void {
  patchEverywhere(queryClient, feedId, () => null);
  queryClient.removeQueries({ queryKey: feedKeys.detail(feedId), exact: true });
  queryClient.removeQueries({ queryKey: feedKeys.comments(feedId), exact: true });
}

/**
 * After a block or a mute settles (the social area's toggle), the posts, comments and likers cached before it may hold
 * the member's: every cached feed query is asked again (those on screen at once), so they leave the screen now rather
 * than when the cache turns stale.
 */
export function refetchFeedsOnBlockOrMute(queryClient: QueryClient, rel: Relationship, before: Relationship): void {
  if (rel.isBlocked !== before.isBlocked || rel.isMuted !== before.isMuted) void queryClient.invalidateQueries({ queryKey: feedKeys.all });
}
