import { asc, eq } from 'drizzle-orm';
import { mapRoutes } from '../../db/schema/map-routes';
import type { ExportSection } from '../account/export-registry';

/**
 * The member's routes, drawn or imported, as stored: the simplified line, elevations and figures. Their preview images
 * are listed by the `uploads` section (purpose `route`); the URL here names the one each route shows.
 */
export const routesExportSection: ExportSection = {
  name: 'routes',
  collect: (db, userId) =>
    db
      .select({
        routeId: mapRoutes.id,
        name: mapRoutes.name,
        description: mapRoutes.description,
        sportId: mapRoutes.sportId,
        source: mapRoutes.source,
        coordinates: mapRoutes.coordinates,
        elevations: mapRoutes.elevations,
        distanceM: mapRoutes.distanceM,
        elevationGainM: mapRoutes.elevationGainM,
        elevationLossM: mapRoutes.elevationLossM,
        expectedTimeS: mapRoutes.expectedTimeS,
        staticImage: mapRoutes.staticImage,
        createdAt: mapRoutes.createdAt,
      })
      .from(mapRoutes)
      .where(eq(mapRoutes.userId, userId))
      .orderBy(asc(mapRoutes.createdAt), asc(mapRoutes.id)),
};
