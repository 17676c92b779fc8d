import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Feed } from '#contract/feeds';
import { feedKeys, saveFeed, type FeedPages } from '../api';
import { replaceFeed } from '../feed-cache';

/**
 * Spec §4: a successful save of a post or a short reloads page 1 of the feed lists (the shorts' among them). Lists
 * keep only their first page and refetch it, so a member scrolled far down does not wait for every page again; the
 * post itself is written where it is cached.
 */
export async function reloadFirstPages(queryClient: QueryClient, saved: Feed, isEdit: boolean) {
  if (isEdit) replaceFeed(queryClient, saved);
  queryClient.setQueryData(feedKeys.detail(saved.id), saved);
  queryClient.setQueriesData<FeedPages>({ queryKey: feedKeys.lists() }, (data) =>
    data?.pages && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  await queryClient.invalidateQueries({ queryKey: feedKeys.lists() });
}

/** `POST /api/feed` for a new post, `PUT /api/feed` (with `id`) for an edit; answers the saved post and the server's message. */
export function useSaveFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFeed,
    // Not awaited: the form closes at once while the lists reload behind it.
    onSuccess: ({ data }, body) => void reloadFirstPages(queryClient, data, body.id !== undefined),
  });
}
