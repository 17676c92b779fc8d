import { createFileRoute } from '@tanstack/react-router';
import { feedListQuery } from '../../../features/feeds/api';
import { MyFeedsPage } from '../../../features/feeds/components/my-feeds-page';
import { FeedFormScope } from '../../../features/feeds/form/feed-form-scope';

export const Route = createFileRoute('/_main/feeds/myFeeds')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchInfiniteQuery(feedListQuery({ filter_type: 'mine' }));
  },
  component: function MyFeeds() {
    return (
      <FeedFormScope>
        <MyFeedsPage />
      </FeedFormScope>
    );
  },
});
