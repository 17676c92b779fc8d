import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/profile/edit')({
  component: () => <NotBuiltYet area="Profile" title="Edit profile" description="Your photo, cover, names, bio, sports, units, privacy and phone number." />,
});
