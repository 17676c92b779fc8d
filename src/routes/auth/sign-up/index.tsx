import { createFileRoute } from '@tanstack/react-router';
import { SignUpFlow } from '../../../features/auth/components/sign-up-flow';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/auth/sign-up/')({
  component: function SignUp() {
    useDocumentTitle('Sign up');
    return <SignUpFlow />;
  },
});
