import type { SportId } from '#contract/sports';

/**
 * Typical moving speeds in km/h by sport (contract/sports.ts ids): an amateur's average on mixed terrain, stops not
 * counted. They give an event's "expected time" from its route, a guide, not a promise.
 */
export const MOVING_SPEED_KMH: Record<SportId, number> = {
  53: 14, // MTB
  37: 20, // eBike
  34: 25, // Road
  35: 4.5, // Hiking
  5: 10, // Running
  54: 5, // Walking
  59: 12, // Other
};

/** Naismith's rule: on foot, an hour more for every 600 m climbed. */
const CLIMB_M_PER_HOUR = 600;
const ON_FOOT = new Set<number>([35]);

/** Seconds a route takes at the sport's moving speed, plus climbing time for a hike when the climb is known. */
export function expectedTimeSeconds(sportId: number, distanceM: number, gainM: number | null): number {
  const speed = (MOVING_SPEED_KMH as Record<number, number>)[sportId] ?? MOVING_SPEED_KMH[59];
  let hours = distanceM / 1000 / speed;
  if (ON_FOOT.has(sportId) && gainM !== null) hours += gainM / CLIMB_M_PER_HOUR;
  return Math.round(hours * 3600);
}
