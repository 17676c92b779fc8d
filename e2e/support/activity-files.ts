import { fitFile, gpxFile } from '../../server/demo/activity-files';
import type { TrackSample } from '../../server/demo/activity-tracks';

/**
 * Activity files made in the test, as devices make them (nothing binary is checked in): a ride of `points` samples
 * `everySeconds` apart, starting at `start` and heading away along `bearing` (degrees) with a gentle weave, climbing
 * and falling, with heart rate, cadence and power; written by the demo world's writers (server/demo/activity-files.ts):
 * a GPX as Garmin Connect exports it, or a FIT through Garmin's own encoder.
 */

export type RideShape = { start: { lat: number; lng: number }; startTime: number; bearing: number; points?: number; everySeconds?: number; metresPerStep?: number };

const EARTH_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres between two `{ lat, lng }` points. */
export function haversine(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.sqrt(h));
}

/** The ride's samples: the first exactly at `start`, then one step of `metresPerStep` each `everySeconds`. */
export function rideSamples({ start, startTime, bearing, points = 300, everySeconds = 5, metresPerStep = 30 }: RideShape): TrackSample[] {
  const samples: TrackSample[] = [];
  let { lat, lng } = start;
  for (let i = 0; i < points; i++) {
    const at = { lat: Math.round(lat * 1e7) / 1e7, lng: Math.round(lng * 1e7) / 1e7 };
    const before = samples.at(-1);
    samples.push({
      time: startTime + i * everySeconds,
      ...at,
      ele: Math.round((1600 + 80 * Math.sin(i / 45) + i * 0.4) * 10) / 10,
      distance: before ? before.distance + haversine(before, at) : 0,
      hr: Math.round(125 + 25 * Math.sin(i / 30)),
      cadence: 80 + (i % 7),
      power: 180 + Math.round(40 * Math.sin(i / 20)),
    });
    const heading = rad(bearing + 25 * Math.sin(i / 35));
    lat += ((metresPerStep * Math.cos(heading)) / EARTH_M) * (180 / Math.PI);
    lng += ((metresPerStep * Math.sin(heading)) / (EARTH_M * Math.cos(rad(lat)))) * (180 / Math.PI);
  }
  return samples;
}

/** Metres along the samples, point to point. */
export const rideLength = (samples: readonly TrackSample[]) => samples.at(-1)?.distance ?? 0;

/** A GPX 1.1 track named `name`, with times, elevation, heart rate, cadence and power; a road ride unless `type` says. */
export const gpxRide = (name: string, samples: readonly TrackSample[], type = 'cycling') => gpxFile(samples, { name, type });

/** A FIT activity as a bike computer writes it (a mountain bike ride, a lap every 5 km). */
export const fitRide = (samples: readonly TrackSample[]) => fitFile(samples, { sport: 'cycling', subSport: 'mountain', lapM: 5000 });
