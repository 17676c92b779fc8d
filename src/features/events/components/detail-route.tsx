import { useId, useMemo } from 'react';
import type { Event } from '#contract/events';
import type { LngLat } from '#contract/map-routes';
import { ElevationProfile } from '../../../components/map/elevation-profile';
import { MapView } from '../../../components/map/map-view';
import type { MapMarker } from '../../../components/map/map-types';
import { Icon } from '../../../components/icons';
import { Button, buttonClass } from '../../../components/ui/button';
import { useRouteGpxDownload } from '../route-download';
import { RouteFigures } from './route-figures';

/** OpenStreetMap's directions to the point, from wherever the member says (its page asks for the start). */
export const directionsUrl = ([lng, lat]: LngLat) => `https://www.openstreetmap.org/directions?route=%3B${lat}%2C${lng}#map=15/${lat}/${lng}`;
/** The point for the phone's own map app (RFC 5870), labelled with the event's name where the app shows one. */
export const geoUri = ([lng, lat]: LngLat, label: string) => `geo:${lat},${lng}?q=${lat},${lng}(${encodeURIComponent(label)})`;

const iconProps = { className: 'size-4', strokeWidth: 2 } as const;

/**
 * Where the event goes: the map with the route's line and the meeting point, fitted to both; the route's length,
 * climb and descent in the member's units (or "unknown" when there was no elevation source), the expected time, and
 * the elevation profile below. Nothing when the event has neither a route nor a meeting point.
 */
export function DetailRoute({ event }: { event: Event }) {
  const headingId = useId();
  const gpx = useRouteGpxDownload();
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
      {/* On a phone the buttons share each row evenly rather than leaving a ragged edge. */}
      <div className="flex flex-wrap gap-2 *:flex-1 sm:*:flex-none">
        {meeting && (
          <a href={directionsUrl(meeting)} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
            <Icon name="pin" {...iconProps} />
            Directions<span className="sr-only"> to the meeting point on OpenStreetMap (opens in a new tab)</span>
          </a>
        )}
        {/* Only where the pointer is a finger: phones open geo: links in their map app; desktops mostly cannot. */}
        {meeting && (
          <a href={geoUri(meeting, event.eventName)} className={buttonClass('secondary', 'pointer-fine:hidden')}>
            <Icon name="compass" {...iconProps} />
            Open in maps app
          </a>
        )}
        {route && (
          <Button variant="secondary" busy={gpx.isPending} onClick={() => gpx.mutate(route.routeId)}>
            {!gpx.isPending && <Icon name="routeMap" {...iconProps} />}
            Download GPX
          </Button>
        )}
      </div>
      {route && <RouteFigures route={route} />}
      {route && <ElevationProfile coordinates={route.coordinates} elevations={route.elevations} className="w-full" />}
    </section>
  );
}
