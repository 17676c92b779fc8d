import { describe, expect, it } from 'vitest';
import { hideEndsChoices, radiusChoices, radiusLabel } from './distance-choices';

describe('radiusChoices', () => {
  it('offers the same five sizes from 200 m to 1.6 km, named in the member’s units', () => {
    expect(radiusChoices('metric').map((c) => [c.metres, c.label])).toEqual([
      [200, '200 m'],
      [400, '400 m'],
      [800, '800 m'],
      [1200, '1.2 km'],
      [1600, '1.6 km'],
    ]);
    expect(radiusChoices('imperial').map((c) => c.label)).toEqual(['0.1 mi', '0.25 mi', '0.5 mi', '0.75 mi', '1 mi']);
    expect(radiusChoices('imperial').map((c) => c.metres)).toEqual([200, 400, 800, 1200, 1600]);
  });

  it('names a radius made elsewhere in plain figures', () => {
    expect(radiusLabel(1200, 'imperial')).toBe('0.75 mi');
    expect(radiusLabel(1000, 'metric')).toBe('1.00 km');
  });
});

describe('hideEndsChoices', () => {
  it('runs from off to 2 km in metric and to a mile in imperial, all within the 2,000 m allowed', () => {
    expect(hideEndsChoices('metric', 0).map((c) => c.label)).toEqual(['Off', '100 m', '200 m', '500 m', '1 km', '1.5 km', '2 km']);
    const imperial = hideEndsChoices('imperial', 0);
    expect(imperial.map((c) => c.label)).toEqual(['Off', '0.1 mi', '0.25 mi', '0.5 mi', '0.75 mi', '1 mi']);
    expect(imperial.map((c) => c.metres)).toEqual([0, 161, 402, 805, 1207, 1609]);
    expect([...hideEndsChoices('metric', 0), ...imperial].every((c) => c.metres >= 0 && c.metres <= 2000)).toBe(true);
  });

  it('keeps a distance saved in the other units among the choices, in order', () => {
    expect(hideEndsChoices('imperial', 500).map((c) => [c.metres, c.label])).toContainEqual([500, '0.31 mi']);
    expect(hideEndsChoices('imperial', 500).map((c) => c.metres)).toEqual([0, 161, 402, 500, 805, 1207, 1609]);
  });
});
