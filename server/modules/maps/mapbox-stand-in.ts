import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the two Mapbox APIs the maps service calls, speaking their formats (Geocoding v5 reverse
// lookups and Tilequery on mapbox.mapbox-terrain-v2 contours), for tests. Nothing leaves the machine.

/** What the stand-in does with each request: answer properly, or fail in one of the ways a provider fails. */
export type StandInMode = 'ok' | 'error' | 'garbage' | 'wrong-shape' | 'hang';

/** The place names around a point, by Mapbox place type. */
export type StandInPlace = { address?: string; postcode?: string; locality?: string; place?: string; region?: string; country?: string };

const TYPES = ['address', 'postcode', 'locality', 'place', 'region', 'country'] as const;

export async function startMapboxStandIn(opts: { place?: (lng: number, lat: number) => StandInPlace; elevation?: (lng: number, lat: number) => number; delayMs?: number } = {}) {
  let mode: StandInMode = 'ok';
  const requests: URL[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const hanging = new Set<http.ServerResponse>();

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  function geocoding(res: http.ServerResponse, lng: number, lat: number) {
    const place = opts.place?.(lng, lat) ?? {};
    const present = TYPES.filter((t) => place[t] !== undefined);
    // Most precise first; each names the broader ones in its context, as Mapbox does.
    const features = present.map((type, i) => {
      const broader = present.slice(i + 1);
      return {
        id: `${type}.${1000 + i}`,
        type: 'Feature',
        place_type: [type],
        relevance: 1,
        text: place[type],
        place_name: [place[type], ...broader.map((b) => place[b])].join(', '),
        center: [lng, lat],
        geometry: { type: 'Point', coordinates: [lng, lat] },
        context: broader.map((b, k) => ({ id: `${b}.${2000 + k}`, text: place[b], ...(b === 'country' ? { short_code: 'xx' } : {}) })),
      };
    });
    send(res, 200, { type: 'FeatureCollection', query: [lng, lat], features, attribution: 'stand-in' });
  }

  function tilequery(res: http.ServerResponse, url: URL, lng: number, lat: number) {
    const limit = Number(url.searchParams.get('limit') ?? 5);
    const ele = opts.elevation?.(lng, lat) ?? 0;
    // Terrain contours are nested polygons every 10 m: a point lies inside each one at or below its elevation.
    const levels: number[] = [];
    for (let e = 0; e <= ele; e += 10) levels.push(e);
    const features = levels
      .reverse()
      .slice(0, limit)
      .map((e, i) => ({
        type: 'Feature',
        id: i + 1,
        geometry: { type: 'Point', coordinates: [lng, lat] },
        properties: { ele: e, index: e % 50 === 0 ? 5 : 1, tilequery: { distance: 0, geometry: 'polygon', layer: 'contour' } },
      }));
    send(res, 200, { type: 'FeatureCollection', features });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(url);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    const answer = () => {
      if (mode === 'hang') return void hanging.add(res);
      if (mode === 'error') return send(res, 500, { message: 'Internal Server Error' });
      if (mode === 'garbage') return send(res, 200, '<html>not json at all');
      if (mode === 'wrong-shape') return send(res, 200, { features: 'none' });
      const geo = /^\/geocoding\/v5\/mapbox\.places\/(-?[\d.]+),(-?[\d.]+)\.json$/.exec(url.pathname);
      if (geo) return geocoding(res, Number(geo[1]), Number(geo[2]));
      const tile = /^\/v4\/mapbox\.mapbox-terrain-v2\/tilequery\/(-?[\d.]+),(-?[\d.]+)\.json$/.exec(url.pathname);
      if (tile) return tilequery(res, url, Number(tile[1]), Number(tile[2]));
      send(res, 404, { message: 'Not Found' });
    };
    if (opts.delayMs) setTimeout(answer, opts.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get maxInFlight() {
      return maxInFlight;
    },
    setMode(next: StandInMode) {
      mode = next;
    },
    reset() {
      requests.length = 0;
      maxInFlight = 0;
      mode = 'ok';
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type MapboxStandIn = Awaited<ReturnType<typeof startMapboxStandIn>>;
