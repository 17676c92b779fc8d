import { describe, expect, it } from 'vitest';
import { elevationGainLoss } from '../../map-routes/elevation';
import { activityStats } from './stats';
import type { ActivityStreams } from './streams';
import { equatorTrack, onEquator, steps } from './track-test-helpers';

const ROAD = 34;
const RUNNING = 5;
const HIKING = 35;

/** Every number in the answer, however deep, is finite (no NaN or Infinity reaches a client). */
function expectAllFinite(value: unknown) {
  if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) expectAllFinite(v);
}

describe('activityStats: distance and time', () => {
  it('measures a degree of latitude along a meridian as the WGS84 ellipsoid has it', () => {
    // The meridian arc from 0° to 1° at the equator is 110,574.3 m on WGS84 (a sphere would say 111,195 m). 10,001
    // fixes 0.0001° (≈ 11 m) apart, one a second: 10,000 s, all moving, ≈ 11.057 m/s, the same speed held throughout.
    const streams: ActivityStreams = { time: steps(10_001), position: steps(10_001).map((i) => [0, i / 10_000] as [number, number]) };
    const stats = activityStats(streams, { sportId: ROAD });
    expect(stats.distanceM).toBeCloseTo(110_574.3, 0);
    expect(stats.elapsedS).toBe(10_000);
    expect(stats.movingS).toBe(10_000);
    expect(stats.averageSpeedMps).toBeCloseTo(11.0574, 3);
    expect(stats.maxSpeedMps).toBeCloseTo(11.06, 1);
    expect(stats.paceSPerKm).toBeNull(); // a ride shows speed, not pace
    expect(stats.bounds).toEqual([0, 0, 0, 1]);
    expect(stats.start).toEqual([0, 0]);
    expect(stats.end).toEqual([0, 1]);
  });

  it('counts a 5-minute stop in elapsed time but not in moving time', () => {
    // 600 s at 5 m/s (3,000 m), standing 300 s at the same fix, 600 s more at 5 m/s: 6,000 m, 1,500 s elapsed, 1,200 s
    // moving, 5 m/s average moving speed.
    const time = steps(1_501);
    const metres = time.map((t) => (t <= 600 ? t * 5 : t <= 900 ? 3_000 : 3_000 + (t - 900) * 5));
    const stats = activityStats(equatorTrack(time, metres), { sportId: ROAD });
    expect(stats.distanceM).toBeCloseTo(6_000, 6);
    expect(stats.elapsedS).toBe(1_500);
    expect(stats.movingS).toBe(1_200);
    expect(stats.averageSpeedMps).toBeCloseTo(5, 9);
  });

  it('counts a stop that smart recording left without samples as paused', () => {
    // 0–600 s at 5 m/s; the next sample is 80 s later only 4 m on (0.05 m/s: stopped, then rolling off); then 100 s more
    // at 5 m/s. Moving: 600 + 100 = 700 s of 780; distance 3,000 + 4 + 500.
    const time = [...steps(601), ...steps(101, 1, 680)];
    const metres = [...steps(601, 5), ...steps(101, 5, 3_004)];
    const stats = activityStats(equatorTrack(time, metres), { sportId: ROAD });
    expect(stats.elapsedS).toBe(780);
    expect(stats.movingS).toBe(700);
    expect(stats.distanceM).toBeCloseTo(3_504, 6);
  });

  it('rides through a short loss of fix and does not invent distance across a long gap', () => {
    // 0–300 s at 5 m/s, fixes lost from 100 to 129 s (a tunnel: bridged, it is on the way). Then the recording pauses
    // for 600 s while a car moves the rider 3 km; 300 s more at 5 m/s. Distance: 1,500 + 1,500 m, the 3 km not counted;
    // moving 600 s of 1,200.
    const before = steps(301);
    const after = steps(301, 1, 900);
    const time = [...before, ...after];
    const metres = [...before.map((t) => (t >= 100 && t < 130 ? null : t * 5)), ...after.map((t) => 4_500 + (t - 900) * 5)];
    const stats = activityStats(equatorTrack(time, metres), { sportId: ROAD });
    expect(stats.distanceM).toBeCloseTo(3_000, 6);
    expect(stats.elapsedS).toBe(1_200);
    expect(stats.movingS).toBe(600);
    expect(stats.end).toEqual(onEquator(6_000));
  });

  it('keeps a power-saving watch’s minute-apart fixes whole', () => {
    // A hike recorded every 60 s (UltraTrac-style), 72 m a minute (1.2 m/s) for an hour: 4,320 m, all 3,600 s moving.
    const time = steps(61, 60);
    const stats = activityStats(equatorTrack(time, time.map((t) => t * 1.2)), { sportId: HIKING });
    expect(stats.distanceM).toBeCloseTo(4_320, 6);
    expect(stats.movingS).toBe(3_600);
    expect(stats.paceSPerKm).toBeCloseTo(1_000 / 1.2, 6);
  });

  it('keeps the max speed of the riding, not of one misplaced fix', () => {
    // 5 m/s along the equator; the fix at 200 s jumps 30 m north and back: two 1 s steps of ≈ 30 m/s. Held for 5 s,
    // the fastest is still 5 m/s.
    const time = steps(401);
    const streams = equatorTrack(time, time.map((t) => t * 5));
    streams.position[200] = [onEquator(1_000)[0], 30 / 110_574];
    expect(activityStats(streams, { sportId: ROAD }).maxSpeedMps).toBeCloseTo(5, 6);
  });

  it('takes an indoor ride’s distance from the device’s speed, and counts a gym session’s time as moving', () => {
    // No fix at all; the trainer says 8 m/s for 100 s: 800 m. A heart-rate-only session: all 600 s count.
    const indoor = activityStats({ time: steps(101), position: steps(101).map(() => null), speed: steps(101).map(() => 8) }, { sportId: ROAD });
    expect(indoor.distanceM).toBe(800);
    expect(indoor.movingS).toBe(100);
    expect(indoor.bounds).toBeNull();
    const gym = activityStats({ time: steps(601), position: [], heartRate: steps(601).map(() => 120) }, { sportId: 59 });
    expect(gym.movingS).toBe(600);
    expect(gym.averageHeartRate).toBe(120);
  });

  it('answers empty and one-point tracks without NaN or a throw', () => {
    const empty = activityStats({ time: [], position: [] }, { sportId: RUNNING });
    expect(empty).toMatchObject({ distanceM: 0, elapsedS: 0, movingS: 0, averageSpeedMps: null, maxSpeedMps: null, paceSPerKm: null });
    expect(empty.splits).toEqual({ metric: [], imperial: [] });
    expectAllFinite(empty);
    const one = activityStats({ time: [1_700_000_000], position: [[7, 46]], elevation: [500], heartRate: [90] }, { sportId: RUNNING });
    expect(one).toMatchObject({ distanceM: 0, elapsedS: 0, movingS: 0, bounds: [7, 46, 7, 46], start: [7, 46], end: [7, 46] });
    expect(one).toMatchObject({ elevationGainM: 0, elevationMaxM: 500, maxHeartRate: 90, averageHeartRate: null });
    expectAllFinite(one);
  });
});

describe('activityStats: pace', () => {
  it('gives exactly 5:00 a km (8:02.8 a mile) for 10 km in 50 minutes of running', () => {
    // 1,000 m every 300 s: 3.333… m/s. A mile is 1,609.344 m: 300 × 1.609344 = 482.8032 s.
    const time = steps(3_001);
    const stats = activityStats(equatorTrack(time, time.map((t) => (t * 1_000) / 300)), { sportId: RUNNING });
    expect(stats.distanceM).toBeCloseTo(10_000, 6);
    expect(stats.paceSPerKm).toBeCloseTo(300, 6);
    expect(stats.paceSPerMile).toBeCloseTo(482.8032, 6);
    expect(stats.splits.metric.map((s) => Math.round(s.movingS * 1000) / 1000)).toEqual(Array(10).fill(300));
  });
});

describe('activityStats: elevation', () => {
  it('does not overstate the climb of a noisy sawtooth', () => {
    // Three climbs of 30 m and back down, 1 m a sample, with ±1 m of alternating GPS noise on top: the true climb is
    // 90 m. The raw sum of rises counts every wobble (every second step rises 3 m): ≈ 135 m. Ours stays within 5 % of
    // 90 m: the noise can lift or lower a top by a metre, and the hysteresis may leave up to 3 m of a top uncounted.
    const base = [...steps(31), ...steps(30, -1, 29)];
    const elevation = [...base, ...base, ...base].map((e, i) => e + (i % 2 === 0 ? 1 : -1));
    const time = steps(elevation.length);
    const stats = activityStats(equatorTrack(time, time, { elevation }), { sportId: HIKING });
    let raw = 0;
    for (let i = 1; i < elevation.length; i++) raw += Math.max(0, elevation[i]! - elevation[i - 1]!);
    expect(raw).toBeGreaterThan(130);
    for (const total of [stats.elevationGainM!, stats.elevationLossM!]) {
      expect(total).toBeGreaterThanOrEqual(85.5);
      expect(total).toBeLessThanOrEqual(94.5);
    }
  });

  it('counts a flat track’s noise as no climb, and ignores missing elevations', () => {
    // 1,000 samples at 100 m ± 1 m, every tenth missing: 0 m gained (the raw sum would be ≈ 900 m).
    const elevation = steps(1_000).map((i) => (i % 10 === 5 ? null : 100 + (i % 2 === 0 ? 1 : -1)));
    const stats = activityStats(equatorTrack(steps(1_000), steps(1_000)), { sportId: HIKING });
    const withElevation = activityStats(equatorTrack(steps(1_000), steps(1_000), { elevation }), { sportId: HIKING });
    expect(stats.elevationGainM).toBeNull();
    expect(withElevation).toMatchObject({ elevationGainM: 0, elevationLossM: 0, elevationMinM: 99, elevationMaxM: 101 });
    expect(elevationGainLoss([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual({ gain: 9, loss: 0 }); // the primitive reused as is
  });
});

describe('activityStats: heart rate, power, cadence, calories', () => {
  // 300 moving steps of 1 s at 5 m/s. Heart rate 110 for samples 0–100, 150 for 101–200, 190 for 201–300.
  const time = steps(301);
  const heartRate = time.map((t) => (t <= 100 ? 110 : t <= 200 ? 150 : 190));
  const streams = equatorTrack(time, time.map((t) => t * 5), { heartRate });

  it('times the heart-rate zones for a given maximum', () => {
    // Max 200: zones start at 120, 140, 160, 180. Steps average their two ends: 100 steps at 110 (zone 1), the step
    // 110→150 at 130 (zone 2), 99 at 150 (zone 3), the step 150→190 at 170 (zone 4), 99 at 190 (zone 5).
    const stats = activityStats(streams, { sportId: ROAD, maxHeartRate: 200 });
    expect(stats.heartRateZones).toEqual({ maxHeartRate: 200, lowerBounds: [120, 140, 160, 180], seconds: [100, 1, 99, 1, 99] });
    // (100·110 + 130 + 99·150 + 170 + 99·190) / 300 = 44,960 / 300
    expect(stats.averageHeartRate).toBeCloseTo(149.8667, 4);
    expect(stats.maxHeartRate).toBe(190);
  });

  it('uses a maximum of 190 by default, and has no zones without heart rate', () => {
    // 60/70/80/90 % of 190: 114, 133, 152, 171 — 150 falls in zone 3 still, 190 in zone 5.
    const zones = activityStats(streams, { sportId: ROAD }).heartRateZones!;
    expect(zones.lowerBounds.map((b) => Math.round(b))).toEqual([114, 133, 152, 171]);
    expect(zones.seconds).toEqual([100, 1, 99, 1, 99]);
    expect(activityStats(equatorTrack(time, time), { sportId: ROAD }).heartRateZones).toBeNull();
  });

  it('averages power over moving time and estimates calories from its work, or takes the device’s', () => {
    // 200 W for 3,600 moving seconds: 720 kJ of work; at 24 % efficiency 3,000 kJ burnt; / 4.184 = 717.017 kcal.
    const hour = steps(3_601);
    const ride = equatorTrack(hour, hour.map((t) => t * 5), { power: hour.map(() => 200) });
    const estimated = activityStats(ride, { sportId: ROAD });
    expect(estimated).toMatchObject({ averagePower: 200, maxPower: 200, caloriesSource: 'power' });
    expect(estimated.calories).toBeCloseTo(717.017, 3);
    // One 900 W sample: its two steps average (200 + 900) / 2 = 550 W, 700 J more in all: 200 + 700 / 3,600 W.
    const sprint = activityStats({ ...ride, power: hour.map((t) => (t === 1_800 ? 900 : 200)) }, { sportId: ROAD });
    expect(sprint.averagePower).toBeCloseTo(200.19444, 5);
    expect(sprint.maxPower).toBe(900);
    const device = activityStats(ride, { sportId: ROAD, totals: { calories: 650 } });
    expect(device).toMatchObject({ calories: 650, caloriesSource: 'device' });
    expect(activityStats(streams, { sportId: ROAD })).toMatchObject({ calories: null, caloriesSource: null, averagePower: null });
  });

  it('leaves coasting zeros out of the average cadence', () => {
    // Pedalling at 90 for 10 s, coasting (0) for 10 s, in turn: the average cadence is 90, not 45.
    const cadence = time.map((t) => (Math.floor(t / 10) % 2 === 0 ? 90 : 0));
    expect(activityStats({ ...streams, cadence }, { sportId: ROAD }).averageCadence).toBe(90);
  });
});
