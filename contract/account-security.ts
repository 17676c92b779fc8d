import * as z from 'zod/mini';
import { rowIdParam } from './ids';
import { email, otp, password } from './rules';
import { ownProfile } from './user';

/**
 * The account's keys (issue 19 item 9): change the password, change the e-mail, and the devices signed in.
 */

/** A password being used to confirm, not chosen: only that one was typed (spec §5's rules apply to the new one). */
const currentPassword = z
  .string()
  .check(z.minLength(1, 'Enter your current password'), z.maxLength(128, 'Password must be at most 128 characters'));

/** `POST /api/account/password`: every other device is signed out, this one stays. */
export const changePasswordBody = z.strictObject({ currentPassword, password });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
/** How many other devices were signed out. */
export const changePasswordData = z.object({ signedOut: z.int() });

/**
 * `POST /api/account/email/code`: a code to the new address. Members with a password confirm with it, so a device
 * left signed in cannot move the account to another address; social-only members have none to give.
 */
export const emailCodeBody = z.strictObject({ email, currentPassword: z.optional(currentPassword) });
export type EmailCodeBody = z.infer<typeof emailCodeBody>;
export const emailCodeData = z.object({ otpSent: z.literal(true) });

/** `POST /api/account/email`: the code mailed to `email` makes it the account's; the old address is told. */
export const changeEmailBody = z.strictObject({ email, otp });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;
export const changeEmailData = ownProfile;

/** One device signed in, as "Where you're signed in" lists it; never its token or push token. */
export const signedInDevice = z.object({
  sessionId: z.int(),
  /** e.g. "Chrome on Linux", read from the browser at sign-in. */
  device: z.string(),
  /** 1 web, 2 iOS, 3 Android (spec deviceType). */
  deviceType: z.int(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The device asking. */
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDevice>;

/** `GET /api/account/sessions`: this device first, then the others by last use. */
export const sessionsData = z.array(signedInDevice);

export const sessionParams = z.strictObject({ sessionId: rowIdParam });
export const signedOutData = z.object({ signedOut: z.int() });
