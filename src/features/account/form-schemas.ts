import * as z from 'zod/mini';
import { otp } from '#contract/rules';

/** Confirming a deletion checks only that a password was typed, as signing in does; the server checks the rest. */
export const deletePasswordForm = z.object({
  password: z.string().check(z.minLength(1, 'Enter your password'), z.maxLength(128, 'Password must be at most 128 characters')),
});
export const deleteCodeForm = z.object({ otp });
