import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../lib/messages';
import { toast } from '../../lib/toast';
import { deleteFeed, feedKeys } from './api';
import { removeFeed } from './feed-cache';

/**
 * `DELETE /api/feedDelete`: once the server agrees, the post leaves every cached list and the toast says so (spec §8).
 * `leave` runs first when the screen showing the post must go elsewhere (its own page), so it never flashes a 404.
 */
export function useDeleteFeed(leave?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...feedKeys.all, 'delete'],
    mutationFn: (feedId: number) => deleteFeed(feedId),
    onSuccess: async (_result, feedId) => {
      toast.success(messages.feed.deleted);
      await leave?.();
      removeFeed(queryClient, feedId);
    },
  });
}
