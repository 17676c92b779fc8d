import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordFlow } from '../../features/auth/components/forgot-password-flow';

export const Route = createFileRoute('/auth/forgot-password')({
  component: ForgotPasswordFlow,
});
