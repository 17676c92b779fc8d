import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { LoginForm } from '../../features/auth/components/login-form';

export const Route = createFileRoute('/auth/login')({
  validateSearch: z.object({ redirect: z.string().max(2048).optional().catch(undefined) }),
  component: function Login() {
    return <LoginForm redirect={Route.useSearch().redirect} />;
  },
});
