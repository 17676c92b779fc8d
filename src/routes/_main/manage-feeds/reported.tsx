import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/manage-feeds/reported')({
  component: () => <NotBuiltYet area="Moderation" title="Reported posts" description="Posts you have reported." />,
});
