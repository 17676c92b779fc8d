import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { okEnvelope } from '#contract/envelope';
import { AppError } from '../../lib/errors';
import { migrationsBehind } from '../../db/client';
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

  // Whether this node should take traffic: health plus a schema as new as its code. A balancer's readiness check
  // (Kubernetes' readinessProbe, HAProxy's `option httpchk`) asks this; while the server shuts down it answers 503
  // like every request. Once the migrations are in they stay in, so that is asked until it holds, then remembered.
  let migrated = false;
  app.withTypeProvider<ZodTypeProvider>().get('/api/ready', {
    config: { rateLimit: false },
    schema: {
      tags: ['health'],
      operationId: 'getReady',
      summary: 'Whether this node may take traffic: database answering, migrations applied (readiness checks)',
      response: { 200: okEnvelope(z.object({ database: z.literal('up'), migrations: z.literal('applied') })) },
    },
    handler: async () => {
      let behind: number;
      try {
        behind = migrated ? 0 : await migrationsBehind(deps.db);
      } catch {
        throw new AppError(503, 'The database is not answering.');
      }
      if (behind > 0) throw new AppError(503, `${behind} database migration(s) not applied yet.`);
      migrated = true;
      return ok('Ready.', { database: 'up' as const, migrations: 'applied' as const });
    },
  });
}
