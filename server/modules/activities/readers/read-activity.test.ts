import { gzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it, vi } from 'vitest';
import { ACTIVITY_FILE_MAX_BYTES, ACTIVITY_POINTS_MAX, activityCaps } from './caps';
import { readFit } from './fit';
import { readActivityFile } from './read-activity';
import { fitFile, garminTcx, komootGpx, refusalOf, START } from './reader-test-helpers';

const tooMany = `That file has too many points: an activity can have up to ${ACTIVITY_POINTS_MAX.toLocaleString('en-US')} points.`;
const tooLarge = 'That file is too large: an activity file can be up to 50 MB, unzipped.';

describe('the caps (check 16)', () => {
  it('are 50 MB a file and 200,000 points', () => {
    expect(ACTIVITY_FILE_MAX_BYTES).toBe(50 * 1024 * 1024);
    expect(ACTIVITY_POINTS_MAX).toBe(200_000);
  });

  it('a 200,001-point GPX or TCX is refused by count, before a tree of its points is built', () => {
    const points = Array.from({ length: ACTIVITY_POINTS_MAX + 1 }, (_, i) => ({ lat: 46, lng: 7 + i * 1e-6, ele: 1600, time: START + i }));
    const gpx = komootGpx(points);
    const tcxPoint = '<Trackpoint><Time>2024-05-01T06:00:00Z</Time></Trackpoint>';
    const tcx = Buffer.from(garminTcx([]).toString().replace('<Track>', `<Track>${tcxPoint.repeat(ACTIVITY_POINTS_MAX + 1)}`));
    for (const [file, name] of [
      [gpx, 'big.gpx'],
      [tcx, 'big.tcx'],
    ] as const) {
      // Refused by the count: the XML parser never builds a tree of them (which would take seconds and memory).
      const parse = vi.spyOn(XMLParser.prototype, 'parse');
      expect(refusalOf(() => readActivityFile(file, name))).toBe(tooMany);
      expect(parse).not.toHaveBeenCalled();
      parse.mockRestore();
    }
  });

  it('a FIT past the cap: the decoder is stopped at the record one over', () => {
    const five = { ...activityCaps, maxPoints: 5 };
    expect(refusalOf(() => readFit(fitFile(), five))).toMatch(/^That file has too many points/);
    expect(readFit(fitFile(), { ...five, maxPoints: 8 }).streams.time).toHaveLength(8);
  });

  it('a file over 50 MB is a 413 naming the limit', () => {
    const padded = Buffer.concat([Buffer.alloc(ACTIVITY_FILE_MAX_BYTES - 100, ' '), komootGpx()]);
    expect(refusalOf(() => readActivityFile(padded, 'ride.gpx'), 413)).toBe(tooLarge);
  });

  it('a gzip bomb (kilobytes inflating to 400 MB) is a 413, refused once the cap is passed, not inflated whole', () => {
    const member = gzipSync(Buffer.alloc(10 * 1024 * 1024), { level: 9 });
    const bomb = Buffer.concat(Array.from({ length: 40 }, () => member));
    expect(bomb.length).toBeLessThan(500 * 1024);
    expect(refusalOf(() => readActivityFile(bomb, 'ride.gpx.gz'), 413)).toBe(tooLarge);
  });
});

describe('what is not an activity file', () => {
  it('a damaged or incomplete gzip', () => {
    const gz = gzipSync(komootGpx());
    expect(refusalOf(() => readActivityFile(gz.subarray(0, gz.length - 10), 'ride.gpx.gz'))).toBe(
      'This gzip file is damaged or incomplete: it could not be unzipped.',
    );
  });

  it('neither XML nor FIT, or XML of another kind: says which files we take', () => {
    const png = Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\rIHDR', 'latin1');
    const kml = Buffer.from('<?xml version="1.0"?>\n<!-- exported --><kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>');
    for (const file of [png, kml, Buffer.alloc(0)]) {
      expect(refusalOf(() => readActivityFile(file, 'ride.gpx'))).toBe(
        'This is not an activity file we can read: we take GPX, TCX and FIT files, each also gzipped.',
      );
    }
    expect(refusalOf(() => readActivityFile(png, 'ride.fit'))).toBe('This is not a FIT file we can read: its header is not a FIT header.');
  });

  it('an XML file with a DOCTYPE is refused for it, whatever its root', () => {
    const doctype = Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>');
    expect(refusalOf(() => readActivityFile(doctype, 'ride.gpx'))).toBe('XML files with a DOCTYPE or entity declarations are not accepted.');
  });
});
