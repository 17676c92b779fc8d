import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/notifications/settings')({
  component: () => <NotBuiltYet area="Social graph" title="Notification settings" description="Choose which notifications you get, in the app and by e-mail." />,
});
