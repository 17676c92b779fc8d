import type { LngLat } from '#contract/map-routes';
import { EARTH_RADIUS_METRES } from '../../../components/map/distance';

/** Enough sides that a 1.6 km circle's edge strays under 2 m from the true circle, few enough to stay cheap to draw. */
const SIDES = 64;

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;
// Six decimals is ~0.1 m, like every point the maps draw.
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The circle of `radius` metres on the ground around `centre`, as a closed ring (the first point again at the end):
 * a privacy zone drawn on the map (only drawn: rings never go to the server). Each point is where a great circle leaving the centre at that bearing is `radius`
 * away on the sphere, so the ring stays round on the ground at any latitude, however stretched the map projection.
 */
export function circleRing(centre: LngLat, radius: number, sides = SIDES): LngLat[] {
  const lat1 = rad(centre[1]);
  const lng1 = rad(centre[0]);
  const angle = radius / EARTH_RADIUS_METRES;
  const ring: LngLat[] = [];
  for (let i = 0; i < sides; i++) {
    const bearing = (2 * Math.PI * i) / sides;
    const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing));
    const lng2 = lng1 + Math.atan2(Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
    // Not folded into ±180: a ring over the antimeridian stays one continuous ring, which is how maps draw it whole.
    ring.push([round6(deg(lng2)), round6(deg(lat2))]);
  }
  ring.push(ring[0]!);
  return ring;
}
