import { createFileRoute, redirect } from '@tanstack/react-router';
import { UserTypePicker } from '../../features/auth/components/user-type-picker';

export const Route = createFileRoute('/auth/user-type')({
  beforeLoad: ({ context }) => {
    if (!context.session.isSignedIn()) throw redirect({ to: '/auth/login' });
  },
  component: UserTypePicker,
});
