import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/activities/')({
  component: () => <NotBuiltYet area="Activities" title="Activities" description="Your rides, hikes, runs and walks with distance, time, elevation and charts." />,
});
