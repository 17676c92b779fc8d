import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

describe('parseRange', () => {
  it('reads one range, closed or open-ended', () => {
    expect(parseRange('bytes=0-1')).toEqual({ start: 0, end: 1 });
    expect(parseRange('bytes=1000-')).toEqual({ start: 1000 });
    expect(parseRange(' bytes=5-5 ')).toEqual({ start: 5, end: 5 });
  });

  it('leaves what it does not take to a whole answer', () => {
    for (const header of [undefined, '', 'bytes=-500', 'bytes=0-1,5-9', 'items=0-1', 'bytes=9-3', 'bytes=a-b', `bytes=${'9'.repeat(20)}-`]) {
      expect(parseRange(header), String(header)).toBeNull();
    }
  });
});
