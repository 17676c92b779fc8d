import { describe, expect, it, vi } from 'vitest';
import { instantToZoned, timeZoneOptions, zonedToInstant } from './zoned-time';

const utc = (iso: string) => Date.parse(iso) / 1000;

describe('zonedToInstant', () => {
  it('reads Berlin summer time as UTC+2 and winter time as UTC+1', () => {
    expect(zonedToInstant({ date: '2026-06-14', time: '09:00' }, 'Europe/Berlin')).toEqual({ seconds: utc('2026-06-14T07:00:00Z'), shifted: false });
    expect(zonedToInstant({ date: '2026-01-10', time: '09:00' }, 'Europe/Berlin')).toEqual({ seconds: utc('2026-01-10T08:00:00Z'), shifted: false });
  });

  it('reads Denver as UTC-6 in summer and UTC-7 in winter, across midnight UTC', () => {
    expect(zonedToInstant({ date: '2026-07-04', time: '19:30' }, 'America/Denver')?.seconds).toBe(utc('2026-07-05T01:30:00Z'));
    expect(zonedToInstant({ date: '2026-12-31', time: '23:15' }, 'America/Denver')?.seconds).toBe(utc('2027-01-01T06:15:00Z'));
  });

  it('moves a time inside the spring-forward gap past the gap and says so', () => {
    // Berlin, 29 March 2026: 02:00 CET jumps to 03:00 CEST, so 02:30 never shows on a clock.
    expect(zonedToInstant({ date: '2026-03-29', time: '02:30' }, 'Europe/Berlin')).toEqual({ seconds: utc('2026-03-29T01:30:00Z'), shifted: true });
    expect(instantToZoned(utc('2026-03-29T01:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-03-29', time: '03:30' });
    // Denver, 8 March 2026: 02:00 MST jumps to 03:00 MDT.
    expect(zonedToInstant({ date: '2026-03-08', time: '02:15' }, 'America/Denver')).toEqual({ seconds: utc('2026-03-08T09:15:00Z'), shifted: true });
    // Just either side of the gap is exact.
    expect(zonedToInstant({ date: '2026-03-29', time: '01:59' }, 'Europe/Berlin')).toEqual({ seconds: utc('2026-03-29T00:59:00Z'), shifted: false });
    expect(zonedToInstant({ date: '2026-03-29', time: '03:00' }, 'Europe/Berlin')).toEqual({ seconds: utc('2026-03-29T01:00:00Z'), shifted: false });
  });

  it('takes the first of a time that happens twice when the clocks go back', () => {
    // Berlin, 25 October 2026: 03:00 CEST goes back to 02:00 CET; 02:30 happens at 00:30 and at 01:30 UTC.
    expect(zonedToInstant({ date: '2026-10-25', time: '02:30' }, 'Europe/Berlin')).toEqual({ seconds: utc('2026-10-25T00:30:00Z'), shifted: false });
  });

  it('handles changes of half an hour and at midnight the same way', () => {
    // Lord Howe, 5 April 2026: 02:00 (+11) goes back to 01:30 (+10:30), so 01:45 happens twice; the first is meant.
    expect(zonedToInstant({ date: '2026-04-05', time: '01:45' }, 'Australia/Lord_Howe')).toEqual({ seconds: utc('2026-04-04T14:45:00Z'), shifted: false });
    // Lord Howe, 4 October 2026: 02:00 (+10:30) jumps to 02:30 (+11); 02:15 lands at 02:45.
    expect(zonedToInstant({ date: '2026-10-04', time: '02:15' }, 'Australia/Lord_Howe')).toEqual({ seconds: utc('2026-10-03T15:45:00Z'), shifted: true });
    expect(instantToZoned(utc('2026-10-03T15:45:00Z'), 'Australia/Lord_Howe')).toEqual({ date: '2026-10-04', time: '02:45' });
    // Santiago, 6 September 2026: midnight (-4) jumps to 01:00 (-3); 00:30 lands at 01:30.
    expect(zonedToInstant({ date: '2026-09-06', time: '00:30' }, 'America/Santiago')).toEqual({ seconds: utc('2026-09-06T04:30:00Z'), shifted: true });
  });

  it('answers the same whatever zone the browser itself is in', () => {
    // Date-library constructors that read a wall time through the system zone pick either of a doubled time by it.
    try {
      for (const zone of ['UTC', 'Europe/Berlin', 'America/Denver', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
        vi.stubEnv('TZ', zone);
        expect(zonedToInstant({ date: '2026-10-25', time: '02:30' }, 'Europe/Berlin')).toEqual({ seconds: utc('2026-10-25T00:30:00Z'), shifted: false });
        expect(zonedToInstant({ date: '2026-11-01', time: '01:30' }, 'America/Denver')).toEqual({ seconds: utc('2026-11-01T07:30:00Z'), shifted: false });
        expect(zonedToInstant({ date: '2026-03-29', time: '02:30' }, 'Europe/Berlin')).toEqual({ seconds: utc('2026-03-29T01:30:00Z'), shifted: true });
        expect(instantToZoned(utc('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-10-25', time: '02:30' });
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses malformed dates, impossible days and unknown zones', () => {
    expect(zonedToInstant({ date: '', time: '09:00' }, 'Europe/Berlin')).toBeNull();
    expect(zonedToInstant({ date: '2026-02-30', time: '09:00' }, 'Europe/Berlin')).toBeNull();
    expect(zonedToInstant({ date: '2026-02-10', time: '25:00' }, 'Europe/Berlin')).toBeNull();
    expect(zonedToInstant({ date: '2026-02-10', time: '09:00' }, 'Mars/Olympus_Mons')).toBeNull();
    expect(() => instantToZoned(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('instantToZoned', () => {
  it('gives back the wall time in the event’s zone, whatever the viewer’s zone', () => {
    expect(instantToZoned(utc('2026-06-14T07:00:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-06-14', time: '09:00' });
    expect(instantToZoned(utc('2027-01-01T06:15:00Z'), 'America/Denver')).toEqual({ date: '2026-12-31', time: '23:15' });
    expect(instantToZoned(utc('2026-06-14T07:00:00Z'), 'Asia/Kolkata')).toEqual({ date: '2026-06-14', time: '12:30' });
  });

  it('round-trips with zonedToInstant for every hour of a DST change day', () => {
    for (let hour = 0; hour < 24; hour++) {
      const wall = { date: '2026-11-01', time: `${String(hour).padStart(2, '0')}:45` };
      const instant = zonedToInstant(wall, 'America/Denver')!;
      expect(instantToZoned(instant.seconds, 'America/Denver')).toEqual(wall);
    }
  });
});

describe('timeZoneOptions', () => {
  it('lists the engine’s zones and always holds the current one', () => {
    const zones = timeZoneOptions('Etc/GMT+5');
    expect(zones).toContain('Europe/Berlin');
    expect(zones).toContain('Etc/GMT+5');
    expect(zones).toContain('UTC');
  });
});
