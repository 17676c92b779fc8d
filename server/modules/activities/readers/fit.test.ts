import { describe, expect, it } from 'vitest';
import { readActivityFile } from './read-activity';
import { sportIdOf } from '../track/file-sport';
import { fitFile, refusalOf, RIDE, START } from './reader-test-helpers';

describe('a FIT activity', () => {
  it('gives each record as a sample: time in epoch seconds, semicircles as degrees, every sensor', () => {
    const { streams } = readActivityFile(fitFile(), 'ride.fit');
    expect(streams.time).toEqual(RIDE.map((p) => p.time));
    expect(streams.time[0]).toBe(START);
    // A semicircle is 8.4e-8 degrees: the file keeps positions to a centimetre.
    streams.position.forEach((p, i) => {
      expect(p![0]).toBeCloseTo(RIDE[i]!.lng, 6);
      expect(p![1]).toBeCloseTo(RIDE[i]!.lat, 6);
    });
    expect(streams.heartRate).toEqual(RIDE.map((p) => p.hr));
    expect(streams.power).toEqual(RIDE.map((p) => p.power));
    expect(streams.cadence).toEqual(RIDE.map((p) => p.cad));
    expect(streams.temperature).toEqual(RIDE.map((p) => p.temp));
    expect(streams.speed).toEqual(RIDE.map(() => 4.5));
    // FIT stores altitude in fifths of a metre above -500 m (the fixture's are whole fifths).
    streams.elevation!.forEach((e, i) => expect(e).toBeCloseTo(RIDE[i]!.ele, 5));
  });

  it('gives its laps as sample ranges, the session’s totals as the device’s, and its sport', () => {
    const activity = readActivityFile(fitFile(RIDE, { lapAt: 5, sport: 'eBiking' }), 'ride.fit');
    expect(activity.laps).toEqual([
      { startIndex: 0, endIndex: 4 },
      { startIndex: 5, endIndex: 7 },
    ]);
    expect(activity.totals).toEqual({ distanceM: 84.2, ascentM: 4, descentM: 0, calories: 9, movingS: 7, elapsedS: 9 });
    expect(activity.sport).toBe('e_biking');
    expect(activity.subSport).toBe('road');
    expect(activity.name).toBe('');
  });

  it('names a mountain-bike ride by its sub-sport, which sportIdOf reads as MTB', () => {
    const activity = readActivityFile(fitFile(RIDE, { sport: 'cycling', subSport: 'mountain' }), 'ride.fit');
    expect([activity.sport, activity.subSport]).toEqual(['cycling', 'mountain']);
    expect(sportIdOf(activity.sport, activity.subSport)).toBe(53);
  });

  it('keeps a point without a fix (0,0 from a device indoors) as a gap', () => {
    const indoors = fitFile(RIDE.map((p, i) => (i === 2 ? { ...p, lat: 0, lng: 0 } : p)));
    expect(readActivityFile(indoors, 'ride.fit').streams.position[2]).toBeNull();
  });

  it('reads a gzipped FIT, as Strava’s bulk export holds them', async () => {
    const { gzipSync } = await import('node:zlib');
    const { streams } = readActivityFile(gzipSync(fitFile()), '12345.fit.gz');
    expect(streams.heartRate).toEqual(RIDE.map((p) => p.hr));
  });

  it('is told by its header, not its name', () => {
    expect(readActivityFile(fitFile(), 'ride.gpx').streams.power).toEqual(RIDE.map((p) => p.power));
  });
});

describe('a FIT file refused', () => {
  const file = fitFile();

  it('cut short: says it is incomplete', () => {
    expect(refusalOf(() => readActivityFile(file.subarray(0, file.length - 30), 'ride.fit'))).toMatch(/^This FIT file is incomplete/);
    expect(refusalOf(() => readActivityFile(file.subarray(0, 13), 'ride.fit'))).toMatch(/not a FIT file we can read/);
  });

  it('a wrong magic: not a FIT file', () => {
    const wrong = Buffer.from(file);
    wrong.write('.FIX', 8, 'latin1');
    expect(refusalOf(() => readActivityFile(wrong, 'ride.fit'))).toBe('This is not a FIT file we can read: its header is not a FIT header.');
  });

  it('a checksum that does not match (a byte changed in its data, or in its CRC)', () => {
    const flipped = Buffer.from(file);
    flipped[file.length - 40]! ^= 0x01;
    expect(refusalOf(() => readActivityFile(flipped, 'ride.fit'))).toBe('This FIT file is damaged: its checksum does not match its content.');
    const crc = Buffer.from(file);
    crc[file.length - 1]! ^= 0xff;
    expect(refusalOf(() => readActivityFile(crc, 'ride.fit'))).toMatch(/damaged/);
  });

  it('a course or other non-activity FIT', () => {
    expect(refusalOf(() => readActivityFile(fitFile(RIDE, { fileType: 'course' }), 'route.fit'))).toBe(
      'This FIT file holds a course, not an activity.',
    );
  });
});
