import { createFileRoute, redirect } from '@tanstack/react-router';
import { MainLayout } from '../../features/shell/components/main-layout';

/** Every signed-in page: a signed-out visitor goes to sign-in and comes back here after. */
export const Route = createFileRoute('/_main')({
  beforeLoad: ({ context, location }) => {
    if (!context.session.isSignedIn()) throw redirect({ to: '/auth/login', search: { redirect: location.href } });
  },
  component: MainLayout,
});
