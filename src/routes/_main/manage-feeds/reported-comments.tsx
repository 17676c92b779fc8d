import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/manage-feeds/reported-comments')({
  component: () => <NotBuiltYet area="Moderation" title="Reported comments" description="Comments on posts that you have reported." />,
});
