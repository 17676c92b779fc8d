import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthLayout } from '../../features/auth/components/auth-layout';

export const Route = createFileRoute('/auth')({
  // Signed-in members have nothing to do here, except choosing their member type right after signing up.
  beforeLoad: ({ context, location }) => {
    if (context.session.isSignedIn() && location.pathname !== '/auth/user-type') throw redirect({ to: '/feeds' });
  },
  component: AuthLayout,
});
