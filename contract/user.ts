import * as z from 'zod/mini';
import { GENDERS } from './rules';

export const UNITS = ['imperial', 'metric'] as const;

/** The signed-in member as `GET /api/profile` returns it. Private fields: only ever sent to their owner. */
export const ownProfile = z.object({
  userId: z.int(),
  handleName: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dob: z.nullable(z.string()),
  gender: z.nullable(z.enum(GENDERS)),
  userType: z.nullable(z.string()),
  profileImage: z.nullable(z.string()),
  profileCoverImage: z.nullable(z.string()),
  referralCode: z.string(),
  bio: z.nullable(z.string()),
  sports: z.array(z.int()),
  location: z.nullable(z.string()),
  units: z.enum(UNITS),
  isPrivate: z.boolean(),
  /** Member since (ISO 8601). */
  createdAt: z.string(),
  /** Whether the account has a password (false for members who only sign in with Google). */
  hasPassword: z.boolean(),
  /** Issue 20: may review reports at /moderation. */
  isModerator: z.boolean(),
  profile: z.object({ countryId: z.nullable(z.string()), countryCode: z.nullable(z.int()), phone: z.nullable(z.string()) }),
  /**
   * Issue 25: for an associate, who manages the account and the permission ids (contract/associates.ts) granted;
   * null for an independent member, who may do everything. Plain strings here: the sign-in page loads this file (P1).
   */
  managedBy: z.nullable(
    z.object({
      owner: z.object({ userId: z.int(), handleName: z.string(), firstName: z.string(), lastName: z.string() }),
      permissions: z.array(z.string()),
    }),
  ),
});
export type OwnProfile = z.infer<typeof ownProfile>;
