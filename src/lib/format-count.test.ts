import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('abbreviates with K, M, B and T and one decimal (spec §9)', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1K');
    expect(formatCount(1234)).toBe('1.2K');
    expect(formatCount(56_789)).toBe('56.8K');
    expect(formatCount(999_950)).toBe('1M');
    expect(formatCount(2_500_000)).toBe('2.5M');
    expect(formatCount(7_100_000_000)).toBe('7.1B');
    expect(formatCount(3_000_000_000_000)).toBe('3T');
  });
});
