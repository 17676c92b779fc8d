import { createFileRoute } from '@tanstack/react-router';
import { SharedLivePage } from '../features/live/components/shared-live-page';
import { PublicLayout } from '../features/public-pages/components/public-layout';

/** A safety contact's link (e-mailed by the sharer's session): no sign-in. */
export const Route = createFileRoute('/live/$token')({
  component: function SharedLive() {
    return (
      <PublicLayout title="Live location">
        <SharedLivePage token={Route.useParams().token} />
      </PublicLayout>
    );
  },
});
