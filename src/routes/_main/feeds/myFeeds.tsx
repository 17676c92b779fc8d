import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/feeds/myFeeds')({
  component: () => <NotBuiltYet area="Feeds" title="My posts" description="Everything you have posted, drafts included, to edit or delete." />,
});
