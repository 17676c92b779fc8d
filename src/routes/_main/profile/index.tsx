import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/profile/')({
  component: () => <NotBuiltYet area="Profile" title="Your profile" description="Your cover, photo, bio, sports and counts, with your posts, shorts, gear and activities." />,
});
