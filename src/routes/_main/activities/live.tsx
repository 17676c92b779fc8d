import { createFileRoute } from '@tanstack/react-router';
import { refetchActivitiesOnAdd } from '../../../features/activities/activity-cache';
import { VISIBILITY_WORDS } from '../../../features/activities/visibility-words';
import { liveNowQuery } from '../../../features/live/api';
import { LivePage } from '../../../features/live/components/live-page';

export const Route = createFileRoute('/_main/activities/live')({
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(liveNowQuery),
  // Saving a live session as an activity asks who sees it in the activities' own words, and the new activity reaches
  // their lists.
  component: () => <LivePage visibilityWords={VISIBILITY_WORDS} onActivitySaved={refetchActivitiesOnAdd} />,
});
