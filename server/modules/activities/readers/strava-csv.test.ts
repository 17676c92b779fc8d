import { describe, expect, it } from 'vitest';
import { parseCsv, readStravaCsv } from './strava-csv';

describe('parseCsv (RFC 4180)', () => {
  it('splits on commas and line ends, CRLF or LF, with or without a final newline', () => {
    expect(parseCsv('a,b,c\r\n1,2,3\n4,,6')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
      ['4', '', '6'],
    ]);
    expect(parseCsv('a,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads quoted fields holding commas, doubled quotes and newlines', () => {
    expect(parseCsv('name,desc\n"Col de la Croix, again","Said ""never again""\r\nthen went back,\ntwice"\n""')).toEqual([
      ['name', 'desc'],
      ['Col de la Croix, again', 'Said "never again"\r\nthen went back,\ntwice'],
      [''],
    ]);
  });

  it('drops a leading BOM and keeps a stray quote inside a bare field as text', () => {
    expect(parseCsv('\uFEFFa,b\n5" tyres,x')).toEqual([
      ['a', 'b'],
      ['5" tyres', 'x'],
    ]);
  });

  it('runs an unclosed quote to the end rather than failing', () => {
    expect(parseCsv('a\n"open,\nstill')).toEqual([['a'], ['open,\nstill']]);
  });

  it('gives no rows for an empty file', () => {
    expect(parseCsv('')).toEqual([]);
  });
});

/** The head of a real Strava export: "Elapsed Time" and "Distance" appear twice, and the second pair differ. */
const HEADER =
  'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Relative Effort,Commute,Activity Private Note,Activity Gear,Filename,Athlete Weight,Bike Weight,Elapsed Time,Moving Time,Distance,Max Speed';

describe('readStravaCsv', () => {
  it("maps each Filename to its name, type, description and gear, by each header's first occurrence", () => {
    const csv = `\uFEFF${HEADER}\r\n1001,"May 1, 2024, 6:00:00 AM",Morning Ride,Ride,"Up to Zermatt, ""finally""\nlegs gone",3600,42.1,170,80,false,,Canyon Ultimate,activities/1001.fit.gz,70,7.5,3600,3500,42100.5,15.2\r\n`;
    expect(readStravaCsv(csv)).toEqual(
      new Map([
        ['activities/1001.fit.gz', { title: 'Morning Ride', sport: 'Ride', description: 'Up to Zermatt, "finally"\nlegs gone', gear: 'Canyon Ultimate' }],
      ]),
    );
  });

  it('leaves out empty fields and rows without a file (manual entries)', () => {
    const csv = `${HEADER}\n1002,"May 2, 2024",Gym,Workout,,600,0,,,false,,,,,,600,600,0,0\n1003,"May 3, 2024",Hike,Hike,,7200,9.5,,,false,,,activities/1003.gpx,,,7200,6000,9500,2\n`;
    expect(readStravaCsv(csv)).toEqual(new Map([['activities/1003.gpx', { title: 'Hike', sport: 'Hike' }]]));
  });

  it('gives nothing for a CSV without a Filename column, or an empty one', () => {
    expect(readStravaCsv('Activity Name,Activity Type\nRide,Ride\n').size).toBe(0);
    expect(readStravaCsv('').size).toBe(0);
  });
});
