import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay, groupedSentence } from './format';

// Local times, so the tests hold in any time zone the machine has.
const now = new Date(2026, 2, 10, 9, 30);
const at = (...parts: [number, number, number, number?, number?]) => new Date(parts[0], parts[1], parts[2], parts[3] ?? 12, parts[4] ?? 0).toISOString();

describe('dayLabel', () => {
  it('says Today and Yesterday by calendar day, not by 24 hours', () => {
    expect(dayLabel(at(2026, 2, 10, 0, 5), now)).toBe('Today');
    expect(dayLabel(at(2026, 2, 9, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(at(2026, 2, 9, 0, 1), now)).toBe('Yesterday');
  });

  it('names the days of the past week by their weekday', () => {
    expect(dayLabel(at(2026, 2, 8), now, 'en-US')).toBe('Sunday');
    expect(dayLabel(at(2026, 2, 4), now, 'en-US')).toBe('Wednesday');
    expect(dayLabel(at(2026, 2, 4), now, 'de-DE')).toBe('Mittwoch');
    expect(dayLabel(at(2026, 2, 3), now, 'en-US')).toBe('Tuesday, March 3');
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

describe('groupedSentence', () => {
  it('names the latest actor and counts the others, as the server words a gathered row', () => {
    const maya = { userId: 1, handleName: 'maya', firstName: 'Maya', lastName: 'Ridge', profileImage: null };
    expect(groupedSentence(maya, 3, 'reacted to your post.')).toBe('Maya Ridge and 3 others reacted to your post.');
    expect(groupedSentence({ ...maya, firstName: '', lastName: '' }, 1, 'commented on your post.')).toBe('@maya and 1 other commented on your post.');
  });
});
