import { createFileRoute } from '@tanstack/react-router';
// zod/mini: route search schemas load with the first page, so they use the tree-shakable build.
import * as z from 'zod/mini';
import { AssociateInviteForm } from '../../features/auth/components/associate-invite-form';
import { useDocumentTitle } from '../../lib/use-document-title';

/** `/auth/associate-invite?email=`: an invited associate sets their password (issue 25); the invitation e-mail links here. */
export const Route = createFileRoute('/auth/associate-invite')({
  validateSearch: z.object({ email: z.catch(z.optional(z.string().check(z.maxLength(254))), undefined) }),
  component: function AssociateInvite() {
    useDocumentTitle('Set up your account');
    return <AssociateInviteForm email={Route.useSearch().email} />;
  },
});
