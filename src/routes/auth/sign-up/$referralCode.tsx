import { createFileRoute } from '@tanstack/react-router';
import { SignUpFlow } from '../../../features/auth/components/sign-up-flow';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/auth/sign-up/$referralCode')({
  component: function SignUpWithReferral() {
    useDocumentTitle('Sign up');
    const { referralCode } = Route.useParams();
    return <SignUpFlow referralCode={/^[A-Za-z0-9]{4,32}$/.test(referralCode) ? referralCode : undefined} />;
  },
});
