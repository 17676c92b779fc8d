import type * as z from 'zod/mini';
import type { updateProfileBody } from '#contract/profile';
import { SPORTS } from '#contract/sports';
import type { OwnProfile } from '#contract/user';
import type { UpdateProfileBody } from './api';

export type ProfileFormInput = z.input<typeof updateProfileBody>;
export type ProfileFormValues = z.output<typeof updateProfileBody>;

/** Every field the edit form sends: where the server's 400 `errors` may point. */
export const PROFILE_FORM_FIELDS = [
  'handleName',
  'firstName',
  'lastName',
  'bio',
  'gender',
  'dob',
  'sports',
  'location',
  'profileImage',
  'profileCoverImage',
] as const satisfies readonly (keyof ProfileFormInput)[];

const knownSports = new Set<number>(SPORTS.map((s) => s.id));

/**
 * The stored member as the edit form starts: empty strings where nothing is set yet, and only sports the form can
 * show (a retired sport id would fail validation with no chip to untick). The images start "unchanged".
 */
export function toFormValues(profile: OwnProfile) {
  return {
    handleName: profile.handleName,
    firstName: profile.firstName,
    lastName: profile.lastName,
    bio: profile.bio ?? '',
    gender: profile.gender ?? undefined,
    dob: profile.dob ?? '',
    sports: profile.sports.filter((id) => knownSports.has(id)),
    location: profile.location ?? '',
    profileImage: undefined,
    profileCoverImage: undefined,
  } satisfies Partial<ProfileFormInput>;
}

/** What `PUT /api/update_profile` gets: the contract's fields, empty text as null, images only when changed. */
export function toUpdateBody(values: ProfileFormValues): UpdateProfileBody {
  const body: UpdateProfileBody = {
    handleName: values.handleName,
    firstName: values.firstName,
    lastName: values.lastName,
    bio: values.bio || null,
    gender: values.gender,
    dob: values.dob,
    sports: values.sports,
    location: values.location || null,
  };
  if (values.profileImage !== undefined) body.profileImage = values.profileImage;
  if (values.profileCoverImage !== undefined) body.profileCoverImage = values.profileCoverImage;
  return body;
}
