import type { Route } from '#contract/map-routes';
import type { mapRoutes } from '../../db/schema/map-routes';

export type MapRouteRow = typeof mapRoutes.$inferSelect;

/** A stored route as the wire shows it (contract/map-routes.ts): metres, seconds, `[lng, lat]`. */
export function toRoute(row: MapRouteRow): Route {
  return {
    routeId: row.id,
    name: row.name,
    description: row.description,
    sportId: row.sportId,
    coordinates: row.coordinates,
    elevations: row.elevations,
    distance: row.distanceM,
    elevationGain: row.elevationGainM,
    elevationLoss: row.elevationLossM,
    expectedTime: row.expectedTimeS,
    // The preview's URL as stored (the media route serves it); null until one could be drawn.
    staticImage: row.staticImage,
    source: row.source,
  };
}
