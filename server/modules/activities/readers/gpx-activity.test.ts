import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readActivityFile } from './read-activity';
import { garminGpx, komootGpx, refusalOf, RIDE, START, stravaGpx } from './reader-test-helpers';

// GPX goes through map-routes' reader (the project's one), read as an activity: times and the devices' extensions.
describe('a GPX activity', () => {
  it.each([
    ['Garmin Connect (ns3:TrackPointExtension, PowerExtension)', garminGpx(), 'Zermatt Road Cycling', 'road_biking'],
    ['Strava (bare <power>, gpxtpx:TrackPointExtension)', stravaGpx(), 'Morning Ride & coffee', 'cycling'],
  ])('from %s: times, positions in degrees, heart rate, cadence, power, temperature', (_, file, name, sport) => {
    const activity = readActivityFile(file, 'ride.gpx');
    const { streams } = activity;
    expect(streams.time).toEqual(RIDE.map((p) => p.time));
    expect(streams.time[0]).toBe(START);
    expect(streams.position).toEqual(RIDE.map((p) => [p.lng, p.lat]));
    expect(streams.elevation).toEqual(RIDE.map((p) => p.ele));
    expect(streams.heartRate).toEqual(RIDE.map((p) => p.hr));
    expect(streams.cadence).toEqual(RIDE.map((p) => p.cad));
    expect(streams.power).toEqual(RIDE.map((p) => p.power));
    expect(streams.temperature).toEqual(RIDE.map((p) => p.temp));
    expect(streams.speed).toBeUndefined();
    expect(activity).toMatchObject({ name, sport, laps: [], totals: {} });
  });

  it('from Komoot (no extensions, no type): only what the file has, the rest absent rather than empty', () => {
    const activity = readActivityFile(komootGpx(), 'tour.gpx');
    expect(Object.keys(activity.streams).sort()).toEqual(['elevation', 'position', 'time']);
    expect(activity.streams.time).toEqual(RIDE.map((p) => p.time));
    expect(activity).toMatchObject({ name: 'Hörnli Hut hike', sport: null });
  });

  it('a point without a time, or earlier than the one before, is dropped; times with a zone are read in it', () => {
    const points = RIDE.map((p, i) => (i === 3 ? { ...p, time: undefined } : i === 5 ? { ...p, time: START - 60 } : p));
    const { streams } = readActivityFile(komootGpx(points), 'tour.gpx');
    expect(streams.time).toEqual([0, 1, 2, 4, 6, 7].map((i) => RIDE[i]!.time));
    expect(streams.position).toHaveLength(6);
    const zoned = komootGpx(RIDE).toString().replace('<time>2024-05-01T06:00:00.000Z</time>', '<time>2024-05-01T08:00:00+02:00</time>');
    expect(readActivityFile(Buffer.from(zoned), 'tour.gpx').streams.time[0]).toBe(START);
  });

  it('gzipped', () => {
    expect(readActivityFile(gzipSync(stravaGpx()), '123.gpx.gz').streams.power).toEqual(RIDE.map((p) => p.power));
  });

  it('without any time (a planned route): refused, saying so', () => {
    const route = komootGpx(RIDE.map(({ lat, lng, ele }) => ({ lat, lng, ele })));
    expect(refusalOf(() => readActivityFile(route, 'route.gpx'))).toMatch(/^This file has no times: /);
  });

  it('with a DOCTYPE or an entity: refused before parsing', () => {
    const laughs = garminGpx().toString().replace('<gpx ', '<!DOCTYPE gpx [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>\n<gpx ');
    expect(refusalOf(() => readActivityFile(Buffer.from(laughs), 'ride.gpx'))).toBe('GPX files with a DOCTYPE or entity declarations are not accepted.');
    const external = garminGpx().toString().replace('<gpx ', '<!DOCTYPE gpx SYSTEM "file:///etc/passwd">\n<gpx ');
    expect(refusalOf(() => readActivityFile(Buffer.from(external), 'ride.gpx'))).toMatch(/DOCTYPE or entity declarations are not accepted/);
  });

  it('cut short (an interrupted download): not a GPX file we can read', () => {
    const file = garminGpx();
    expect(refusalOf(() => readActivityFile(file.subarray(0, file.length / 2), 'ride.gpx'))).toBe('This is not a GPX file we can read.');
  });
});
