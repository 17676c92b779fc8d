import type * as z from 'zod/mini';
import { contactData, type contactBody } from '#contract/contact';
import { api } from '../../lib/api-client';

/** `POST /api/contact`: a message to the team; answers the server's message. */
export const sendContactMessage = (values: z.output<typeof contactBody>) => api.post(contactData, 'contact', values);
