import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { loadActivityDetail } from '../../../features/activities/api';
import { ActivityDetailPage } from '../../../features/activities/components/activity-detail-page';
import { ActivityNotFound } from '../../../features/activities/components/activity-not-found';
import { ActivityGearPicker } from '../../../features/gear/components/activity-gear-picker';

export const Route = createFileRoute('/_main/activities/$activityId')({
  loader: ({ context: { queryClient }, params }) => loadActivityDetail(queryClient, params.activityId),
  component: function ActivityDetail() {
    const navigate = useNavigate();
    return (
      <ActivityDetailPage
        activityId={Route.useLoaderData().activityId}
        // "Share as a post": the feed, its composer open with this activity linked (features/feeds/form/use-share-activity.ts).
        onShare={(activityId) => void navigate({ to: '/feeds', search: { shareActivity: activityId } })}
        // The owner's gear picker is the gear area's; the activity page shows it and keeps its own cache.
        gearPicker={(props) => <ActivityGearPicker {...props} />}
      />
    );
  },
  notFoundComponent: ActivityNotFound,
});
