import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/notifications/')({
  component: () => <NotBuiltYet area="Social graph" title="Notifications" description="New followers, requests, likes, comments, mentions and event news, live." />,
});
