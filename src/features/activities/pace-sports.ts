/**
 * Running (5), Hiking (35) and Walking (54) are timed by pace, minutes a kilometre or a mile, as athletes on foot
 * read them; rides by speed (contract/sports.ts ids).
 */
const PACE_SPORTS: readonly number[] = [5, 35, 54];

export const usesPace = (sportId: number) => PACE_SPORTS.includes(sportId);
