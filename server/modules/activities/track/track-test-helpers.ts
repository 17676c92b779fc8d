import type { LngLat } from '#contract/map-routes';
import type { ActivityStreams } from './streams';

/** Metres in one degree of longitude along the equator: the WGS84 semi-major axis × π / 180. Along the equator the
 * geodesic is the equator itself, so a track there measures exactly these metres. */
export const EQUATOR_M_PER_DEG = (6_378_137 * Math.PI) / 180;

/** A point `metres` east of 0° along the equator. */
export const onEquator = (metres: number): LngLat => [metres / EQUATOR_M_PER_DEG, 0];

/** Streams of a track along the equator: at each time, the distance from the start (null: no fix). */
export function equatorTrack(time: number[], metres: (number | null)[], more: Partial<ActivityStreams> = {}): ActivityStreams {
  return { time, position: metres.map((m) => (m === null ? null : onEquator(m))), ...more };
}

/** 0, 1, … count − 1 times `step`. */
export const steps = (count: number, step = 1, from = 0) => Array.from({ length: count }, (_, i) => from + i * step);
