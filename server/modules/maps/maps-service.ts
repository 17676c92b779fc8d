import type { FastifyBaseLogger } from 'fastify';
import type { LngLat, LocationInfo } from '#contract/map-routes';
import type { Place } from '#contract/places';
import type { AppConfig } from '../../config';
import { mapboxProvider } from './mapbox-provider';

/** Where the maps service writes its failures: a request's or the app's logger (pino), or the console fallback. */
export type MapsLog = Pick<FastifyBaseLogger, 'warn'>;

/**
 * Geocoding and elevations (issue 6, spec §5/§7/§8): the one place the server asks a maps provider anything. A
 * provider failure (network, non-2xx, bad JSON, timeout) is logged and answered with null; nothing here throws to the
 * caller, so a form or a route save goes on without the provider.
 */
export type MapsService = {
  /** `mapbox` when MAPBOX_TOKEN is set, else `none` (which answers null to everything, logging nothing). */
  readonly provider: 'mapbox' | 'none';
  /** Places named so (forward geocoding), or null when there is no provider or it failed. */
  searchPlaces(query: string, limit: number): Promise<Place[] | null>;
  /** Place names around a point, or null when there is no provider or it failed. */
  reverseGeocode(lng: number, lat: number): Promise<LocationInfo | null>;
  /**
   * Metres above sea level for each of `points` (one per point, same order), or null when there is no provider or it
   * failed. Long lines are sampled evenly along their length and the points between samples interpolated.
   */
  elevations(points: readonly LngLat[]): Promise<number[] | null>;
};

export type MapsServiceOptions = {
  /** Per provider request; a request that takes longer is a failure. */
  timeoutMs?: number;
  /** For a whole `elevations` call, all its requests together. */
  totalTimeoutMs?: number;
};

const noProvider: MapsService = {
  provider: 'none',
  reverseGeocode: async () => null,
  searchPlaces: async () => null,
  elevations: async () => null,
};

/** The maps service for this configuration: Mapbox when `config.mapbox` is set, else none. */
export function createMapsService(config: Pick<AppConfig, 'mapbox'>, log: MapsLog, options: MapsServiceOptions = {}): MapsService {
  if (!config.mapbox) return noProvider;
  return mapboxProvider(config.mapbox, log, { timeoutMs: options.timeoutMs ?? 5_000, totalTimeoutMs: options.totalTimeoutMs ?? 15_000 });
}

/** What `GET /api/getMapboxZipCode` answers when nothing is known about the point: every field null, the point echoed. */
export function unknownLocation(lng: number, lat: number): LocationInfo {
  return { lng, lat, locality: null, city: null, state: null, country: null, zipcode: null, address: null };
}

/**
 * For callers with no request logger at hand (the demo seed): failures still reach the process output, as one line.
 * Its objects are already free of secrets (the provider redacts the token before it logs).
 */
export const consoleMapsLog: MapsLog = {
  warn: ((obj: unknown, msg?: string) => (msg === undefined ? console.warn(obj) : console.warn(msg, obj))) as MapsLog['warn'],
};
