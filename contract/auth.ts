import * as z from 'zod';
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

export const registerBody = z.strictObject({ email, referralCode: referralCode.optional() });
export const otpSentData = z.object({ otpSent: z.literal(true) });

export const OTP_TYPE = { signUp: 1, resetPassword: 2 } as const;

export const verifyOtpBody = z.discriminatedUnion('type', [
  z.strictObject({ otp, email, type: z.literal(OTP_TYPE.signUp) }),
  // `token` binds the code to its reset request; the web client always sends it.
  z.strictObject({ otp, email, type: z.literal(OTP_TYPE.resetPassword), token: z.string().max(128).optional() }),
]);
export const verifyOtpData = z.object({ verified: z.literal(true), token: z.string().optional() });

const profileFields = {
  handleName,
  firstName: personName('first name'),
  lastName: personName('last name'),
  dob,
  gender,
  userType: userType.optional(),
  referralCode: referralCode.optional(),
  deviceType,
  deviceToken,
};

export const registerCompleteBody = z.strictObject({ token: z.string().min(1).max(128), password, ...profileFields });

export const authSession = z.object({
  token: z.object({ access_token: z.string(), expires_at: z.string() }),
  user: ownProfile,
});
export type AuthSession = z.infer<typeof authSession>;

// Sign-in checks only that a password was typed: the rules of spec §5 apply when one is chosen, not when one is used.
export const loginBody = z.strictObject({
  email,
  password: z.string().min(1, 'Enter your password').max(128, 'Password must be at most 128 characters'),
  deviceType,
  deviceToken,
});

export const forgotPasswordBody = z.strictObject({ email });
export const forgotPasswordData = z.object({ token: z.string() });

export const resetPasswordBody = z.strictObject({ email, password, token: z.string().min(1).max(128) });
export const resetPasswordData = z.object({ passwordCreated: z.literal(true) });

export const userTypeBody = z.strictObject({ userType });

export const SOCIAL_PROVIDERS = ['google'] as const;

/** The provider's proof: an ID token (mobile apps) or an authorization code with its PKCE verifier (web). */
export const checkSocialLoginBody = z.union([
  z.strictObject({ provider: z.enum(SOCIAL_PROVIDERS), idToken: z.string().min(1).max(8192) }),
  z.strictObject({
    provider: z.enum(SOCIAL_PROVIDERS),
    code: z.string().min(1).max(2048),
    codeVerifier: z.string().min(43).max(128),
    redirectUri: z.string().url().max(2048),
  }),
]);

export const socialUserInfo = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  picture: z.string().nullable(),
});

export const checkSocialLoginData = z.object({
  // Spec §3: 1 when the member exists (and so has a date of birth), -1 when the profile must be completed first.
  isUserExists: z.union([z.literal(1), z.literal(-1)]),
  provider: z.enum(SOCIAL_PROVIDERS),
  socialToken: z.string(),
  googleUserInfo: socialUserInfo,
});

export const socialLoginBody = z.strictObject({
  socialToken: z.string().min(1).max(128),
  deviceType,
  deviceToken,
  handleName: handleName.optional(),
  firstName: personName('first name').optional(),
  lastName: personName('last name').optional(),
  dob: dob.optional(),
  gender: gender.optional(),
  userType: userType.optional(),
  referralCode: referralCode.optional(),
});

export const publicConfigData = z.object({
  googleClientId: z.string().nullable(),
  googleAuthorizeUrl: z.string().nullable(),
});
