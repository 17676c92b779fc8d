import { useId, useMemo } from 'react';
import type { Event } from '#contract/events';
import type { LngLat } from '#contract/map-routes';
import { ElevationProfile } from '../../../components/map/elevation-profile';
import { MapView } from '../../../components/map/map-view';
import type { MapMarker } from '../../../components/map/map-types';
import { RouteFigures } from './route-figures';

/**
 * Where the event goes: the map with the route's line and the meeting point, fitted to both; the route's length,
 * climb and descent in the member's units (or "unknown" when there was no elevation source), the expected time, and
 * the elevation profile below. Nothing when the event has neither a route nor a meeting point.
 */
export function DetailRoute({ event }: { event: Event }) {
  const headingId = useId();
  const { route, latitude, longitude } = event;
  const coordinates = route?.coordinates;

  // Stable identities: the map fits again whenever `fitTo` changes identity.
  const { meeting, fitTo, markers } = useMemo(() => {
    const point: LngLat | null = latitude !== null && longitude !== null ? [longitude, latitude] : null;
    return {
      meeting: point,
      fitTo: [...(coordinates ?? []), ...(point ? [point] : [])],
      markers: point ? [{ id: 'meeting', position: point, label: 'Meeting point', kind: 'meeting' } satisfies MapMarker] : [],
    };
  }, [coordinates, latitude, longitude]);

  if (!route && !meeting) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 border-line bg-surface p-4 sm:rounded-2xl sm:border">
      <h2 id={headingId} className="text-lg font-bold">
        {route ? 'Route' : 'Meeting point'}
      </h2>
      <MapView
        ariaLabel={route ? `Map of the route of ${event.eventName}${meeting ? ', with the meeting point' : ''}` : `Map of the meeting point of ${event.eventName}`}
        className="h-72 w-full overflow-hidden rounded-xl sm:h-96"
        fitTo={fitTo}
        {...(coordinates ? { route: coordinates } : {})}
        markers={markers}
      />
      {route && <RouteFigures route={route} />}
      {route && <ElevationProfile coordinates={route.coordinates} elevations={route.elevations} className="w-full" />}
    </section>
  );
}
