import * as z from 'zod';
import { GENDERS } from './rules';

/** The signed-in member as `GET /api/profile` returns it. Private fields: only ever sent to their owner. */
export const ownProfile = z.object({
  userId: z.number().int(),
  handleName: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dob: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  userType: z.string().nullable(),
  profileImage: z.string().nullable(),
  profileCoverImage: z.string().nullable(),
  referralCode: z.string(),
  profile: z.object({ countryCode: z.number().int().nullable(), phone: z.string().nullable() }),
});
export type OwnProfile = z.infer<typeof ownProfile>;
