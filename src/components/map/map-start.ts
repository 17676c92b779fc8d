import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { placesQuery } from '../../features/maps/api';
import type { LngLat } from './map-types';

/** Where a map with nothing on it yet first looks, and why. */
export type MapStart =
  | { from: 'position' | 'profile' | 'time-zone'; center: LngLat; zoom: number }
  | { from: 'events'; fitTo: LngLat[] }
  | { from: 'nowhere'; center: LngLat; zoom: number };

export type MapStartInput = {
  /** The member's profile location as they typed it ("Boulder, CO"), if any. */
  profileLocation: string | null | undefined;
  /** Meeting points of the events around the member (the ones listed to them); asked only when needed. */
  nearby: () => Promise<readonly LngLat[]>;
};

/** The browser's position, only when the member has already let this site have it: a new map never prompts. */
async function grantedPosition(): Promise<LngLat | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation || !navigator.permissions?.query) return null;
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    if (status.state !== 'granted') return null;
  } catch {
    return null;
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve([p.coords.longitude, p.coords.latitude]),
      () => resolve(null),
      // A recent town-level fix is enough to aim a map, and a map should not wait long for it.
      { enableHighAccuracy: false, maximumAge: 10 * 60_000, timeout: 5_000 },
    );
  });
}

/** The first place the place search finds for `text` (a profile's "Boulder, CO"), or null (nothing found, or it failed). */
export async function findPlace(queryClient: QueryClient, text: string): Promise<LngLat | null> {
  const q = text.trim().slice(0, 100);
  if (!q) return null;
  try {
    const [place] = await queryClient.fetchQuery(placesQuery(q));
    return place ? [place.lng, place.lat] : null;
  } catch {
    return null;
  }
}

/** The city of the browser's time zone ("America/Denver" → "Denver"): the member's region when nothing else is known. */
const timeZoneCity = () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  const city = zone.includes('/') ? zone.split('/').at(-1)! : '';
  return city.replace(/_/g, ' ');
};

/**
 * Where a map opens when it has nothing to show yet (issue 19: not the whole world around 0°, 0°): the browser's
 * position when the member has granted it, else the profile's location found by the place search, else around the
 * events the member was shown, else the city of the browser's time zone, else a view of the inhabited world.
 */
export async function chooseMapStart(queryClient: QueryClient, { profileLocation, nearby }: MapStartInput): Promise<MapStart> {
  const position = await grantedPosition();
  if (position) return { from: 'position', center: position, zoom: 12 };
  const home = profileLocation ? await findPlace(queryClient, profileLocation) : null;
  if (home) return { from: 'profile', center: home, zoom: 11 };
  const around = await nearby().catch(() => []);
  if (around.length) return { from: 'events', fitTo: [...around] };
  const zoneCity = timeZoneCity();
  const region = zoneCity ? await findPlace(queryClient, zoneCity) : null;
  if (region) return { from: 'time-zone', center: region, zoom: 8 };
  return { from: 'nowhere', center: [10, 35], zoom: 1.5 };
}

/** `chooseMapStart` as a hook: null until it is known (the caller shows its placeholder meanwhile), once per mount. */
export function useMapStart(input: MapStartInput, enabled = true): MapStart | null {
  const queryClient = useQueryClient();
  const [start, setStart] = useState<MapStart | null>(null);
  const [first] = useState(input);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void chooseMapStart(queryClient, first).then((s) => live && setStart(s));
    return () => {
      live = false;
    };
  }, [enabled, first, queryClient]);
  return start;
}

/** MapView's props for a start. */
export const startView = (start: MapStart) => ('fitTo' in start ? { fitTo: start.fitTo } : { center: start.center, zoom: start.zoom });

/** A start as one centre and zoom (the middle of the events' points, at a region's zoom), for maps that take only that. */
export function startCentre(start: MapStart): { center: LngLat; zoom: number } {
  if (!('fitTo' in start)) return { center: start.center, zoom: start.zoom };
  const lngs = start.fitTo.map((p) => p[0]);
  const lats = start.fitTo.map((p) => p[1]);
  return { center: [(Math.min(...lngs) + Math.max(...lngs)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2], zoom: 9 };
}
