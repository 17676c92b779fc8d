import { createFileRoute } from '@tanstack/react-router';
import { SignUpFlow } from '../../../features/auth/components/sign-up-flow';

export const Route = createFileRoute('/auth/sign-up/$referralCode')({
  component: function SignUpWithReferral() {
    const { referralCode } = Route.useParams();
    return <SignUpFlow referralCode={/^[A-Za-z0-9]{4,32}$/.test(referralCode) ? referralCode : undefined} />;
  },
});
