import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Event, EventInput } from '#contract/events';
import type { LngLat, LocationInfo, Route, RouteInput } from '#contract/map-routes';
import type { MapViewProps } from '../../../components/map/map-types';
import { ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { anEvent, aRoute, aStatus } from '../test-helpers';

/** Places a test "clicks" on the map (Boulder, Colorado). */
export const MAP_POINTS = {
  A: [-105.2705, 40.015],
  B: [-105.2811, 40.0111],
  C: [-105.2911, 40.0011],
} as const satisfies Record<string, LngLat>;

/**
 * jsdom cannot draw WebGL: the map's stand-in in form tests. It keeps MapView's contract (a labelled box, markers by
 * label, clicks handed back as `[lng, lat]`) with one button per place of MAP_POINTS standing in for a click there.
 */
export function StandInMap({ ariaLabel, onMapClick, markers, route, children }: MapViewProps) {
  return (
    <div role="group" aria-label={ariaLabel}>
      {onMapClick &&
        Object.entries(MAP_POINTS).map(([name, point]) => (
          <button key={name} type="button" onClick={() => onMapClick([point[0], point[1]])}>
            {`Click the map at ${name}`}
          </button>
        ))}
      <ul aria-label="Pins">
        {markers?.map((m) => (
          <li key={m.id}>{m.label}</li>
        ))}
      </ul>
      {route && route.length >= 2 && <p>{`Line through ${route.length} points`}</p>}
      {children}
    </div>
  );
}

/** Clicks the stand-in map named `mapName` at each of `points`, in order. */
export async function clickMap(user: UserEvent, mapName: string, ...points: (keyof typeof MAP_POINTS)[]) {
  const map = screen.getByRole('group', { name: mapName });
  for (const p of points) await user.click(within(map).getByRole('button', { name: `Click the map at ${p}` }));
}

/** Answers `POST`/`PUT /api/challenge` like the server (the body echoed as the saved event) and keeps every body sent. */
export function answerEventSaves(message = 'Event Created Successfully', newId = 777) {
  const saves: { method: string; body: EventInput }[] = [];
  const reply = async ({ request }: { request: Request }) => {
    const body = (await request.json()) as EventInput;
    saves.push({ method: request.method, body });
    const { CoHost: _ids, bannerImage: _banner, capacity, id, ...rest } = body;
    const saved = id ?? newId;
    const event = anEvent({
      ...(rest as Partial<Event>),
      id: saved,
      canEdit: true,
      isOrganiser: true,
      status: aStatus({ challengeId: saved, capacity: capacity ?? null }),
    });
    return HttpResponse.json(ok(event, message));
  };
  server.use(http.post('/api/challenge', reply), http.put('/api/challenge', reply));
  return saves;
}

/** Answers `POST /api/route` with JSON (a drawn route) as the server would, keeping each body. */
export function answerDrawnRoutes(route: (body: RouteInput) => Route = (body) => aRoute({ routeId: 802, coordinates: body.coordinates, elevations: null, elevationGain: null, elevationLoss: null })) {
  const bodies: RouteInput[] = [];
  server.use(
    http.post('/api/route', async ({ request }) => {
      const body = (await request.json()) as RouteInput;
      bodies.push(body);
      return HttpResponse.json(ok(route(body)));
    }),
  );
  return bodies;
}

/** Answers `GET /api/getMapboxZipCode` with `info` (every field null: no geocoder), keeping each point asked. */
export function answerReverseGeocode(info: Partial<LocationInfo> = {}) {
  const asked: { lat: string | null; lng: string | null }[] = [];
  server.use(
    http.get('/api/getMapboxZipCode', ({ request }) => {
      const url = new URL(request.url);
      const lat = url.searchParams.get('lat');
      const lng = url.searchParams.get('lng');
      asked.push({ lat, lng });
      return HttpResponse.json(
        ok({ lng: Number(lng), lat: Number(lat), locality: null, city: null, state: null, country: null, zipcode: null, address: null, ...info }),
      );
    }),
  );
  return asked;
}
