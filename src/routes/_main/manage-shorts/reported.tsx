import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/manage-shorts/reported')({
  component: () => <NotBuiltYet area="Moderation" title="Reported shorts" description="Short videos you have reported." />,
});
