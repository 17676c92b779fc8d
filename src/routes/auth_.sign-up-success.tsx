import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { SignUpSuccess } from '../features/auth/components/sign-up-success';

// Outside the /auth layout's guard: a member who just signed up is signed in and belongs here.
export const Route = createFileRoute('/auth_/sign-up-success')({
  component: () => (
    <AuthLayout>
      <SignUpSuccess />
    </AuthLayout>
  ),
});
