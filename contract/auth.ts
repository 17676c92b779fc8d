import * as z from 'zod/mini';
import { ownProfile } from './user';
import {
  deviceToken,
  deviceType,
  dob,
  email,
  gender,
  handleName,
  otp,
  password,
  personName,
  referralCode,
  userType,
} from './rules';

export const validateEmailBody = z.strictObject({ email });
export const validateEmailData = z.object({ available: z.boolean() });

export const registerBody = z.strictObject({ email, referralCode: z.optional(referralCode) });
export const otpSentData = z.object({ otpSent: z.literal(true) });
/** Seconds until another code may be asked for: the resend cooldown, which grows with each code sent. */
const resendAfter = z.int().check(z.minimum(0));
export const signUpCodeSentData = z.object({ otpSent: z.literal(true), resendAfter });
/** An associate's invitation code sent (issue 25; here, not in associates.ts, for the sign-in pages' bundle). */
export const invitationCodeData = z.object({ resendAfter });

export const OTP_TYPE = { signUp: 1, resetPassword: 2 } as const;

export const verifyOtpBody = z.discriminatedUnion('type', [
  z.strictObject({ otp, email, type: z.literal(OTP_TYPE.signUp) }),
  // `token` binds the code to its reset request (check 3): without it the code is not even looked at.
  z.strictObject({ otp, email, type: z.literal(OTP_TYPE.resetPassword), token: z.string().check(z.minLength(1), z.maxLength(128)) }),
]);
export const verifyOtpData = z.object({ verified: z.literal(true), token: z.optional(z.string()) });

const profileFields = {
  handleName,
  firstName: personName('first name'),
  lastName: personName('last name'),
  dob,
  // Optional since issue 19: nobody has to state a gender to join.
  gender: z.optional(gender),
  userType: z.optional(userType),
  referralCode: z.optional(referralCode),
  deviceType,
  deviceToken,
};

const ticket = z.string().check(z.minLength(1), z.maxLength(128));

export const registerCompleteBody = z.strictObject({ token: ticket, password, ...profileFields });

export const authSession = z.object({
  token: z.object({ access_token: z.string(), expires_at: z.string() }),
  user: ownProfile,
});
export type AuthSession = z.infer<typeof authSession>;

// Sign-in checks only that a password was typed: the rules of spec §5 apply when one is chosen, not when one is used.
export const loginBody = z.strictObject({
  email,
  password: z.string().check(z.minLength(1, 'Enter your password'), z.maxLength(128, 'Password must be at most 128 characters')),
  deviceType,
  deviceToken,
});

export const forgotPasswordBody = z.strictObject({ email });
export const forgotPasswordData = z.object({ token: z.string(), resendAfter });

export const resetPasswordBody = z.strictObject({ email, password, token: ticket });
export const resetPasswordData = z.object({ passwordCreated: z.literal(true) });

export const SOCIAL_PROVIDERS = ['google'] as const;

/**
 * The provider's proof: an ID token (mobile apps) or an authorization code with its PKCE verifier and the nonce the
 * browser sent to /authorize, which the ID token must carry back (web).
 */
export const checkSocialLoginBody = z.union([
  z.strictObject({ provider: z.enum(SOCIAL_PROVIDERS), idToken: z.string().check(z.minLength(1), z.maxLength(8192)) }),
  z.strictObject({
    provider: z.enum(SOCIAL_PROVIDERS),
    code: z.string().check(z.minLength(1), z.maxLength(2048)),
    codeVerifier: z.string().check(z.minLength(43), z.maxLength(128)),
    redirectUri: z.url().check(z.maxLength(2048)),
    nonce: z.string().check(z.minLength(16), z.maxLength(128)),
  }),
]);

export const socialUserInfo = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  picture: z.nullable(z.string()),
});

export const checkSocialLoginData = z.object({
  // Spec §3: 1 when the member exists (and so has a date of birth), -1 when the profile must be completed first.
  isUserExists: z.union([z.literal(1), z.literal(-1)]),
  provider: z.enum(SOCIAL_PROVIDERS),
  socialToken: z.string(),
  googleUserInfo: socialUserInfo,
});

export const socialLoginBody = z.strictObject({
  socialToken: ticket,
  deviceType,
  deviceToken,
  handleName: z.optional(handleName),
  firstName: z.optional(personName('first name')),
  lastName: z.optional(personName('last name')),
  dob: z.optional(dob),
  gender: z.optional(gender),
  userType: z.optional(userType),
  referralCode: z.optional(referralCode),
});
