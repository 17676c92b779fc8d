import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LngLat } from '#contract/map-routes';
import { geodesicDistance } from '../../map-routes/geodesy';
import type { ActivityStreams } from '../track/streams';
import { EQUATOR_M_PER_DEG, equatorTrack, onEquator, steps } from '../track/track-test-helpers';
import { offsetBy, randomWalk, uniform } from './privacy-test-helpers';
import {
  HIDE_ENDS_MAX_M,
  MAX_OFFSET_FRACTION,
  hiddenMask,
  isInsideZone,
  minOffsetM,
  storedZone,
  trimmedForOthers,
  type StoredZone,
} from './privacy-zones';
import { seededRandom } from '../../../lib/seeded-random';

// Check 19: what leaves the server for anyone but the owner holds no sample from inside a privacy zone or a hidden end.

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);

/** A random source that answers these values in turn (storedZone draws the distance, then the direction). */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

/** Metres east along the equator of each returned position (null stays null). */
const eastOf = (streams: ActivityStreams) => streams.position.map((p) => (p ? Math.round(p[0] * EQUATOR_M_PER_DEG) : null));

/** A track along the equator, a fix every 10 m from 0 to `lengthM`, heart rate = the sample's index. */
function equatorRide(lengthM: number) {
  const count = lengthM / 10 + 1;
  return equatorTrack(steps(count), steps(count, 10), { heartRate: steps(count), elevation: steps(count, 1, 100) });
}

describe('storedZone', () => {
  it('keeps not the true centre but one moved at least a quarter of the radius, and trims wide enough to cover the zone', () => {
    // The least offset (0 draws it) due north (0.5 draws azimuth 0): 100 m north of home for a 400 m zone.
    const home = onEquator(0);
    const zone = storedZone(home, 400, sequence(0, 0.5));
    expect(zone.centre).not.toEqual(home);
    expect(geodesicDistance(home, zone.centre)).toBeCloseTo(100, 1);
    expect(zone.centre[1]).toBeGreaterThan(0);
    expect(zone.radiusM).toBe(400);
    expect(zone.trimRadiusM).toBeGreaterThanOrEqual(500);
    expect(zone.trimRadiusM).toBeLessThanOrEqual(501);
  });

  it('moves the centre at most half the radius, and widens the trim by at most a quarter more', () => {
    const zone = storedZone(onEquator(0), 1_600, sequence(0.999_999, 0.1, 0));
    expect(geodesicDistance(onEquator(0), zone.centre)).toBeCloseTo(800, 0);
    expect(zone.trimRadiusM).toBeLessThanOrEqual(2_401);
    // The margin hides the offset from whoever knows the radius picked: trim minus radius is not the offset.
    const widest = storedZone(onEquator(0), 1_600, sequence(0.999_999, 0.1, 0.999_999));
    expect(widest.trimRadiusM).toBeGreaterThan(2_700);
    expect(widest.trimRadiusM).toBeLessThanOrEqual(2_801);
  });

  it('draws from the system CSPRNG by default: two zones around one home differ', () => {
    const home: LngLat = [8.5417, 47.3769];
    expect(storedZone(home, 500).centre).not.toEqual(storedZone(home, 500).centre);
  });

  it('refuses a radius outside 200 m–1.6 km and a point that is not one', () => {
    expect(() => storedZone([0, 0], 199)).toThrow(RangeError);
    expect(() => storedZone([0, 0], 1_601)).toThrow(RangeError);
    expect(() => storedZone([0, 0], Number.NaN)).toThrow(RangeError);
    expect(() => storedZone([0, 91], 500)).toThrow(RangeError);
  });

  it('property: the stored circle covers the whole true zone, and lies between the least and the most offset from it', () => {
    fc.assert(
      fc.property(
        uniform(-180, 180),
        uniform(-89.9, 89.9),
        fc.integer({ min: 200, max: 1_600 }),
        uniform(0, 1),
        uniform(0, 1),
        (lng, lat, radius, u, v) => {
          const home: LngLat = [lng, lat];
          const zone = storedZone(home, radius, sequence(u, v));
          const offset = geodesicDistance(home, zone.centre);
          expect(offset).toBeGreaterThanOrEqual(minOffsetM(radius) - 0.05);
          expect(offset).toBeLessThanOrEqual(radius * MAX_OFFSET_FRACTION + 0.05);
          expect(zone.trimRadiusM).toBeGreaterThanOrEqual(radius + offset);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe('isInsideZone', () => {
  it('property: agrees with the geodesic distance to the stored centre, right up to the edge, from pole to pole', () => {
    fc.assert(
      fc.property(
        uniform(-180, 180),
        uniform(-89, 89),
        fc.integer({ min: 250, max: 2_400 }),
        uniform(0, 2 * Math.PI),
        uniform(0.9, 1.1),
        (lng, lat, trimRadiusM, angle, ratio) => {
          const zone: StoredZone = { centre: [lng, lat], radiusM: 200, trimRadiusM };
          const d = trimRadiusM * ratio;
          const point = offsetBy(zone.centre, d * Math.sin(angle), d * Math.cos(angle));
          expect(isInsideZone(point, zone)).toBe(geodesicDistance(point, zone.centre) <= trimRadiusM);
        },
      ),
      { seed: SEED, numRuns: 2_000 },
    );
  });
});

describe('trimmedForOthers', () => {
  it('hides the start of a ride from home inside the zone, and keeps the rest aligned', () => {
    // Home at 0 m, a 400 m zone stored 100 m north of it (trim radius ≈ 500 m): on the equator the trim circle reaches
    // √(500² − 100²) ≈ 490 m east, so the fixes at 0–490 m are hidden and the ride shows from 500 m on.
    const zone = storedZone(onEquator(0), 400, sequence(0, 0.5));
    const ride = equatorRide(3_000);
    const { streams, trimmed, breaks } = trimmedForOthers(ride, [zone], 0);
    expect(eastOf(streams)[0]).toBe(500);
    expect(trimmed).toEqual({ start: 50, end: 0, hiddenSamples: 50 });
    expect(breaks).toEqual([]);
    expect(streams.time).toEqual(steps(251, 1, 50));
    expect(streams.heartRate).toEqual(steps(251, 1, 50));
    expect(streams.elevation).toEqual(steps(251, 1, 150));
    expect(streams.position).toHaveLength(251);
  });

  it('cuts a pass through a zone out of the middle, keeping both sides and marking where the line breaks', () => {
    // Zone around 1,500 m, stored 100 m north (trim ≈ 500 m): fixes from 1,010 to 1,990 m are hidden.
    const zone = storedZone(onEquator(1_500), 400, sequence(0, 0.5));
    const { streams, trimmed, breaks } = trimmedForOthers(equatorRide(3_000), [zone], 0);
    const east = eastOf(streams);
    expect(east.filter((m) => m! > 1_000 && m! < 2_000)).toEqual([]);
    expect(east.slice(99, 103)).toEqual([990, 1_000, 2_000, 2_010]);
    expect(trimmed).toEqual({ start: 0, end: 0, hiddenSamples: 99 });
    expect(breaks).toEqual([101]);
    // Each kept sample's heart rate and time are still its own.
    expect(streams.heartRate).toEqual(east.map((m) => m! / 10));
    expect(streams.time).toEqual(east.map((m) => m! / 10));
  });

  it('hides exactly the first and last N metres along the track', () => {
    const { streams, trimmed } = trimmedForOthers(equatorRide(1_000), [], 105);
    const east = eastOf(streams);
    expect(east[0]).toBe(110);
    expect(east.at(-1)).toBe(890);
    expect(trimmed).toEqual({ start: 11, end: 11, hiddenSamples: 22 });
  });

  it('measures the hidden ends along the track, not as the crow flies', () => {
    // 300 m out, 300 m back past the start, then away: with 700 m hidden, the loop is hidden and the ride shows from
    // 100 m east on its way out again (samples 0–30 out, 31–60 back, 61 on out again).
    const metres = [...steps(31, 10), ...steps(30, -10, 290), ...steps(101, 10, 10)];
    const { streams } = trimmedForOthers(equatorTrack(steps(metres.length), metres), [], 700);
    expect(eastOf(streams)[0]).toBe(100);
    expect(streams.time[0]).toBe(70);
  });

  it('removes samples without a fix next to hidden ones, wherever they fall, and keeps those between shown ones', () => {
    // No fix for the first 3 s (indoors at home), in the zone at 40–60 s, and at 200–202 s far from it.
    const metres: (number | null)[] = steps(301, 10);
    for (const i of [0, 1, 2, 40, 41, 42, 200, 201, 202, 300]) metres[i] = null;
    const zone = storedZone(onEquator(0), 400, sequence(0, 0.5));
    const { streams, trimmed } = trimmedForOthers(equatorTrack(steps(301), metres), [zone], 0);
    expect(streams.time[0]).toBe(50);
    expect(streams.time).toContain(200);
    expect(streams.time).toContain(300); // the last sample's lost fix touches only a shown one
    expect(trimmed.start).toBe(50);
  });

  it('shows nothing when the whole activity is inside a zone', () => {
    const zone = storedZone(onEquator(0), 1_600, sequence(0, 0.5));
    const { streams, trimmed, breaks } = trimmedForOthers(equatorRide(1_000), [zone], 0);
    expect(streams.time).toEqual([]);
    expect(streams.position).toEqual([]);
    expect(streams.heartRate).toEqual([]);
    expect(trimmed).toEqual({ start: 101, end: 0, hiddenSamples: 101 });
    expect(breaks).toEqual([]);
  });

  it('changes nothing without zones or hidden ends, and leaves an indoor session (no fixes) whole', () => {
    const ride = equatorRide(1_000);
    expect(trimmedForOthers(ride, [], 0)).toEqual({ streams: ride, trimmed: { start: 0, end: 0, hiddenSamples: 0 }, breaks: [] });
    const indoor: ActivityStreams = { time: steps(100), position: steps(100).map(() => null), power: steps(100) };
    expect(trimmedForOthers(indoor, [storedZone(onEquator(0), 400)], 2_000).streams).toBe(indoor);
  });

  it('refuses a hide-ends setting out of range rather than show what it was meant to hide', () => {
    expect(() => trimmedForOthers(equatorRide(100), [], -1)).toThrow(RangeError);
    expect(() => trimmedForOthers(equatorRide(100), [], HIDE_ENDS_MAX_M + 1)).toThrow(RangeError);
    expect(() => trimmedForOthers(equatorRide(100), [], Number.NaN)).toThrow(RangeError);
  });

  it('property: random tracks and zones — no returned point inside a true zone, no shown neighbour of a hidden sample, streams aligned', () => {
    const zoneArb = fc.record({
      east: fc.integer({ min: -2_000, max: 2_000 }),
      north: fc.integer({ min: -2_000, max: 2_000 }),
      radius: fc.integer({ min: 200, max: 1_600 }),
      u: uniform(0, 1),
      v: uniform(0, 1),
    });
    fc.assert(
      fc.property(
        uniform(-180, 180),
        uniform(-75, 75),
        fc.array(zoneArb, { maxLength: 5 }),
        fc.oneof(fc.constant(0), fc.integer({ min: 0, max: HIDE_ENDS_MAX_M })),
        fc.integer({ min: 2, max: 500 }),
        fc.integer(),
        (lng, lat, zoneSpecs, hideEndsM, count, walkSeed) => {
          const area: LngLat = [lng, lat];
          const truth = zoneSpecs.map((z) => ({ centre: offsetBy(area, z.east, z.north), radius: z.radius }));
          const zones = zoneSpecs.map((z, i) => storedZone(truth[i]!.centre, z.radius, sequence(z.u, z.v)));
          const random = seededRandom(walkSeed);
          const track = randomWalk(random, offsetBy(area, (random() - 0.5) * 3_000, (random() - 0.5) * 3_000), count, { noFix: 0.15 });
          const { streams } = trimmedForOthers(track, zones, hideEndsM);

          const n = streams.time.length;
          for (const values of [streams.position, streams.heartRate, streams.elevation]) expect(values).toHaveLength(n);
          // heart rate carries each sample's original index: the kept samples are the original ones, in order, whole.
          const kept = streams.heartRate as number[];
          kept.forEach((index, k) => {
            if (k > 0) expect(index).toBeGreaterThan(kept[k - 1]!);
            expect(streams.position[k]).toBe(track.position[index]);
            expect(streams.time[k]).toBe(track.time[index]);
            expect(streams.elevation![k]).toBe(track.elevation![index]);
          });

          for (const p of streams.position) {
            if (!p) continue;
            for (const z of truth) expect(geodesicDistance(p, z.centre)).toBeGreaterThan(z.radius);
            for (const z of zones) expect(geodesicDistance(p, z.centre)).toBeGreaterThan(z.trimRadiusM);
          }

          // Hidden ends: every shown fix is at least hideEndsM along the track from both of its ends.
          const along = alongFixes(track.position);
          const total = along.reduce<number>((m, d) => (d === null ? m : Math.max(m, d)), 0);
          for (const index of kept) {
            const d = along[index];
            if (d === null || d === undefined) continue;
            expect(d).toBeGreaterThanOrEqual(hideEndsM);
            expect(total - d).toBeGreaterThanOrEqual(hideEndsM - 1e-6);
          }

          // A shown sample without a fix has only shown fixes on either side of its run.
          const shown = new Set(kept);
          const hidden = hiddenMask(track, zones, hideEndsM);
          for (const index of kept) {
            if (track.position[index]) continue;
            const before = nearestFix(track.position, index, -1);
            const after = nearestFix(track.position, index, 1);
            if (before >= 0) expect(shown.has(before)).toBe(true);
            if (after >= 0) expect(shown.has(after)).toBe(true);
          }
          expect(hidden.reduce((s, h) => s + h, 0)).toBe(count - n);
        },
      ),
      { seed: SEED, numRuns: 100 },
    );
  });
});

/** Metres along the track from its first fix at each fix (null where a sample has none). */
function alongFixes(position: readonly (LngLat | null)[]): (number | null)[] {
  let prev: LngLat | null = null;
  let sum = 0;
  return position.map((p) => {
    if (!p) return null;
    if (prev) sum += geodesicDistance(prev, p);
    prev = p;
    return sum;
  });
}

function nearestFix(position: readonly (LngLat | null)[], from: number, step: 1 | -1): number {
  for (let i = from + step; i >= 0 && i < position.length; i += step) if (position[i]) return i;
  return -1;
}
