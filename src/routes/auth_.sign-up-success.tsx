import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { SignUpSuccess } from '../features/auth/components/sign-up-success';
import { useDocumentTitle } from '../lib/use-document-title';

// Outside the /auth layout's guard: a member who just signed up is signed in and belongs here.
export const Route = createFileRoute('/auth_/sign-up-success')({
  component: function Welcome() {
    useDocumentTitle('Welcome');
    return (
      <AuthLayout>
        <SignUpSuccess />
      </AuthLayout>
    );
  },
});
