import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useCan, useManagerName } from '../../auth/use-can';
import { ownProfileQuery } from '../api';
import { EditProfileForm } from './edit-profile-form';
import { MemberTypeSetting } from './member-type-setting';
import { PhoneCard } from './phone-card';
import { ProfileSettings } from './profile-settings';

/**
 * `/profile/edit`: the profile form, the settings and member type that save at once, the phone number, and then
 * `children`: sign-in and security and the account's rights (download my data, delete my account), which the route
 * brings from the account area. An associate not allowed to edit their profile (issue 25) gets the rest without the
 * profile form and the member type.
 */
export function EditProfilePage({ children }: { children?: ReactNode }) {
  const { data: profile } = useSuspenseQuery(ownProfileQuery);
  const mayEdit = useCan('edit_profile');
  const manager = useManagerName();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="edit-profile-title" className="text-2xl font-bold">
          Edit profile
        </h1>
        <Link to="/profile" className="text-sm font-medium text-brand underline-offset-2 hover:underline">
          Back to your profile
        </Link>
      </div>
      {mayEdit ? (
        <EditProfileForm profile={profile} />
      ) : (
        <p className="rounded-2xl border border-line bg-surface p-4 text-sm sm:p-6">
          {manager} has not allowed you to edit your profile: your name, handle, photos, bio and sports stay as they are.
        </p>
      )}
      <ProfileSettings profile={profile} />
      {mayEdit && <MemberTypeSetting profile={profile} />}
      <PhoneCard profile={profile} />
      {children}
    </div>
  );
}
