import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/feeds/')({
  component: () => <NotBuiltYet area="Feeds" title="Your feed" description="Posts with photos from the people you follow and everyone you may see, with reactions and comments." />,
});
