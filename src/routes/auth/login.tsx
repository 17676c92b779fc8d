import { createFileRoute } from '@tanstack/react-router';
// zod/mini: route search schemas load with the first page, so they use the tree-shakable build.
import * as z from 'zod/mini';
import { LoginForm } from '../../features/auth/components/login-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/login')({
  validateSearch: z.object({ redirect: z.catch(z.optional(z.string().check(z.maxLength(2048))), undefined) }),
  component: function Login() {
    useDocumentTitle('Sign in');
    return <LoginForm redirect={Route.useSearch().redirect} />;
  },
});
