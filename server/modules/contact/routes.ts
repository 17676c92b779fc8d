import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactBody, contactData } from '#contract/contact';
import { okEnvelope } from '#contract/envelope';
import type { Deps } from '../../deps';
import { contactMessages } from '../../db/schema/contact';
import { ok } from '../../lib/reply';

export function contactRoutes(app: FastifyInstance, deps: Deps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/contact', {
    config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
    schema: {
      tags: ['contact'],
      operationId: 'sendContactMessage',
      summary: 'Send the team a message from the contact form',
      body: contactBody,
      response: { 200: okEnvelope(contactData) },
    },
    handler: async (req) => {
      await deps.db.insert(contactMessages).values({ ...req.body, userId: req.session?.user.id ?? null, createdAt: deps.clock.now() });
      return ok('Thanks! We read every message and will reply by e-mail.', { received: true as const });
    },
  });
}
