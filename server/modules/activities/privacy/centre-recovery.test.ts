import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LngLat } from '#contract/map-routes';
import { geodesicDistance } from '../../map-routes/geodesy';
import { kasaCircleCentre, randomWalk, uniform } from './privacy-test-helpers';
import { minOffsetM, storedZone, trimmedForOthers, type StoredZone } from './privacy-zones';
import { seededRandom } from '../../../lib/seeded-random';

// Check 19, "trimming does not reveal the zone's centre": the attack of Hassan et al. (2018) on Strava. A member's
// activities all start at home; a stranger sees each one begin where the trimming lets it, collects those first
// points from 50 of them and fits a circle through them. Against a circle trimmed around home, its centre is home.

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const ACTIVITIES = 50;
/**
 * How far the attacker's fit may land inside the least offset: the first shown point of each activity lies up to one
 * step (15 m) beyond the trim circle, not on it, which moves the fitted centre by a few metres.
 */
const TOLERANCE_M = 10;

/** The first point each of 50 activities from home shows a stranger; an activity that never leaves the zone shows none. */
function firstShownPoints(home: LngLat, zone: StoredZone, random: () => number): LngLat[] {
  const count = Math.ceil(zone.trimRadiusM / 2);
  const points: LngLat[] = [];
  for (let a = 0; a < ACTIVITIES; a++) {
    const { streams } = trimmedForOthers(randomWalk(random, home, count, { turn: 0.3 }), [zone], 0);
    const first = streams.position.find((p) => p !== null);
    if (first) points.push(first);
  }
  return points;
}

describe('recovering home from trimmed activities (Hassan et al. 2018)', () => {
  it('works against a zone trimmed around home itself: the attacker is competent', () => {
    const home: LngLat = [-0.1276, 51.5072];
    const naive: StoredZone = { centre: home, radiusM: 500, trimRadiusM: 500 };
    const points = firstShownPoints(home, naive, seededRandom(SEED));
    expect(points.length).toBeGreaterThanOrEqual(45);
    expect(geodesicDistance(kasaCircleCentre(points), home)).toBeLessThan(TOLERANCE_M);
  });

  it('property: against the stored zone, the fitted centre lands no closer to home than the least offset', () => {
    fc.assert(
      fc.property(
        uniform(-180, 180),
        uniform(-70, 70),
        fc.integer({ min: 200, max: 1_600 }),
        fc.integer(),
        (lng, lat, radius, seed) => {
          const home: LngLat = [lng, lat];
          const random = seededRandom(seed);
          const zone = storedZone(home, radius, random);
          const points = firstShownPoints(home, zone, random);
          expect(points.length).toBeGreaterThanOrEqual(45);
          const fitted = kasaCircleCentre(points);
          // The attacker finds the stored centre, and the stored centre is not home.
          expect(geodesicDistance(fitted, zone.centre)).toBeLessThan(TOLERANCE_M);
          expect(geodesicDistance(fitted, home)).toBeGreaterThanOrEqual(minOffsetM(radius) - TOLERANCE_M);
        },
      ),
      { seed: SEED, numRuns: 50 },
    );
  });
});
