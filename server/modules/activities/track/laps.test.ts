import { describe, expect, it } from 'vitest';
import { activityLaps } from './laps';
import { summariseRange } from './splits';
import { measureTrack } from './track-measure';
import { equatorTrack, steps } from './track-test-helpers';

describe('activityLaps', () => {
  // 5 m/s for 300 s, heart rate 120 for the first 100 s and 160 after.
  const time = steps(301);
  const streams = equatorTrack(time, time.map((t) => t * 5), { heartRate: time.map((t) => (t < 100 ? 120 : 160)) });
  const measure = measureTrack(streams, 34);

  it('gives each file lap a split’s numbers, and laps that follow each other add up to the activity', () => {
    // Laps at samples 0–99 and 100–300. The step 99 → 100 belongs to the first lap: 100 s and 500 m each side of it
    // is 100 s / 500 m and 200 s / 1,000 m. Heart rate: 99 steps at 120 and one at 140 → 120.2; then 160.
    const laps = activityLaps(streams, measure, [
      { startIndex: 0, endIndex: 99 },
      { startIndex: 100, endIndex: 300 },
    ]);
    expect(laps).toHaveLength(2);
    expect(laps[0]).toMatchObject({ movingS: 100, elapsedS: 100, elevationChangeM: null });
    expect(laps[0]!.distanceM).toBeCloseTo(500, 6);
    expect(laps[0]!.averageHeartRate).toBeCloseTo(120.2, 9);
    expect(laps[1]).toMatchObject({ movingS: 200, elapsedS: 200, averageHeartRate: 160 });
    const whole = summariseRange(streams, measure, 0, 300);
    expect(laps[0]!.distanceM + laps[1]!.distanceM).toBeCloseTo(whole.distanceM, 6);
    expect(laps[0]!.movingS + laps[1]!.movingS).toBe(whole.movingS);
  });

  it('leaves out laps that do not fit the samples', () => {
    const laps = activityLaps(streams, measure, [
      { startIndex: 50, endIndex: 10 },
      { startIndex: 200, endIndex: 400 },
      { startIndex: -1, endIndex: 5 },
      { startIndex: 10, endIndex: 20 },
    ]);
    expect(laps).toHaveLength(1);
    expect(laps[0]).toMatchObject({ movingS: 10, elapsedS: 10 });
  });
});
