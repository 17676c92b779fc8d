import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay, relativeTime } from './format';

// Local times, so the tests hold in any time zone the machine has.
const now = new Date(2026, 2, 10, 9, 30);
const at = (...parts: [number, number, number, number?, number?]) => new Date(parts[0], parts[1], parts[2], parts[3] ?? 12, parts[4] ?? 0).toISOString();

describe('dayLabel', () => {
  it('says Today and Yesterday by calendar day, not by 24 hours', () => {
    expect(dayLabel(at(2026, 2, 10, 0, 5), now)).toBe('Today');
    expect(dayLabel(at(2026, 2, 9, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(at(2026, 2, 9, 0, 1), now)).toBe('Yesterday');
  });

  it('names older days in the locale, with the year only when it is not this one', () => {
    expect(dayLabel(at(2026, 2, 2), now, 'en-US')).toBe('Monday, March 2');
    expect(dayLabel(at(2025, 11, 24), now, 'en-US')).toBe('Wednesday, December 24, 2025');
    expect(dayLabel(at(2026, 2, 2), now, 'de-DE')).toBe('Montag, 2. März');
  });
});

describe('groupByDay', () => {
  it('keeps the newest-first order and puts each item under its day', () => {
    const items = [at(2026, 2, 10, 9), at(2026, 2, 10, 8), at(2026, 2, 9, 20), at(2026, 2, 2)].map((createdAt, id) => ({ id, createdAt }));
    expect(groupByDay(items, now, 'en-US').map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['Today', [0, 1]],
      ['Yesterday', [2]],
      ['Monday, March 2', [3]],
    ]);
  });
});

describe('relativeTime', () => {
  it('counts in the largest unit that fits', () => {
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    expect(relativeTime(ago(20_000), now, 'en-US')).toBe('now');
    expect(relativeTime(ago(5 * 60_000), now, 'en-US')).toBe('5 min. ago');
    expect(relativeTime(ago(3 * 3_600_000), now, 'en-US')).toBe('3 hr. ago');
    expect(relativeTime(ago(26 * 3_600_000), now, 'en-US')).toBe('yesterday');
    expect(relativeTime(ago(3 * 86_400_000), now, 'en-US')).toBe('3 days ago');
    expect(relativeTime(ago(15 * 86_400_000), now, 'en-US')).toBe('2 wk. ago');
    expect(relativeTime(ago(400 * 86_400_000), now, 'en-US')).toBe('last yr.');
  });
});
