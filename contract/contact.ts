import * as z from 'zod';
import { email } from './rules';

export const contactBody = z.strictObject({
  name: z.string().trim().min(1, 'Enter your name').max(100, 'Name is too long'),
  email,
  message: z.string().trim().min(10, 'Tell us a little more (10 characters at least)').max(5000, 'Message is too long (5,000 characters at most)'),
});
export const contactData = z.object({ received: z.literal(true) });
