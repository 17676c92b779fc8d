import { createFileRoute } from '@tanstack/react-router';
import { feedListQuery } from '../../../features/feeds/api';
import { MyFeedsPage } from '../../../features/feeds/components/my-feeds-page';

export const Route = createFileRoute('/_main/feeds/myFeeds')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchInfiniteQuery(feedListQuery({ filter_type: 'mine' }));
  },
  component: MyFeedsPage,
});
