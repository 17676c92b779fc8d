import { describe, expect, it } from 'vitest';
import { aFeed } from '../test-helpers';
import { estimateFeedCardHeight } from './feed-card-estimate';

const photo = (dimens: string, i = 0) => ({ key: `p${i}`, url: `/m/p${i}.jpg`, thumbnail: `/m/p${i}-t.jpg`, dimens });

describe('estimateFeedCardHeight', () => {
  it('reserves a single photo at its shape across the list’s width on a phone, inset from 640 px up', () => {
    const text = aFeed();
    const wide = aFeed({ images: [photo('1600x900')] });
    // 16:9 is within 1.91:1, so the photo is width / (16 / 9) tall, plus the gap above it.
    expect(estimateFeedCardHeight(wide, 360) - estimateFeedCardHeight(text, 360)).toBe(Math.round(360 / (16 / 9) + 12));
    expect(estimateFeedCardHeight(wide, 700) - estimateFeedCardHeight(text, 700)).toBe(Math.round((700 - 32) / (16 / 9) + 12));
  });

  it('grows with the text until the list’s clamp of six lines', () => {
    const lines = (n: number) => aFeed({ description: Array.from({ length: n }, () => 'a line').join('\n') });
    expect(estimateFeedCardHeight(lines(3), 600)).toBeGreaterThan(estimateFeedCardHeight(lines(1), 600));
    expect(estimateFeedCardHeight(lines(40), 600)).toBe(estimateFeedCardHeight(lines(6), 600));
  });

  it('adds a linked activity’s box: its 16:9 map across the inset box, and its title, sport and three figures', () => {
    const text = aFeed();
    const activity = { id: 9, title: 'Morning ride', sportId: 53, distance: 20_000, movingTime: 3600, elevationGain: 300, mapImage: '/media/a9.png' };
    const linked = aFeed({ activity });
    const noMap = aFeed({ activity: { ...activity, mapImage: null } });
    expect(estimateFeedCardHeight(linked, 360) - estimateFeedCardHeight(text, 360)).toBe(Math.round(((360 - 32 - 2) * 9) / 16 + 118 + 12));
    expect(estimateFeedCardHeight(noMap, 700) - estimateFeedCardHeight(text, 700)).toBe(118 + 12);
  });

  it('adds a piece of gear’s box, one height at any width', () => {
    const text = aFeed();
    const withGear = aFeed({ gear: { id: 31, title: 'Blue Hightower', sportId: 53, brand: 'Santa Cruz', model: 'Hightower', thumbnail: null } });
    expect(estimateFeedCardHeight(withGear, 360) - estimateFeedCardHeight(text, 360)).toBe(90 + 12);
    expect(estimateFeedCardHeight(withGear, 700) - estimateFeedCardHeight(text, 700)).toBe(90 + 12);
  });

  it('is a text post’s measured height (208 px at 640 px in Chromium) within a few pixels', () => {
    const lap = aFeed({ title: 'Lap 12', description: 'Easy spin along the river. #laps' });
    expect(Math.abs(estimateFeedCardHeight(lap, 640) - 208)).toBeLessThanOrEqual(6);
  });
});
