import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/manage-users/muted')({
  component: () => <NotBuiltYet area="Moderation" title="Muted members" description="Members you have muted, with unmute." />,
});
