import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/manage-shorts/reported-comments')({
  component: () => <NotBuiltYet area="Moderation" title="Reported short comments" description="Comments on short videos that you have reported." />,
});
