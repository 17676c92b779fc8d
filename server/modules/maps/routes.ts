import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '#contract/envelope';
import { locationInfo, reverseGeocodeQuery } from '#contract/map-routes';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { memberRateLimit } from '../../plugins/rate-limit';
import { createMapsService, unknownLocation } from './maps-service';

/** `GET /api/getMapboxZipCode` (spec §7): reverse geocoding for the event form's meeting point. */
export function mapsRoutes(app: FastifyInstance, deps: Deps) {
  const maps = createMapsService(deps.config, app.log);
  app.withTypeProvider<ZodTypeProvider>().get('/api/getMapboxZipCode', {
    // The meeting-point picker asks once per click, and each ask spends the install's geocoder quota.
    config: memberRateLimit(30),
    schema: {
      tags: ['maps'],
      summary: 'Place names around a point (locality, city, state, country, zip of 1–6 digits, address); every field null when no geocoder is configured or it failed',
      querystring: reverseGeocodeQuery,
      response: { 200: okEnvelope(locationInfo) },
    },
    handler: async (req) => {
      const { lng, lat } = req.query;
      // A failure was logged by the service; the member types the place themselves (spec §8).
      return ok('Location info.', (await maps.reverseGeocode(lng, lat)) ?? unknownLocation(lng, lat));
    },
  });
}
