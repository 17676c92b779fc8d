import { formatDistance, METRES_PER_MILE, type Units } from '../../../lib/units';

/** A distance to choose, in metres for the wire, named in the member's units. */
export type DistanceChoice = { metres: number; label: string };

/**
 * A zone's radius, 200 m to 1.6 km (the contract's bounds). The same five sizes in both units, so a zone reads the
 * same after a switch; in miles they are named by the fraction a rider thinks in.
 */
const RADII: { metres: number; metric: string; imperial: string }[] = [
  { metres: 200, metric: '200 m', imperial: '0.1 mi' },
  { metres: 400, metric: '400 m', imperial: '0.25 mi' },
  { metres: 800, metric: '800 m', imperial: '0.5 mi' },
  { metres: 1200, metric: '1.2 km', imperial: '0.75 mi' },
  { metres: 1600, metric: '1.6 km', imperial: '1 mi' },
];

export const DEFAULT_RADIUS_M = 400;

export const radiusChoices = (units: Units): DistanceChoice[] => RADII.map((r) => ({ metres: r.metres, label: r[units] }));

/** A saved zone's radius by its name among the choices; one made elsewhere (another app) in plain figures. */
export const radiusLabel = (metres: number, units: Units) => RADII.find((r) => r.metres === metres)?.[units] ?? formatDistance(metres, units, 2);

/** Hidden at each end, up to the contract's 2 km: round figures in each unit (the first is off). */
const HIDE_ENDS: Record<Units, DistanceChoice[]> = {
  metric: [0, 100, 200, 500, 1000, 1500, 2000].map((metres) => ({ metres, label: metres === 0 ? 'Off' : metres < 1000 ? `${metres} m` : `${metres / 1000} km` })),
  imperial: [0, 0.1, 0.25, 0.5, 0.75, 1].map((miles) => ({ metres: Math.round(miles * METRES_PER_MILE), label: miles === 0 ? 'Off' : `${miles} mi` })),
};

/**
 * The choices for "Hide the start and end of every activity" in the member's units. A distance saved in the other
 * units (or by another app) is among them as it is, so the form never changes it unasked.
 */
export function hideEndsChoices(units: Units, current: number): DistanceChoice[] {
  const choices = HIDE_ENDS[units];
  if (choices.some((c) => c.metres === current)) return choices;
  return [...choices, { metres: current, label: formatDistance(current, units, 2) }].sort((a, b) => a.metres - b.metres);
}
