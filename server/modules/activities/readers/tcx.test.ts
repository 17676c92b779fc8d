import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readActivityFile } from './read-activity';
import { garminTcx, refusalOf, RIDE, START } from './reader-test-helpers';

describe('a TCX activity (Garmin Connect’s shape)', () => {
  it('gives its trackpoints as samples: time, position, altitude, heart rate, cadence, TPX speed and watts', () => {
    const { streams } = readActivityFile(garminTcx(), 'ride.tcx');
    expect(streams.time).toEqual(RIDE.map((p) => p.time));
    expect(streams.time[0]).toBe(START);
    expect(streams.position).toEqual(RIDE.map((p) => [p.lng, p.lat]));
    expect(streams.elevation).toEqual(RIDE.map((p) => p.ele));
    expect(streams.heartRate).toEqual(RIDE.map((p) => p.hr));
    expect(streams.cadence).toEqual(RIDE.map((p) => p.cad));
    expect(streams.power).toEqual(RIDE.map((p) => p.power));
    expect(streams.speed).toEqual(RIDE.map(() => 4.5));
    expect(streams.temperature).toBeUndefined();
  });

  it('gives its laps as sample ranges, the laps’ totals summed, and the sport', () => {
    const activity = readActivityFile(garminTcx(RIDE, { lapAt: 3 }), 'ride.tcx');
    expect(activity.laps).toEqual([
      { startIndex: 0, endIndex: 2 },
      { startIndex: 3, endIndex: 7 },
    ]);
    expect(activity.totals).toEqual({ movingS: 7.5, distanceM: 84.2, calories: 9 });
    expect(activity).toMatchObject({ sport: 'biking', name: '' });
  });

  it('a trackpoint without a position (indoors) is a gap; gzipped reads the same', () => {
    const indoors = garminTcx().toString().replace(/<Position>.*?<\/Position>/, '');
    expect(readActivityFile(Buffer.from(indoors), 'ride.tcx').streams.position[0]).toBeNull();
    expect(readActivityFile(gzipSync(garminTcx()), 'ride.tcx.gz').streams.heartRate).toEqual(RIDE.map((p) => p.hr));
  });

  it('refused: a DOCTYPE, a file cut short, no activity', () => {
    const doctype = garminTcx(RIDE, { prolog: '<!DOCTYPE TrainingCenterDatabase [<!ENTITY x "y">]>\n' });
    expect(refusalOf(() => readActivityFile(doctype, 'ride.tcx'))).toBe('TCX files with a DOCTYPE or entity declarations are not accepted.');
    const file = garminTcx();
    expect(refusalOf(() => readActivityFile(file.subarray(0, file.length / 2), 'ride.tcx'))).toBe('This is not a TCX file we can read.');
    const course = '<?xml version="1.0"?><TrainingCenterDatabase><Courses><Course><Name>Loop</Name></Course></Courses></TrainingCenterDatabase>';
    expect(refusalOf(() => readActivityFile(Buffer.from(course), 'loop.tcx'))).toMatch(/^This TCX file has no activity in it/);
  });
});
