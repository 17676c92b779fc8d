import * as z from 'zod/mini';
import { rowId, rowIdParam } from './ids';

/**
 * Routes drawn on a map or read from a GPX file (spec §3 Route, §7 `POST /api/route`, `POST /api/simplifyGeoJson`).
 * Coordinates are `[longitude, latitude]` numbers (GeoJSON order). The server measures, simplifies and stores; the
 * browser only proposes points.
 */

/** Points a member may draw or a GPX may hold (check 16: GPS files have a point cap). */
export const ROUTE_POINTS_MAX = 20_000;
/** Points kept after simplification, whatever the source. */
export const ROUTE_KEPT_POINTS_MAX = 2_000;
export const GPX_MAX_BYTES = 5 * 1024 * 1024;
export const ROUTE_NAME_MAX = 120;
export const ROUTE_DESCRIPTION_MAX = 2000;

/** Degrees to 7 places, about a centimetre: finer is noise, and a tiny value (1e-300) underflows distance maths in SQL. */
const toCentimetre = (degrees: number) => Math.round(degrees * 1e7) / 1e7;
/** A point's latitude and longitude as events and the geocoder take them: in range, to the centimetre (check 18). */
export const latitude = z.pipe(z.number().check(z.gte(-90), z.lte(90)), z.transform(toCentimetre));
export const longitude = z.pipe(z.number().check(z.gte(-180), z.lte(180)), z.transform(toCentimetre));
/** The same in a query string. */
export const latitudeParam = z.pipe(z.coerce.number().check(z.gte(-90), z.lte(90)), z.transform(toCentimetre));
export const longitudeParam = z.pipe(z.coerce.number().check(z.gte(-180), z.lte(180)), z.transform(toCentimetre));

export const lngLat = z.tuple([z.number().check(z.gte(-180), z.lte(180)), z.number().check(z.gte(-90), z.lte(90))]);
export type LngLat = z.infer<typeof lngLat>;

/** `POST /api/simplifyGeoJson`: points as drawn; answers the simplified line and its distance. */
export const simplifyBody = z.strictObject({
  coordinates: z.array(lngLat).check(z.minLength(2, 'A route needs at least two points.'), z.maxLength(ROUTE_POINTS_MAX)),
  /** Tolerance in metres (default 5). */
  tolerance: z.optional(z.number().check(z.gte(0.5), z.lte(500))),
});
export const simplifiedLine = z.strictObject({
  coordinates: z.array(lngLat),
  /** Geodesic length in metres. */
  distance: z.number(),
});
export type SimplifiedLine = z.infer<typeof simplifiedLine>;

/**
 * `POST /api/route` with JSON: a route drawn by clicking points (`coordinates`), with the sport it is for. A GPX file
 * goes to the same path as multipart (`file`, plus `name` and `sportId` fields); its elevations are used.
 */
export const routeInput = z.strictObject({
  name: z.optional(z.string().check(z.trim(), z.maxLength(ROUTE_NAME_MAX))),
  description: z.optional(z.string().check(z.trim(), z.maxLength(ROUTE_DESCRIPTION_MAX))),
  sportId: rowId,
  coordinates: z.array(lngLat).check(z.minLength(2, 'A route needs at least two points.'), z.maxLength(ROUTE_POINTS_MAX)),
});
export type RouteInput = z.infer<typeof routeInput>;

/** A stored route (spec §3). Distances and elevations in metres, `expectedTime` in seconds. */
export const route = z.strictObject({
  routeId: z.int(),
  name: z.string(),
  description: z.string(),
  sportId: z.int(),
  /** Simplified line, `[lng, lat]`. */
  coordinates: z.array(lngLat),
  /** Metres above sea level per point of `coordinates`, or null when no elevation source was available. */
  elevations: z.nullable(z.array(z.number())),
  distance: z.number(),
  /** Null when unknown (no elevations in the file and no elevation provider configured). */
  elevationGain: z.nullable(z.number()),
  elevationLoss: z.nullable(z.number()),
  expectedTime: z.int(),
  /** A static preview image of the line for cards (server-drawn), or null while none could be made. */
  staticImage: z.nullable(z.string()),
  source: z.enum(['drawn', 'gpx']),
});
export type Route = z.infer<typeof route>;

/** `GET /api/getMapboxZipCode?lat=&lng=` (spec §3 Location info). Every field null when no geocoder is configured. */
export const reverseGeocodeQuery = z.strictObject({
  lat: latitudeParam,
  lng: longitudeParam,
});
export const locationInfo = z.strictObject({
  lng: z.number(),
  lat: z.number(),
  locality: z.nullable(z.string()),
  city: z.nullable(z.string()),
  state: z.nullable(z.string()),
  country: z.nullable(z.string()),
  zipcode: z.nullable(z.string()),
  address: z.nullable(z.string()),
});
export type LocationInfo = z.infer<typeof locationInfo>;

/** `GET /api/route/:routeId`. */
export const routeIdParams = z.object({ routeId: rowIdParam });
