import { useId, useMemo } from 'react';
import type { Event } from '#contract/events';
import type { LngLat, Route } from '#contract/map-routes';
import { ElevationProfile } from '../../../components/map/elevation-profile';
import { MapView } from '../../../components/map/map-view';
import type { MapMarker } from '../../../components/map/map-types';
import { formatElevation, useUnits, type Units } from '../../../lib/units';
import { formatRouteDistance } from '../event-format';

/** Seconds as hours and minutes: `1 h 30 min`, `45 min`. */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/**
 * Where the event goes: the map with the route's line and the meeting point, fitted to both; the route's length,
 * climb and descent in the member's units (or "unknown" when there was no elevation source), the expected time, and
 * the elevation profile below. Nothing when the event has neither a route nor a meeting point.
 */
export function DetailRoute({ event }: { event: Event }) {
  const headingId = useId();
  const units = useUnits();
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
      {route && <RouteFigures route={route} units={units} />}
      {route && <ElevationProfile coordinates={route.coordinates} elevations={route.elevations} className="w-full" />}
    </section>
  );
}

function RouteFigures({ route, units }: { route: Route; units: Units }) {
  const climb = (metres: number | null) => (metres === null ? 'unknown' : formatElevation(metres, units));
  const figures = [
    { term: 'Distance', value: formatRouteDistance(route, units) },
    { term: 'Elevation gain', value: climb(route.elevationGain) },
    { term: 'Elevation loss', value: climb(route.elevationLoss) },
    { term: 'Expected time', value: formatDuration(route.expectedTime) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map((f) => (
        <div key={f.term} className="flex flex-col rounded-xl bg-surface-2 px-3 py-2">
          <dt className="text-xs font-medium text-muted">{f.term}</dt>
          <dd className="font-semibold tabular-nums">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
