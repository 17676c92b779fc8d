import { describe, expect, it } from 'vitest';
import { SPORTS } from '#contract/sports';
import { defaultTitle } from './default-title';
import { sportFamily } from './sport-family';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('defaultTitle', () => {
  it('names the part of the day where the activity started, in the member’s zone', () => {
    // 1 July 06:30 UTC: 08:30 in Berlin (CEST, UTC+2), 00:30 in Denver (MDT, UTC−6).
    expect(defaultTitle(at('2026-07-01T06:30:00Z'), 34, 'Europe/Berlin')).toBe('Morning ride');
    expect(defaultTitle(at('2026-07-01T06:30:00Z'), 34, 'America/Denver')).toBe('Night ride');
    // 15 January 12:00 UTC: 13:00 in Berlin (CET, UTC+1), 05:00 in Denver (MST, UTC−7).
    expect(defaultTitle(at('2026-01-15T12:00:00Z'), 5, 'Europe/Berlin')).toBe('Lunch run');
    expect(defaultTitle(at('2026-01-15T12:00:00Z'), 5, 'America/Denver')).toBe('Morning run');
    // 15 January 21:30 UTC: 22:30 in Berlin, 14:30 in Denver.
    expect(defaultTitle(at('2026-01-15T21:30:00Z'), 54, 'Europe/Berlin')).toBe('Night walk');
    expect(defaultTitle(at('2026-01-15T21:30:00Z'), 54, 'America/Denver')).toBe('Afternoon walk');
    // 15 January 16:00 UTC: 17:00 in Berlin.
    expect(defaultTitle(at('2026-01-15T16:00:00Z'), 35, 'Europe/Berlin')).toBe('Evening hike');
  });

  it('changes part of the day on the hour', () => {
    const utc = (hhmm: string) => defaultTitle(at(`2026-03-10T${hhmm}:00Z`), 53, 'UTC');
    expect([utc('04:59'), utc('05:00'), utc('10:59'), utc('11:00'), utc('13:59'), utc('14:00')]).toEqual([
      'Night ride',
      'Morning ride',
      'Morning ride',
      'Lunch ride',
      'Lunch ride',
      'Afternoon ride',
    ]);
    expect([utc('16:59'), utc('17:00'), utc('20:59'), utc('21:00'), utc('00:00')]).toEqual([
      'Afternoon ride',
      'Evening ride',
      'Evening ride',
      'Night ride',
      'Night ride',
    ]);
  });

  it('falls back to UTC for an unknown zone and to "activity" for other sports', () => {
    expect(defaultTitle(at('2026-03-10T08:00:00Z'), 37, 'Mars/Olympus_Mons')).toBe('Morning ride');
    expect(defaultTitle(at('2026-03-10T08:00:00Z'), 59, 'UTC')).toBe('Morning activity');
    expect(defaultTitle(at('2026-03-10T08:00:00Z'), 999, 'UTC')).toBe('Morning activity');
  });
});

describe('sportFamily', () => {
  it('gives every sport of the contract a family, and only Other none of its own', () => {
    expect(Object.fromEntries(SPORTS.map((s) => [s.name, sportFamily(s.id)]))).toEqual({
      MTB: 'ride',
      eBike: 'ride',
      Road: 'ride',
      Hiking: 'hike',
      Running: 'run',
      Walking: 'walk',
      Other: 'other',
    });
  });
});
