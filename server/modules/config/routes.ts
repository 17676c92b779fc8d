import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigData } from '#contract/runtime-config';
import { okEnvelope } from '#contract/envelope';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { publicConfig } from './public-config';

export function configRoutes(app: FastifyInstance, deps: Deps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/config', {
    schema: {
      tags: ['config'],
      operationId: 'getPublicConfig',
      summary: 'The server’s public configuration for the web app and the apps (sign-in options, maps, live socket)',
      response: { 200: okEnvelope(publicConfigData) },
    },
    handler: async (req) => ok('Configuration.', await publicConfig(deps, req.log)),
  });
}
