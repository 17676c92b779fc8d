import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/feeds/$feedId')({
  component: () => <NotBuiltYet area="Feeds" title="Post" description="One post with its whole comment thread." />,
});
