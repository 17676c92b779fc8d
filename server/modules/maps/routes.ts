import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '#contract/envelope';
import { locationInfo, reverseGeocodeQuery } from '#contract/map-routes';
import { placeList, placeSearchQuery } from '#contract/places';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { memberRateLimit } from '../../plugins/rate-limit';
import { createMapsService, unknownLocation } from './maps-service';
import { searchTowns } from './town-search';

/**
 * `GET /api/getMapboxZipCode` (spec §7): reverse geocoding for the event form's meeting point. `GET /api/places`:
 * place search to aim a map.
 */
export function mapsRoutes(app: FastifyInstance, deps: Deps) {
  const maps = createMapsService(deps.config, app.log);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/places', {
    // Asked as the member types (the app waits for a pause); a provider's quota is spent per ask.
    config: memberRateLimit(60),
    schema: {
      tags: ['maps'],
      operationId: 'searchPlaces',
      summary: 'Places by name, to aim a map: the geocoder when one is configured, else the bundled world towns (name prefix, accents ignored, exact names then biggest first)',
      querystring: placeSearchQuery,
      response: { 200: okEnvelope(placeList) },
    },
    handler: async (req) => {
      const { q, limit = 6 } = req.query;
      // A geocoder that fails (logged by the service) still leaves the towns list.
      const places = (await maps.searchPlaces(q, limit)) ?? (await searchTowns(q, limit));
      return ok('Places.', places);
    },
  });
  r.get('/api/getMapboxZipCode', {
    // The meeting-point picker asks once per click, and each ask spends the install's geocoder quota.
    config: memberRateLimit(30),
    schema: {
      tags: ['maps'],
      operationId: 'reverseGeocode',
      summary: 'Place names around a point (locality, city, state, country, postcode, address); every field null when no geocoder is configured or it failed',
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
