import { describe, expect, it } from 'vitest';
import { canonicalZone, clockTime, localParts, offsetChanges, offsetSeconds } from './time-zone';

// An event's wall clock in its own zone, and the instants the zone changes offset (the calendar file's VTIMEZONE).

const at = (iso: string) => new Date(iso);

describe('an instant on the clocks of a zone', () => {
  it('reads the local date and time, summer and winter, across midnight UTC', () => {
    expect(localParts(at('2026-06-14T07:00:00Z'), 'Europe/Berlin')).toEqual({ year: 2026, month: 6, day: 14, hour: 9, minute: 0, second: 0 });
    expect(localParts(at('2026-01-10T08:00:05Z'), 'Europe/Berlin')).toEqual({ year: 2026, month: 1, day: 10, hour: 9, minute: 0, second: 5 });
    expect(localParts(at('2027-01-01T06:15:00Z'), 'America/Denver')).toEqual({ year: 2026, month: 12, day: 31, hour: 23, minute: 15, second: 0 });
    expect(clockTime(at('2026-06-14T18:30:00Z'), 'Asia/Kolkata')).toBe('12:00 AM');
    expect(clockTime(at('2026-06-14T06:30:00Z'), 'Asia/Kolkata')).toBe('12:00 PM');
  });

  it('gives the offset in seconds east of UTC, to the second for an old local mean time', () => {
    expect(offsetSeconds(at('2026-06-14T07:00:00Z'), 'Europe/Berlin')).toBe(7200);
    expect(offsetSeconds(at('2026-01-14T07:00:00Z'), 'America/St_Johns')).toBe(-12600);
    // Berlin kept its local mean time, +00:53:28, until 1893.
    expect(offsetSeconds(at('1880-01-01T00:00:00Z'), 'Europe/Berlin')).toBe(3208);
  });

  it('refuses a zone the runtime does not know', () => {
    expect(canonicalZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalZone('Mars/Olympus_Mons')).toBeNull();
    expect(() => localParts(at('2026-06-14T07:00:00Z'), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('offsetChanges', () => {
  it('finds each change of a year to the second', () => {
    expect(offsetChanges('Europe/Berlin', 2026, 2026)).toEqual([
      { at: at('2026-03-29T01:00:00Z'), from: 3600, to: 7200 },
      { at: at('2026-10-25T01:00:00Z'), from: 7200, to: 3600 },
    ]);
    // Adelaide and St John's change at half past a UTC hour, Lord Howe by half an hour.
    expect(offsetChanges('Australia/Adelaide', 2026, 2026)).toEqual([
      { at: at('2026-04-04T16:30:00Z'), from: 37800, to: 34200 },
      { at: at('2026-10-03T16:30:00Z'), from: 34200, to: 37800 },
    ]);
    expect(offsetChanges('America/St_Johns', 2026, 2026).map((c) => c.at.toISOString())).toEqual(['2026-03-08T05:30:00.000Z', '2026-11-01T04:30:00.000Z']);
    expect(offsetChanges('Australia/Lord_Howe', 2026, 2026)).toEqual([
      { at: at('2026-04-04T15:00:00Z'), from: 39600, to: 37800 },
      { at: at('2026-10-03T15:30:00Z'), from: 37800, to: 39600 },
    ]);
  });

  it('finds none in a zone without summer time', () => {
    expect(offsetChanges('Asia/Tokyo', 2026, 2030)).toEqual([]);
  });
});
