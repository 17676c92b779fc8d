import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/activities/live')({
  component: () => <NotBuiltYet area="Activities" title="Live activities" description="Follow friends who are out right now, if they share their live location with you." />,
});
