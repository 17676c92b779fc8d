import { describe, expect, it } from 'vitest';
import { measureTrack } from '../track/track-measure';
import { equatorTrack, steps } from '../track/track-test-helpers';
import { trackPayload } from './track-payload';

const RUNNING = 5;

describe('trackPayload: the speed the charts draw', () => {
  it('is measured over the seconds around each sample where the device records every second', () => {
    // 3 m/s for 60 s, then 2 m/s.
    const time = steps(121);
    const metres = time.map((t) => (t <= 60 ? 3 * t : 180 + 2 * (t - 60)));
    const streams = equatorTrack(time, metres);
    const speed = trackPayload(streams, measureTrack(streams, RUNNING), {}).series.speed!;
    expect(speed[30]).toBeCloseTo(3, 1);
    expect(speed[100]).toBeCloseTo(2, 1);
  });

  it('is measured from the neighbours where samples are further apart than that window (a thinned export)', () => {
    // A sample every 20 s at 2.5 m/s: no other sample within 5 s of any, which had left the pace chart empty.
    const time = steps(60, 20);
    const streams = equatorTrack(time, time.map((t) => 2.5 * t));
    const speed = trackPayload(streams, measureTrack(streams, RUNNING), {}).series.speed!;
    expect(speed.filter((v) => v === null)).toHaveLength(0);
    expect(speed[0]).toBeCloseTo(2.5, 1);
    expect(speed[30]).toBeCloseTo(2.5, 1);
    expect(speed[59]).toBeCloseTo(2.5, 1);
  });

  it('has none across a recording gap: the sample after a 10-minute pause is not given the pause’s speed', () => {
    const time = [...steps(10, 20), ...steps(10, 20, 780)];
    const metres = time.map((t, i) => (i < 10 ? 2 * t : 2 * 180 + 2 * (t - 780)));
    const streams = equatorTrack(time, metres);
    const speed = trackPayload(streams, measureTrack(streams, RUNNING), {}).series.speed!;
    // Each side measures by its own neighbours only: 2 m/s throughout, never the 0.0x m/s across the pause.
    expect(speed[9]).toBeCloseTo(2, 1);
    expect(speed[10]).toBeCloseTo(2, 1);
  });
});
