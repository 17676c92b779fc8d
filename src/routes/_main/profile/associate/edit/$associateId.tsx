import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../../../components/not-built-yet';

export const Route = createFileRoute('/_main/profile/associate/edit/$associateId')({
  component: () => <NotBuiltYet area="Associates" title="Edit associate" description="Change the details of an associate." />,
});
