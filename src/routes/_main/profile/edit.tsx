import { createFileRoute } from '@tanstack/react-router';
import { AccountActions } from '../../../features/account/components/account-actions';
import { AccountSecurity } from '../../../features/account/components/account-security';
import { ownProfileQuery } from '../../../features/profile/api';
import { EditProfilePage } from '../../../features/profile/components/edit-profile-page';

export const Route = createFileRoute('/_main/profile/edit')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(ownProfileQuery),
  component: function EditProfile() {
    return (
      <EditProfilePage>
        <AccountSecurity />
        <AccountActions />
      </EditProfilePage>
    );
  },
});
