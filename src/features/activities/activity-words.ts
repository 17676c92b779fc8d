import type { IconName } from '../../components/icons';
import { formatPace } from '../../lib/duration-format';
import { formatSpeed, type Units } from '../../lib/units';
import { usesPace } from './pace-sports';

/** The words and pictures of activities in lists: sport names and icons, counts, pace or speed, hidden parts. */

const SPORT_ICONS: Record<number, IconName> = {
  53: 'bikeTrail',
  37: 'bikeElectric',
  34: 'bikeRoad',
  35: 'summit',
  5: 'shoe',
  54: 'walker',
};

export const sportIcon = (sportId: number): IconName => SPORT_ICONS[sportId] ?? 'activities';

/** "Pace 8:03 /mi" for a run, "Speed 13.4 mph" for a ride; null without a speed (a gym session, standing still). */
export function paceOrSpeed(sportId: number, averageSpeed: number | null, units: Units): { term: 'Pace' | 'Speed'; value: string } | null {
  if (averageSpeed === null || !(averageSpeed > 0)) return null;
  if (!usesPace(sportId)) return { term: 'Speed', value: formatSpeed(averageSpeed, units) };
  const pace = formatPace(averageSpeed, units);
  return pace ? { term: 'Pace', value: pace } : null;
}

export const HIDDEN_PARTS_OWNER = 'Part of this track is hidden from others';
export const HIDDEN_PARTS_OTHERS = 'Part of this track is hidden for privacy';

/** "1 activity", "3 activities". */
export const activityCount = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'activity' : 'activities'}`;
