import * as z from 'zod/mini';
import { GENDERS } from './rules';

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
  profile: z.object({ countryCode: z.nullable(z.int()), phone: z.nullable(z.string()) }),
});
export type OwnProfile = z.infer<typeof ownProfile>;
