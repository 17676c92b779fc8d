import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordFlow } from '../../features/auth/components/forgot-password-flow';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/forgot-password')({
  component: function ForgotPassword() {
    useDocumentTitle('Reset your password');
    return <ForgotPasswordFlow />;
  },
});
