/**
 * Metres a route climbs and descends, from its elevations in order along it.
 *
 * GPS and contour elevations wobble by a metre or two from point to point; summing every wobble would add hundreds of
 * metres of "climb" to a flat ride. So a change counts only once it reaches NOISE_M from the last elevation that
 * counted (hysteresis): a steady climb is counted whole, in steps, while wobbles smaller than NOISE_M around one level
 * count nothing. What is left over at the end (under NOISE_M) is not counted.
 */
export const NOISE_M = 3;

export function elevationGainLoss(elevations: readonly number[], noise = NOISE_M): { gain: number; loss: number } {
  let gain = 0;
  let loss = 0;
  let level = elevations[0];
  for (const e of elevations) {
    if (level === undefined) break;
    if (e - level >= noise) {
      gain += e - level;
      level = e;
    } else if (level - e >= noise) {
      loss += level - e;
      level = e;
    }
  }
  return { gain, loss };
}
