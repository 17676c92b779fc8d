import { createFileRoute, Outlet } from '@tanstack/react-router';
import { FeedComposer } from '../../../features/feeds/form/feed-composer';
import { FeedFormProvider } from '../../../features/feeds/form/feed-form-context';

/** Every `/feeds/*` page shares the feed form (spec §3): one context, one composer dialog any page can open. */
export const Route = createFileRoute('/_main/feeds')({
  component: function FeedsLayout() {
    return (
      <FeedFormProvider>
        <Outlet />
        <FeedComposer />
      </FeedFormProvider>
    );
  },
});
