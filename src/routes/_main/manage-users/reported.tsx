import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/manage-users/reported')({
  component: () => <NotBuiltYet area="Moderation" title="Reported members" description="Members you have reported and where each report stands." />,
});
