import * as z from 'zod/mini';
import { dob, email, gender, handleName, otp, password, personName } from '#contract/rules';

/** Client forms reuse the contract's rules, so the browser and the server say the same thing. */
export const emailForm = z.object({ email });
export const codeForm = z.object({ otp });

export const profileFields = {
  handleName,
  firstName: personName('first name'),
  lastName: personName('last name'),
  dob,
  // Optional (issue 19): no radio chosen (react-hook-form's null) sends none.
  gender: z.pipe(z.optional(z.nullable(gender)), z.transform((g) => g ?? undefined)),
};
export const signUpDetailsForm = z.object({ password, ...profileFields });
export const completeProfileForm = z.object(profileFields);
export const newPasswordForm = z.object({ password });

/** Issue 25: an invited associate's first sign-in: the invitation's code and a password of their own, typed twice. */
export const associateInviteForm = z.object({ email, otp, password, confirmPassword: z.string() }).check(
  z.refine((v) => v.confirmPassword === v.password, { message: 'The two passwords are not the same', path: ['confirmPassword'] }),
);
