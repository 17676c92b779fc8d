import { describe, expect, it } from 'vitest';
import { haversineMetres } from '../../../components/map/distance';
import { circleRing } from './zone-circle';

describe('circleRing', () => {
  it('puts every point of the ring the radius away from the centre, and closes it', () => {
    const centre: [number, number] = [-105.2705, 40.015];
    const ring = circleRing(centre, 800);
    expect(ring).toHaveLength(65);
    expect(ring.at(-1)).toEqual(ring[0]);
    for (const point of ring) expect(haversineMetres(centre, point)).toBeCloseTo(800, 0);
    // The first point is due north, then the ring goes clockwise (east next).
    expect(ring[0]![0]).toBeCloseTo(centre[0], 6);
    expect(ring[0]![1]).toBeGreaterThan(centre[1]);
    expect(ring[16]![0]).toBeGreaterThan(centre[0]);
  });

  it('stays round on the ground far from the equator: the same circle spans twice the longitude at 60° as at 0°', () => {
    const span = (lat: number) => {
      const lngs = circleRing([10, lat], 1600).map(([lng]) => lng);
      return Math.max(...lngs) - Math.min(...lngs);
    };
    expect(span(60) / span(0)).toBeCloseTo(2, 1);
    for (const point of circleRing([10, 60], 1600)) expect(haversineMetres([10, 60], point)).toBeCloseTo(1600, 0);
  });

  it('keeps a ring over the antimeridian continuous, so the map draws one circle rather than a line round the world', () => {
    const ring = circleRing([179.999, -16.5], 1200);
    const lngs = ring.map(([lng]) => lng);
    expect(Math.max(...lngs)).toBeGreaterThan(180);
    expect(Math.max(...lngs) - Math.min(...lngs)).toBeLessThan(0.05);
    for (const point of ring) expect(haversineMetres([179.999, -16.5], point)).toBeCloseTo(1200, 0);
  });
});
