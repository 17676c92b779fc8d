import { createFileRoute, redirect } from '@tanstack/react-router';
import { UserTypePicker } from '../../features/auth/components/user-type-picker';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/user-type')({
  beforeLoad: ({ context }) => {
    if (!context.session.isSignedIn()) throw redirect({ to: '/auth/login' });
  },
  component: function UserType() {
    useDocumentTitle('Choose your member type');
    return <UserTypePicker />;
  },
});
