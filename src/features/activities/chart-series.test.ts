import { describe, expect, it } from 'vitest';
import { chartAxis, chartSpecs, tableRows, tableStep, TABLE_ROWS_MAX } from './chart-series';
import { trackFixture } from './detail-test-helpers';

const RUNNING = 5;
const MTB = 53;

describe('chartAxis', () => {
  it('runs along the distance in the member’s units', () => {
    const track = trackFixture();
    expect(chartAxis(track, 'metric').values.at(-1)).toBeCloseTo(2);
    expect(chartAxis(track, 'imperial').values.at(-1)).toBeCloseTo(1.2427, 3);
    expect(chartAxis(track, 'imperial').format(1.2427)).toBe('1.2 mi');
  });

  it('runs along the time, in minutes, for a track that never moved (a trainer ride without a speed sensor)', () => {
    const axis = chartAxis(trackFixture({ distance: Array(21).fill(0) }), 'metric');
    expect(axis.kind).toBe('time');
    expect(axis.values.at(-1)).toBe(10);
    expect(axis.format(10)).toBe('10:00');
  });
});

describe('chartSpecs', () => {
  const track = trackFixture({
    series: {
      elevation: Array(21).fill(100),
      speed: [0, ...Array(20).fill(1000 / 300)],
      heartRate: Array(21).fill(140),
      temperature: Array(21).fill(20),
    },
  });

  it('charts the series the activity has and the track carries, in the activity’s order', () => {
    const specs = chartSpecs(track, ['elevation', 'speed', 'heartRate', 'power'], MTB, 'metric');
    expect(specs.map((s) => s.title)).toEqual(['Elevation', 'Speed', 'Heart rate']);
  });

  it('shows pace for running, in minutes a km or a mile, on an axis that runs downward; none while standing', () => {
    const [metric] = chartSpecs(track, ['speed'], RUNNING, 'metric');
    expect(metric).toMatchObject({ key: 'pace', title: 'Pace', unit: '/km', inverted: true });
    expect(metric!.values[0]).toBeNull();
    expect(metric!.values[1]).toBeCloseTo(300);
    expect(metric!.format(300)).toBe('5:00 /km');

    const [imperial] = chartSpecs(track, ['speed'], RUNNING, 'imperial');
    expect(imperial!.format(imperial!.values[1]!)).toBe('8:03 /mi');
  });

  it('converts rides’ speed, elevation and temperature to the member’s units', () => {
    const [elevation, speed, temperature] = chartSpecs(track, ['elevation', 'speed', 'temperature'], MTB, 'imperial');
    expect(elevation!.format(elevation!.values[0]!)).toBe('328 ft');
    expect(speed!.format(speed!.values[1]!)).toBe('7.5 mph');
    expect(speed!.inverted).toBe(false);
    expect(temperature!.format(temperature!.values[0]!)).toBe('68 °F');
  });
});

describe('the table of a chart', () => {
  it('has a row a kilometre or mile, a tenth under two, and never more than the most a reader can go through', () => {
    expect(tableStep(1.4)).toBe(0.1);
    expect(tableStep(42.2)).toBe(1);
    expect(tableStep(160)).toBe(2);
    expect(Math.ceil(2000 / tableStep(2000))).toBeLessThanOrEqual(TABLE_ROWS_MAX);
  });

  it('averages each stretch in SI before converting, and ends its last row where the track ends', () => {
    // 2.5 km, a point every 250 m: 1 km rows hold points 0–4, 5–8 and 9–10.
    const track = trackFixture({
      coordinates: Array(11).fill([10, 0]),
      distance: Array.from({ length: 11 }, (_, i) => i * 250),
      time: Array.from({ length: 11 }, (_, i) => i * 60),
      series: { speed: [2, 2, 4, 4, null, 3, 3, 3, 3, null, null] },
    });
    const axis = chartAxis(track, 'metric');
    const [pace] = chartSpecs(track, ['speed'], RUNNING, 'metric');
    const { step, rows } = tableRows(axis, pace!);
    expect(step).toBe(1);
    expect(rows.map((r) => r.upTo)).toEqual([1, 2, 2.5]);
    // The mean speed of the first km is 3 m/s: a pace of 5:33, not the mean of the paces (6:15).
    expect(pace!.format(rows[0]!.value!)).toBe('5:33 /km');
    expect(pace!.format(rows[1]!.value!)).toBe('5:33 /km');
    expect(rows[2]!.value).toBeNull();
  });
});
