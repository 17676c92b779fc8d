import * as z from 'zod';
import type { LngLat, LocationInfo } from '#contract/map-routes';
import type { Place } from '#contract/places';
import { POSTCODE_PATTERN } from '#contract/postcode-format';
import { sampleLine } from './line-sampling';
import type { MapsLog, MapsService } from './maps-service';

/**
 * Mapbox behind the maps service: reverse geocoding (Geocoding API v5) and elevations from the terrain contours
 * (Tilequery API on `mapbox.mapbox-terrain-v2`). Spec §5/§9: a tile query asks for 1–50 features within radius 1.
 */

/** Place types asked for, most precise first; the answer has the best feature of each. */
const GEOCODE_TYPES = 'address,postcode,locality,place,region,country';
/** Place search looks for towns and the like, not streets or addresses: it aims a map. */
const PLACE_TYPES = 'place,locality,neighborhood,region,poi';
/** Spec §5/§9: tile query limit 1 to 50, radius 1 (metre). */
const TILEQUERY_LIMIT = 50;
const TILEQUERY_RADIUS = 1;
/** Points asked about per line at most; the rest are interpolated along the line between them. */
export const ELEVATION_SAMPLES_MAX = 100;
/** Tile queries in flight at once for one line (Mapbox allows 600 a minute per token). */
const CONCURRENCY = 8;
/** An answer bigger than this is not one of Mapbox's (a reverse geocode or a tile query is a few kilobytes). */
const RESPONSE_MAX_BYTES = 1024 * 1024;
/** A postcode of any country's shape is kept (issue 19; spec §5 kept only 1 to 6 digits). */
const ZIP = POSTCODE_PATTERN;
const TEXT_MAX = 300;

// Only the fields read are checked; Mapbox adds fields freely.
const geocodingAnswer = z.object({
  features: z.array(
    z.object({
      place_type: z.array(z.string()).optional(),
      text: z.string().optional(),
      place_name: z.string().optional(),
      context: z.array(z.object({ id: z.string(), text: z.string().optional() })).optional(),
    }),
  ),
});
const placesAnswer = z.object({
  features: z.array(
    z.object({
      text: z.string(),
      place_name: z.string().optional(),
      center: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
      context: z.array(z.object({ id: z.string(), text: z.string().optional() })).optional(),
    }),
  ),
});
const tilequeryAnswer = z.object({
  features: z.array(z.object({ properties: z.object({ ele: z.unknown() }).nullish() })),
});

type Limits = { timeoutMs: number; totalTimeoutMs: number };

export function mapboxProvider(mapbox: { token: string; apiUrl: string }, log: MapsLog, limits: Limits): MapsService {
  const base = mapbox.apiUrl.replace(/\/+$/, '');
  const url = (path: string, params: Record<string, string>) => {
    const u = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    u.searchParams.set('access_token', mapbox.token);
    return u;
  };
  // The token rides in the query string: every message that might quote a URL loses it before it is logged.
  const redact = (text: string) => text.split(mapbox.token).join('[token]').replace(/access_token=[^&\s"']*/g, 'access_token=[token]');
  const failed = (call: 'geocoding' | 'tilequery', err: unknown) => {
    log.warn({ provider: 'mapbox', call, reason: redact(describe(err)) }, `maps provider ${call} failed; answering without it`);
    return null;
  };

  async function getJson(u: URL, signal: AbortSignal): Promise<unknown> {
    const res = await fetch(u, { signal, headers: { accept: 'application/json' }, redirect: 'error' });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new ProviderError(`HTTP ${res.status}`);
    }
    const text = await readCapped(res, RESPONSE_MAX_BYTES);
    try {
      return JSON.parse(text);
    } catch {
      throw new ProviderError('the answer is not JSON');
    }
  }

  async function reverseGeocode(lng: number, lat: number): Promise<LocationInfo | null> {
    try {
      const u = url(`/geocoding/v5/mapbox.places/${coord(lng)},${coord(lat)}.json`, { types: GEOCODE_TYPES });
      const answer = parseAnswer(geocodingAnswer, await getJson(u, AbortSignal.timeout(limits.timeoutMs)));
      const byType = new Map<string, string>();
      const note = (type: string, text: string | undefined) => {
        if (text && !byType.has(type)) byType.set(type, text.slice(0, TEXT_MAX));
      };
      for (const f of answer.features) for (const type of f.place_type ?? []) note(type, f.text);
      // The most precise feature names its surroundings too (`postcode.123`, `place.456`…).
      for (const c of answer.features[0]?.context ?? []) note(c.id.split('.')[0]!, c.text);
      const postcode = byType.get('postcode')?.trim();
      return {
        lng,
        lat,
        locality: byType.get('locality') ?? null,
        city: byType.get('place') ?? null,
        state: byType.get('region') ?? null,
        country: byType.get('country') ?? null,
        zipcode: postcode && ZIP.test(postcode) ? postcode : null,
        address: answer.features[0]?.place_name?.slice(0, TEXT_MAX) ?? null,
      };
    } catch (err) {
      return failed('geocoding', err);
    }
  }

  async function searchPlaces(query: string, limit: number): Promise<Place[] | null> {
    try {
      const u = url(`/geocoding/v5/mapbox.places/${encodeURIComponent(query)}.json`, { types: PLACE_TYPES, limit: String(limit), autocomplete: 'true' });
      const answer = parseAnswer(placesAnswer, await getJson(u, AbortSignal.timeout(limits.timeoutMs)));
      return answer.features.slice(0, limit).map((f) => {
        const around = (type: string) => f.context?.find((c) => c.id.startsWith(`${type}.`))?.text?.slice(0, TEXT_MAX) ?? null;
        return {
          name: f.text.slice(0, TEXT_MAX),
          region: around('region'),
          country: around('country'),
          label: (f.place_name ?? f.text).slice(0, TEXT_MAX),
          lng: f.center[0],
          lat: f.center[1],
          population: null,
        };
      });
    } catch (err) {
      return failed('geocoding', err);
    }
  }

  async function elevationAt(point: LngLat, signal: AbortSignal): Promise<number> {
    const u = url(`/v4/mapbox.mapbox-terrain-v2/tilequery/${coord(point[0])},${coord(point[1])}.json`, {
      layers: 'contour',
      limit: String(TILEQUERY_LIMIT),
      radius: String(TILEQUERY_RADIUS),
    });
    const per = AbortSignal.any([signal, AbortSignal.timeout(limits.timeoutMs)]);
    const answer = parseAnswer(tilequeryAnswer, await getJson(u, per));
    // Contour polygons nest: the point lies inside every contour below it, so the highest `ele` is its elevation.
    // No contour under the point means below the lowest one: sea level.
    const eles = answer.features.map((f) => f.properties?.ele).filter((e): e is number => typeof e === 'number' && Number.isFinite(e));
    return eles.length > 0 ? Math.max(...eles) : 0;
  }

  async function elevations(points: readonly LngLat[]): Promise<number[] | null> {
    if (points.length === 0) return [];
    const { samples, spread } = sampleLine(points, ELEVATION_SAMPLES_MAX);
    // One deadline for the whole line, and the first failure stops the questions still waiting.
    const stop = new AbortController();
    const signal = AbortSignal.any([stop.signal, AbortSignal.timeout(limits.totalTimeoutMs)]);
    try {
      const values = await inPool(samples, CONCURRENCY, (p) => elevationAt(p, signal));
      return spread(values);
    } catch (err) {
      return failed('tilequery', err);
    } finally {
      stop.abort();
    }
  }

  return { provider: 'mapbox', reverseGeocode, searchPlaces, elevations };
}

class ProviderError extends Error {}

/** Six decimals: about 0.1 m, all a geocoder or a contour tile can tell apart. */
const coord = (n: number) => String(Number(n.toFixed(6)));

function parseAnswer<T>(schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ProviderError('the answer is not in the expected format');
  return parsed.data;
}

async function readCapped(res: Response, max: number) {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new ProviderError('the answer is too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Runs `fn` over `items` with at most `limit` at a time, answers in order; the first rejection rejects the whole. */
async function inPool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** One line about what went wrong, never an object that might carry the request (and so the token) along. */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? ` (${(err.cause as Error & { code?: string }).code ?? err.cause.message})` : '';
  return `${err.name === 'Error' ? '' : `${err.name}: `}${err.message}${cause}`;
}
