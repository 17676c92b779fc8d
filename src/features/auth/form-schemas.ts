import * as z from 'zod/mini';
import { dob, email, gender, handleName, otp, password, personName } from '#contract/rules';

/** Client forms reuse the contract's rules, so the browser and the server say the same thing. */
export const emailForm = z.object({ email });
export const codeForm = z.object({ otp });
export const loginForm = z.object({
  email,
  password: z.string().check(z.minLength(1, 'Enter your password'), z.maxLength(128, 'Password must be at most 128 characters')),
});

export const profileFields = {
  handleName,
  firstName: personName('first name'),
  lastName: personName('last name'),
  dob,
  gender,
};
export const signUpDetailsForm = z.object({ password, ...profileFields });
export const completeProfileForm = z.object(profileFields);
export const newPasswordForm = z.object({ password });
