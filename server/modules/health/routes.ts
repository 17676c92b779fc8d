import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { okEnvelope } from '#contract/envelope';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';

export function healthRoutes(app: FastifyInstance, deps: Deps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { rateLimit: false },
    schema: {
      tags: ['health'],
      operationId: 'getHealth',
      summary: 'Whether the server and its database answer (for load balancers and monitors)',
      response: { 200: okEnvelope(z.object({ database: z.literal('up') })) },
    },
    handler: async () => {
      try {
        await deps.db.execute(sql`select 1`);
      } catch {
        throw new AppError(503, 'The database is not answering.');
      }
      return ok('Healthy.', { database: 'up' as const });
    },
  });
}
