import { describe, expect, it } from 'vitest';
import { instantToLocalDay, localDayDoneAt, localDayToInstant } from './local-day';

describe('local days', () => {
  it('sends a picked day as its local midnight and shows it back as the same day', () => {
    const instant = localDayToInstant('2026-05-03');
    expect(instant).toBe(new Date(2026, 4, 3).toISOString());
    expect(instantToLocalDay(instant!)).toBe('2026-05-03');
  });

  it('refuses what is not a real day', () => {
    expect(localDayToInstant('2026-02-31')).toBeNull();
    expect(localDayToInstant('')).toBeNull();
    expect(localDayToInstant('3 May')).toBeNull();
  });
});

describe('localDayDoneAt', () => {
  it('is now for today (what was just done came after today’s earlier rides), else the day’s local midnight', () => {
    const now = new Date(2026, 10, 27, 16, 20, 5);
    expect(localDayDoneAt('2026-11-27', now)).toBe(now.toISOString());
    expect(localDayDoneAt('2026-11-20', now)).toBe(new Date(2026, 10, 20).toISOString());
    expect(localDayDoneAt('2026-02-31', now)).toBeNull();
  });
});
