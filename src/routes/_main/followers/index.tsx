import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/followers/')({
  component: () => <NotBuiltYet area="Social graph" title="Your followers" description="Everyone who follows you, searchable, with a way to remove a follower." />,
});
