import { describe, expect, it } from 'vitest';
import { formatMonthYear } from './format';

describe('formatMonthYear', () => {
  it('names the month and year in UTC', () => {
    expect(formatMonthYear('2026-01-15T10:00:00.000Z')).toBe('January 2026');
    expect(formatMonthYear('2025-12-31T23:30:00.000Z')).toBe('December 2025');
  });
});
