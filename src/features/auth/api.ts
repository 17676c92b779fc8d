import { queryOptions, useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  authSession,
  checkSocialLoginData,
  forgotPasswordData,
  invitationCodeData,
  resetPasswordData,
  signUpCodeSentData,
  verifyOtpData,
} from '#contract/auth';
import { emptyData } from '#contract/envelope';
import type { Gender } from '#contract/rules';
import { ownProfile } from '#contract/user';
import { api } from '../../lib/api-client';

export const authKeys = {
  all: ['auth'] as const,
  profile: () => [...authKeys.all, 'profile'] as const,
};

export const profileQuery = queryOptions({
  queryKey: authKeys.profile(),
  queryFn: ({ signal }) => api.get(ownProfile, 'profile', { signal }).then((r) => r.data),
});

type DeviceFields = { deviceType: 1; deviceToken?: string };
const WEB: DeviceFields = { deviceType: 1 };

export const useRegister = () =>
  useMutation({
    mutationFn: (body: { email: string; referralCode?: string | undefined }) => api.post(signUpCodeSentData, 'register', body),
  });

export const useVerifySignUpCode = () =>
  useMutation({
    mutationFn: (body: { email: string; otp: string }) => api.post(verifyOtpData, 'verify_otp', { ...body, type: 1 }),
  });

export type CompleteSignUpInput = {
  token: string;
  password: string;
  handleName: string;
  firstName: string;
  lastName: string;
  dob: string;
  gender?: Gender | undefined;
  referralCode?: string | undefined;
};

export const useCompleteSignUp = () =>
  useMutation({
    mutationFn: (body: CompleteSignUpInput) => api.post(authSession, 'register/complete', { ...body, ...WEB }),
  });

/** Signing in with an e-mail and password; the sign-in page asks it through use-login.ts. */
export const login = (body: { email: string; password: string }) => api.post(authSession, 'login', { ...body, ...WEB });

export const useLogout = () =>
  useMutation({
    mutationFn: () => api.post(emptyData, 'logout'),
    // Signing out always succeeds locally; a dead token is already signed out.
    meta: { silent: true },
  });

export const useForgotPassword = () =>
  useMutation({ mutationFn: (email: string) => api.post(forgotPasswordData, 'forgot_password', { email }) });

export const useVerifyResetCode = () =>
  useMutation({
    mutationFn: (body: { email: string; otp: string; token: string }) => api.post(verifyOtpData, 'verify_otp', { ...body, type: 2 }),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { email: string; password: string; token: string }) => api.post(resetPasswordData, 'reset_password', body),
  });

/** `POST /api/user-type`: the member type, and at sign-up's last step the member's sports too. */
export const useSaveUserType = () =>
  useMutation({ mutationFn: (body: { userType: string; sports?: number[] }) => api.post(ownProfile, 'user-type', body) });

export const useCheckSocialLogin = () =>
  useMutation({
    mutationFn: (body: { provider: 'google'; code: string; codeVerifier: string; nonce: string; redirectUri: string }) =>
      api.post(checkSocialLoginData, 'checkSocialLogin', body),
  });

export type SocialLoginInput = {
  socialToken: string;
  handleName?: string;
  firstName?: string;
  lastName?: string;
  dob?: string;
  gender?: Gender | undefined;
};

export const useSocialLogin = () =>
  useMutation({ mutationFn: (body: SocialLoginInput) => api.post(authSession, 'social-login', { ...body, ...WEB }) });

export type SocialLoginState = z.infer<typeof checkSocialLoginData>;

/** `POST /api/associate/accept` (issue 25): an invited associate's code and new password; answers a session as login does. */
export const useAcceptInvitation = () =>
  useMutation({
    mutationFn: (body: { email: string; otp: string; password: string }) => api.post(authSession, 'associate/accept', { ...body, ...WEB }),
  });

/** Seconds until another invitation code may be asked for. Not in contract/associates.ts yet: the server has its own. */
/** `POST /api/associate/invitation/code`: a new invitation code; the same answer whether or not the address is invited. */
export const useSendInvitationCode = () =>
  useMutation({ mutationFn: (email: string) => api.post(invitationCodeData, 'associate/invitation/code', { email }) });
