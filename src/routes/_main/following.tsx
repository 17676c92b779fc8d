import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../components/not-built-yet';

export const Route = createFileRoute('/_main/following')({
  component: () => <NotBuiltYet area="Social graph" title="Following" description="The members you follow, searchable, with unfollow." />,
});
