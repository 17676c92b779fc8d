import countries from 'world-atlas/countries-50m.json';
import { describe, expect, it } from 'vitest';
import { worldTileCutter, type Countries } from './world-tile-cutter';

// A vector tile names its layers in plain UTF-8 inside the protobuf.
const layersIn = (tile: ArrayBuffer) => ['land', 'borders'].filter((name) => new TextDecoder('latin1').decode(tile).includes(name));

describe('the offline map’s world tiles', () => {
  const cut = worldTileCutter(countries as unknown as Countries);

  it('holds land and the borders between countries on the whole-world tile', () => {
    expect(layersIn(cut(0, 0, 0))).toEqual(['land', 'borders']);
  });

  it('holds land around Boulder, Colorado, and nothing over the open Pacific', () => {
    // zoom 6: x 13, y 24 covers 40.0 N 105.3 W; x 5, y 32 covers 0 N 150 W.
    expect(layersIn(cut(6, 13, 24))).toContain('land');
    expect(layersIn(cut(6, 5, 32))).toEqual([]);
  });
});
