import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

// Local times, so the tests hold in any time zone the machine has.
const now = new Date(2026, 2, 10, 9, 30);

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
