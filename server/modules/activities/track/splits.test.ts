import { describe, expect, it } from 'vitest';
import { activitySplits, SPLIT_M } from './splits';
import { measureTrack } from './track-measure';
import { equatorTrack, steps } from './track-test-helpers';

const RUNNING = 5;

describe('activitySplits', () => {
  // A run at 3 m/s sampled every 10 s (30 m a sample) for 840 s: 2,520 m. The track climbs 1 % (elevation = distance /
  // 100) and the heart rate rises 1 bpm every 10 s (100 + t / 10), both linear in time.
  const time = steps(85, 10);
  const streams = equatorTrack(time, time.map((t) => t * 3), {
    elevation: time.map((t) => (t * 3) / 100),
    heartRate: time.map((t) => 100 + t / 10),
  });
  const measure = measureTrack(streams, RUNNING);

  it('cuts kilometres exactly where they are crossed, between samples', () => {
    // 1,000 m is crossed at 333.33 s, between the samples at 330 and 340 s; 2,000 m at 666.67 s. Splits: 1,000, 1,000
    // and a last 520 m; moving 333.33, 333.33, 173.33 s; climbing 10, 10, 5.2 m. Mean heart rate of a linear rise is
    // its value mid-split: 100 + 166.67 / 10, 100 + 500 / 10, 100 + 753.33 / 10.
    const splits = activitySplits(streams, measure, SPLIT_M.metric);
    expect(splits).toHaveLength(3);
    const expected = [
      { distanceM: 1_000, movingS: 1_000 / 3, elapsedS: 1_000 / 3, elevationChangeM: 10, averageHeartRate: 116.6667 },
      { distanceM: 1_000, movingS: 1_000 / 3, elapsedS: 1_000 / 3, elevationChangeM: 10, averageHeartRate: 150 },
      { distanceM: 520, movingS: 520 / 3, elapsedS: 520 / 3, elevationChangeM: 5.2, averageHeartRate: 175.3333 },
    ];
    splits.forEach((split, i) => {
      for (const [key, value] of Object.entries(expected[i]!)) expect(split[key as keyof typeof split]).toBeCloseTo(value, 3);
      expect(split.averagePower).toBeNull();
    });
  });

  it('cuts international miles of 1,609.344 m', () => {
    // One full mile, crossed at 1,609.344 / 3 = 536.448 s, and 910.656 m left over.
    const splits = activitySplits(streams, measure, SPLIT_M.imperial);
    expect(splits.map((s) => s.distanceM)).toEqual([expect.closeTo(1_609.344, 6), expect.closeTo(910.656, 6)]);
    expect(splits[0]!.movingS).toBeCloseTo(536.448, 6);
    expect(splits[0]!.elevationChangeM).toBeCloseTo(16.09344, 6);
  });

  it('has no empty last split when the track ends on a kilometre, and counts a stop in its split’s elapsed time only', () => {
    // 0–200 s at 5 m/s (1,000 m), standing 300 s, then 200 s more at 5 m/s: exactly 2,000 m. The stop comes after
    // the first kilometre's mark, so it falls in the second split: 500 s elapsed there, 200 s moving.
    const t = steps(701);
    const metres = t.map((s) => (s <= 200 ? s * 5 : s <= 500 ? 1_000 : 1_000 + (s - 500) * 5));
    const track = equatorTrack(t, metres);
    const splits = activitySplits(track, measureTrack(track, RUNNING), SPLIT_M.metric);
    expect(splits).toHaveLength(2);
    expect(splits[0]).toMatchObject({ movingS: expect.closeTo(200, 6), elapsedS: expect.closeTo(200, 6) });
    expect(splits[1]).toMatchObject({ movingS: expect.closeTo(200, 6), elapsedS: expect.closeTo(500, 6) });
    expect(splits[1]!.distanceM).toBeCloseTo(1_000, 6);
  });

  it('places a kilometre crossed in a loss of fix by time, and has none for empty or one-point tracks', () => {
    // 5 m/s, no fix from 150 to 229 s (a step of 81 s, under GAP_S): the 1 km mark is passed in it, at 200 s still.
    const t = steps(301);
    const track = equatorTrack(t, t.map((s) => (s >= 150 && s < 230 ? null : s * 5)));
    expect(activitySplits(track, measureTrack(track, RUNNING), 1_000)[0]!.elapsedS).toBeCloseTo(200, 6);
    const empty = { time: [], position: [] };
    expect(activitySplits(empty, measureTrack(empty, RUNNING), 1_000)).toEqual([]);
    const one = equatorTrack([0], [0]);
    expect(activitySplits(one, measureTrack(one, RUNNING), 1_000)).toEqual([]);
  });
});
