import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/profile/shorts')({
  component: () => <NotBuiltYet area="Shorts" title="Your shorts" description="The short videos you have posted." />,
});
