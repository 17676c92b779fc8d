import type { OwnProfile } from '#contract/user';
import type { users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

/** The signed-in member's own view of their account; never sent about anyone else. */
export function toOwnProfile(u: UserRow): OwnProfile {
  return {
    userId: u.id,
    handleName: u.handleName,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    dob: u.dob,
    gender: u.gender,
    userType: u.userType,
    profileImage: u.profileImage,
    profileCoverImage: u.profileCoverImage,
    referralCode: u.referralCode,
    bio: u.bio,
    sports: u.sports,
    location: u.location,
    units: u.units,
    isPrivate: u.isPrivate,
    createdAt: u.createdAt.toISOString(),
    hasPassword: u.passwordHash !== null,
    profile: { countryId: u.countryId, countryCode: u.countryCode, phone: u.phone },
  };
}
