import * as z from 'zod/mini';
import { email } from './rules';

export const CONTACT_MESSAGE_MAX = 5000;

export const contactBody = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, 'Enter your name'), z.maxLength(100, 'Name is too long')),
  email,
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(10, 'Tell us a little more (10 characters at least)'),
      z.maxLength(CONTACT_MESSAGE_MAX, 'Message is too long (5,000 characters at most)'),
    ),
});
export const contactData = z.object({ received: z.literal(true) });
