import * as z from 'zod/mini';
import { email } from '#contract/rules';

/**
 * The sign-in form: the contract's e-mail rule, and any password (the rules for new ones are not asked of old ones).
 * Apart from form-schemas.ts, whose sign-up rules the sign-in page's first script does without (check P1).
 */
export const loginForm = z.object({
  email,
  password: z.string().check(z.minLength(1, 'Enter your password'), z.maxLength(128, 'Password must be at most 128 characters')),
});
