import { createFileRoute } from '@tanstack/react-router';
import { SignUpFlow } from '../../../features/auth/components/sign-up-flow';

export const Route = createFileRoute('/auth/sign-up/')({
  component: () => <SignUpFlow />,
});
