import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/profile/activities')({
  component: () => <NotBuiltYet area="Activities" title="Your activities" description="Every activity you have logged." />,
});
