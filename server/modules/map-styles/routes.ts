import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '#contract/envelope';
import { mapStylesData } from '#contract/map-styles';
import { ok } from '../../lib/reply';
import { MAP_STYLES } from './styles';

export function mapStyleRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/mapboxStyleUrl', {
    schema: {
      tags: ['maps'],
      operationId: 'listMapStyles',
      summary: 'The map styles this server offers, for the map’s style switcher',
      response: { 200: okEnvelope(mapStylesData) },
    },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return ok('Map styles.', MAP_STYLES);
    },
  });
}
