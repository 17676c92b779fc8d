import { getTableColumns, sql } from 'drizzle-orm';
import type { OwnProfile } from '#contract/user';
import { qualified } from '../../db/qualified';
import { associates } from '../../db/schema/associates';
import { users } from '../../db/schema/users';

type UserRow = typeof users.$inferSelect;

const { passwordHash: _passwordHash, searchText: _searchText, ...accountTableColumns } = getTableColumns(users);

/**
 * A member's account as the app reads it outside sign-in and search: every column but the password hash and the
 * search text, and whether a password is set. It is what `request.session.user` holds, so the hash never travels with
 * a request (the session lookup reads this on every one).
 */
export type AccountRow = Omit<UserRow, 'passwordHash' | 'searchText'> & { hasPassword: boolean; managedBy: OwnProfile['managedBy'] };

/**
 * Issue 25: who manages an associate and what they granted, read with the account (a primary-key probe), so the
 * session's own profile is always current and a page learns of a revoke on its next read. The member's id is
 * qualified: in a select from `users` alone drizzle names columns bare, and a bare "id" here would be the owner's.
 */
const managedByColumn = sql<OwnProfile['managedBy']>`(select json_build_object(
    'owner', json_build_object('userId', o.id, 'handleName', o.handle_name, 'firstName', o.first_name, 'lastName', o.last_name),
    'permissions', a.permissions)
  from ${associates} a join ${users} o on o.id = a.owner_id where a.user_id = ${qualified(users.id)})`;

/** The columns that select an `AccountRow`. */
export const accountColumns = { ...accountTableColumns, hasPassword: sql<boolean>`${users.passwordHash} is not null`, managedBy: managedByColumn };

/** The signed-in member's own view of their account; never sent about anyone else. */
export function toOwnProfile(u: AccountRow): OwnProfile {
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
    isModerator: u.role === 'moderator',
    createdAt: u.createdAt.toISOString(),
    hasPassword: u.hasPassword,
    profile: { countryId: u.countryId, countryCode: u.countryCode, phone: u.phone },
    managedBy: u.managedBy ?? null,
  };
}
