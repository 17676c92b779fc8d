import { and, eq } from 'drizzle-orm';
import { ROUTE_DESCRIPTION_MAX, ROUTE_NAME_MAX, ROUTE_POINTS_MAX, type LngLat, type Route, type SimplifiedLine } from '#contract/map-routes';
import { SPORTS } from '#contract/sports';
import type { Deps } from '../../deps';
import { mapRoutes } from '../../db/schema/map-routes';
import { uploads } from '../../db/schema/media';
import { fieldError, notFound } from '../../lib/errors';
import type { Guardian } from '../../policy/guardian';
import { consoleMapsLog, createMapsService, type MapsLog, type MapsService } from '../maps/maps-service';
import { elevationGainLoss } from './elevation';
import { expectedTimeSeconds } from './expected-time';
import { cumulativeDistances, lineLength } from './geodesy';
import { storeRoutePreview } from './route-preview';
import { toRoute, type MapRouteRow } from './route-view';
import { DEFAULT_TOLERANCE_M, simplifyLine } from './simplify';

/** Said for a route that is missing and for one the viewer may not see alike (architecture.md: 404 for both). */
export const ROUTE_NOT_FOUND = 'That route does not exist.';

export type RouteDeps = Pick<Deps, 'db' | 'storage' | 'clock' | 'config'>;

/** A route to save: drawn points, or a GPX file's points with the file's elevations. */
export type SaveRouteInput = {
  name?: string | undefined;
  description?: string | undefined;
  sportId: number;
  /** `[lng, lat]`, 2 to ROUTE_POINTS_MAX of them. */
  coordinates: readonly LngLat[];
  /** One per coordinate, from a GPX file (null where a point has none); used only when every point has one. */
  elevations?: readonly (number | null)[] | null | undefined;
  /** Default `drawn`. */
  source?: 'drawn' | 'gpx';
};

export type SaveRouteOptions = {
  /** Default: the configured provider (deps.config.mapbox), logging to `log`. */
  maps?: MapsService;
  /** Where provider and preview failures are logged; default the console (the demo seed has no request logger). */
  log?: MapsLog;
};

const sportIds: readonly number[] = SPORTS.map((s) => s.id);
/** A drawn line's elevations are asked at points this far apart at least (the provider samples ~100 of them anyway). */
const PROFILE_STEP_MIN_M = 20;
const PROFILE_STEPS = 200;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Measures, simplifies and stores a route for `userId`, and answers it as the wire shows it. Distance is the geodesic
 * length of the line as given (not of its simplified copy); the stored line is simplified (5 m, at most
 * ROUTE_KEPT_POINTS_MAX points). Elevations come from the input when every point has one (a GPX file), else from the
 * maps service, else they stay unknown (null), and so do gain and loss. A preview image is drawn for cards. Throws a
 * 400 for an unknown sport or an unusable line; a provider or preview failure only leaves those parts empty.
 */
export async function saveRoute(deps: RouteDeps, userId: number, input: SaveRouteInput, options: SaveRouteOptions = {}): Promise<Route> {
  const log = options.log ?? consoleMapsLog;
  if (!sportIds.includes(input.sportId)) throw fieldError('sportId', 'Choose a sport from the list.');
  const points = checkedLine(input.coordinates);
  const distance = lineLength(points);
  const simplified = simplifyLine(points, DEFAULT_TOLERANCE_M);

  let elevations: number[] | null = null;
  let climb: { gain: number; loss: number } | null = null;
  const own = input.elevations;
  if (own && own.length === points.length && own.every((e): e is number => typeof e === 'number' && Number.isFinite(e))) {
    // The file's own elevations: gain and loss from every point, the kept points' values stored with the line.
    climb = elevationGainLoss(own);
    elevations = simplified.indices.map((i) => round1(own[i]!));
  } else {
    const maps = options.maps ?? createMapsService(deps.config, log);
    if (maps.provider !== 'none') {
      // Asked along a densified copy of the line, so a route drawn with three clicks over a pass still gets its climb.
      const profile = densify(simplified.points, Math.max(PROFILE_STEP_MIN_M, distance / PROFILE_STEPS));
      const values = await maps.elevations(profile.points);
      if (values && values.length === profile.points.length) {
        climb = elevationGainLoss(values);
        elevations = profile.vertices.map((i) => round1(values[i]!));
      }
    }
  }
  const gain = climb ? round1(climb.gain) : null;
  const preview = await storeRoutePreview(deps, userId, simplified.points, log);

  const row = await deps.db.transaction(async (tx) => {
    if (preview) {
      await tx
        .update(uploads)
        .set({ attachedAt: deps.clock.now() })
        .where(and(eq(uploads.key, preview.key), eq(uploads.userId, userId)));
    }
    const [saved] = await tx
      .insert(mapRoutes)
      .values({
        userId,
        name: (input.name ?? '').trim().slice(0, ROUTE_NAME_MAX),
        description: (input.description ?? '').trim().slice(0, ROUTE_DESCRIPTION_MAX),
        sportId: input.sportId,
        source: input.source ?? 'drawn',
        coordinates: simplified.points,
        elevations,
        distanceM: round1(distance),
        elevationGainM: gain,
        elevationLossM: climb ? round1(climb.loss) : null,
        expectedTimeS: expectedTimeSeconds(input.sportId, distance, gain),
        staticImage: preview?.url ?? null,
        createdAt: deps.clock.now(),
      })
      .returning();
    return saved!;
  });
  return toRoute(row);
}

/** `POST /api/simplifyGeoJson`: the line simplified for the map, with the length of the line as drawn. */
export function simplifyForMap(coordinates: readonly LngLat[], tolerance = DEFAULT_TOLERANCE_M): SimplifiedLine {
  const points = checkedLine(coordinates);
  return { coordinates: simplifyLine(points, tolerance).points, distance: round1(lineLength(points)) };
}

/**
 * The route `routeId` if the viewer may see it (the Guardian's `canSeeRoute`: their own, or the route of an event they
 * may see, route-policy.ts). Anything else is the same 404 as a missing route.
 */
export async function loadViewableRoute(db: Deps['db'], guardian: Guardian, routeId: number): Promise<MapRouteRow> {
  const [row] = await db.select().from(mapRoutes).where(eq(mapRoutes.id, routeId)).limit(1);
  if (!row || !(await guardian.canSeeRoute(row))) throw notFound(ROUTE_NOT_FOUND);
  return row;
}

/** The points, checked: 2 to ROUTE_POINTS_MAX of them, each a real position (the seed calls without the contract). */
function checkedLine(coordinates: readonly LngLat[]): LngLat[] {
  if (coordinates.length < 2) throw fieldError('coordinates', 'A route needs at least two points.');
  if (coordinates.length > ROUTE_POINTS_MAX) throw fieldError('coordinates', `A route can have up to ${ROUTE_POINTS_MAX.toLocaleString('en-US')} points.`);
  for (const [lng, lat] of coordinates) {
    if (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lng) > 180 || Math.abs(lat) > 90) {
      throw fieldError('coordinates', 'Every point needs a valid longitude and latitude.');
    }
  }
  return coordinates.map(([lng, lat]) => [lng, lat]);
}

/**
 * The line with points added along each segment so none is longer than `step` metres, and where each original vertex
 * landed in it. Points in between are placed linearly in longitude and latitude (segments here are short).
 */
function densify(points: readonly LngLat[], step: number) {
  const along = cumulativeDistances(points);
  const out: LngLat[] = [points[0]!];
  const vertices = [0];
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1]!, points[i]!];
    const pieces = Math.max(1, Math.ceil((along[i]! - along[i - 1]!) / step));
    let dLng = b[0] - a[0];
    if (dLng > 180) dLng -= 360;
    else if (dLng < -180) dLng += 360;
    for (let k = 1; k < pieces; k++) {
      const f = k / pieces;
      let lng = a[0] + dLng * f;
      if (lng > 180) lng -= 360;
      else if (lng < -180) lng += 360;
      out.push([lng, a[1] + (b[1] - a[1]) * f]);
    }
    out.push(b);
    vertices.push(out.length - 1);
  }
  return { points: out, vertices };
}
