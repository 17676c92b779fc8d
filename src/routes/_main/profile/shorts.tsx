import { createFileRoute } from '@tanstack/react-router';
import { feedListQuery } from '../../../features/feeds/api';
import { MyShortsPage } from '../../../features/feeds/shorts/components/my-shorts-page';

export const Route = createFileRoute('/_main/profile/shorts')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchInfiniteQuery(feedListQuery({ filter_type: 'mine' }, 'short'));
  },
  component: MyShortsPage,
});
