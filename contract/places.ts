import * as z from 'zod/mini';

/**
 * Place search (`GET /api/places?q=`): towns by name, for aiming a map. Answered by the configured geocoder (Mapbox
 * with a token), else from the world's towns bundled with the server (GeoNames' places over 1,000 people).
 */

export const PLACE_QUERY_MAX = 100;
export const PLACE_LIMIT_MAX = 10;

export const placeSearchQuery = z.strictObject({
  /** A name or its beginning; after a comma, a region or country narrows it ("Boulder, CO", "Bern, Switzerland"). */
  q: z.string().check(
    z.trim(),
    z.minLength(1, 'Type a place name.'),
    z.maxLength(PLACE_QUERY_MAX, `Use at most ${PLACE_QUERY_MAX} characters.`),
    z.refine((s) => !s.includes('\u0000'), 'Text cannot contain the NUL character.'),
  ),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(PLACE_LIMIT_MAX))),
});

export const place = z.strictObject({
  name: z.string(),
  /** State, province or region when known (a code such as `CO` for the bundled list). */
  region: z.nullable(z.string()),
  /** The country's name, when known. */
  country: z.nullable(z.string()),
  /** What to show in a list: name, region, country. */
  label: z.string(),
  lng: z.number(),
  lat: z.number(),
  /** People living there, when the source says. */
  population: z.nullable(z.int()),
});
export type Place = z.infer<typeof place>;
export const placeList = z.array(place).check(z.maxLength(PLACE_LIMIT_MAX));
