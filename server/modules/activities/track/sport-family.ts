import type { SportId } from '#contract/sports';

/**
 * What kind of moving a sport is, for the numbers that depend on it (issue 21): when a step counts as a stop, whether
 * speed is shown as a pace, and what the default title calls it. The one place that maps contract/sports.ts ids.
 */
export type SportFamily = 'ride' | 'run' | 'hike' | 'walk' | 'other';

const FAMILY_OF: Record<SportId, SportFamily> = {
  53: 'ride', // MTB
  37: 'ride', // eBike
  34: 'ride', // Road
  35: 'hike', // Hiking
  5: 'run', // Running
  54: 'walk', // Walking
  59: 'other', // Other
};

type FamilyTraits = {
  /**
   * Below this speed (m/s) a step counts as stopped. A rider balancing at 1 m/s (3.6 km/h) is waiting at a light; a
   * runner under 0.6 m/s is standing; a hiker picking a way up a scramble can be slower still, so on foot the bar is
   * 0.3 m/s, just above what a still GPS drifts at over several seconds. "Other" may be anything, so it takes the
   * lowest bar: better to count a slow activity as moving than to call it stopped.
   */
  autoPauseMps: number;
  /** Shown as a pace (time per km or mile) rather than a speed, as people on foot think of it. */
  paced: boolean;
  /** The noun of the default title: "Morning ride". */
  noun: string;
};

export const FAMILY_TRAITS: Record<SportFamily, FamilyTraits> = {
  ride: { autoPauseMps: 1.0, paced: false, noun: 'ride' },
  run: { autoPauseMps: 0.6, paced: true, noun: 'run' },
  hike: { autoPauseMps: 0.3, paced: true, noun: 'hike' },
  walk: { autoPauseMps: 0.3, paced: true, noun: 'walk' },
  other: { autoPauseMps: 0.3, paced: false, noun: 'activity' },
};

/** The family of a sport id; an id this server does not know (a newer app's) is "other". */
export function sportFamily(sportId: number): SportFamily {
  return (FAMILY_OF as Record<number, SportFamily | undefined>)[sportId] ?? 'other';
}
