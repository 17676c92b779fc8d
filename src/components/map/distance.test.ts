import { describe, expect, it } from 'vitest';
import { cumulativeMetres, EARTH_RADIUS_METRES, haversineMetres, pathMetres } from './distance';

describe('haversine distance', () => {
  it('matches figures known on a sphere of the mean Earth radius', () => {
    // One degree of longitude on the equator: 2πR / 360.
    expect(haversineMetres([0, 0], [1, 0])).toBeCloseTo((2 * Math.PI * EARTH_RADIUS_METRES) / 360, 3);
    expect(haversineMetres([0, 0], [1, 0])).toBeCloseTo(111_195.08, 1);
    // Equator to pole along a meridian: a quarter of the circumference.
    expect(haversineMetres([12, 0], [12, 90])).toBeCloseTo((Math.PI * EARTH_RADIUS_METRES) / 2, 3);
    // Antipodes: half the circumference, without NaN from rounding.
    expect(haversineMetres([0, 0], [180, 0])).toBeCloseTo(Math.PI * EARTH_RADIUS_METRES, 3);
  });

  it('gives London to Paris as the published ~343.5 km', () => {
    const london: [number, number] = [-0.1278, 51.5074];
    const paris: [number, number] = [2.3522, 48.8566];
    expect(haversineMetres(london, paris) / 1000).toBeCloseTo(343.5, 0);
    expect(haversineMetres(paris, london)).toBe(haversineMetres(london, paris));
  });

  it('measures a path point by point and is zero for a single point', () => {
    const path: [number, number][] = [
      [0, 0],
      [1, 0],
      [1, 1],
    ];
    const legs = [haversineMetres([0, 0], [1, 0]), haversineMetres([1, 0], [1, 1])];
    expect(pathMetres(path)).toBeCloseTo(legs[0]! + legs[1]!, 6);
    expect(cumulativeMetres(path)).toEqual([0, legs[0], legs[0]! + legs[1]!]);
    expect(pathMetres([[5, 5]])).toBe(0);
    expect(pathMetres([])).toBe(0);
    expect(cumulativeMetres([])).toEqual([]);
  });
});
