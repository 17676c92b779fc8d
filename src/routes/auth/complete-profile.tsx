import { createFileRoute, redirect } from '@tanstack/react-router';
import { CompleteProfileForm } from '../../features/auth/components/complete-profile-form';
import { readSocialLoginState } from '../../features/auth/social-login-state';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/complete-profile')({
  // Only reachable from a verified Google sign-in that still needs a profile.
  beforeLoad: () => {
    const social = readSocialLoginState();
    if (!social) throw redirect({ to: '/auth/login' });
    return { social };
  },
  component: function CompleteProfile() {
    useDocumentTitle('Complete your profile');
    return <CompleteProfileForm social={Route.useRouteContext().social} />;
  },
});
