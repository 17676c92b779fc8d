import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/activities/$activityId')({
  component: () => <NotBuiltYet area="Activities" title="Activity" description="One activity on a map with its splits, elevation profile and stats." />,
});
