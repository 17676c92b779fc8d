import { describe, expect, it } from 'vitest';
import type { LngLat } from '#contract/map-routes';
import { trackPieces } from './track-pieces';

/** Point i of a straight test track: `[i, 0]`, so each piece reads as the indexes it holds. */
const at = (i: number): LngLat => [i, 0];
const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => at(from + k));
const track = (coordinates: (LngLat | null)[], breaks: number[] = [], hiddenRanges: [number, number][] = []) => ({ coordinates, breaks, hiddenRanges });

describe('trackPieces', () => {
  it('draws a whole track as one line, from its first point to its last', () => {
    expect(trackPieces(track(span(0, 4)))).toEqual({ shown: [span(0, 4)], hidden: [], start: at(0), finish: at(4) });
  });

  it('starts a new line at each break, never joining across it', () => {
    // Others' view of a ride through a zone: points 4–6 were cut out, and the server says the line breaks at 4.
    const pieces = trackPieces(track(span(0, 7), [4]));
    expect(pieces.shown).toEqual([span(0, 3), span(4, 7)]);
  });

  it('ends a line where the device had no fix, and leaves out a single point that cannot be drawn', () => {
    const coordinates = [at(0), at(1), at(2), null, at(4), null, null, at(7), at(8)];
    const pieces = trackPieces(track(coordinates));
    expect(pieces.shown).toEqual([span(0, 2), span(7, 8)]);
    expect(pieces.start).toEqual(at(0));
    expect(pieces.finish).toEqual(at(8));
  });

  it('gives the owner the hidden parts as their own lines, meeting the shown ones at the seam', () => {
    // Hidden start (home) 0–2, a hidden pass 6–7, the rest shown.
    const pieces = trackPieces(track(span(0, 10), [], [[0, 2], [6, 7]]));
    expect(pieces.hidden).toEqual([span(0, 2), span(5, 7)]);
    expect(pieces.shown).toEqual([span(2, 5), span(7, 10)]);
    // Start and finish are the whole track's, for the owner.
    expect(pieces.start).toEqual(at(0));
    expect(pieces.finish).toEqual(at(10));
  });

  it('does not join a hidden part to a shown one across a break', () => {
    const pieces = trackPieces(track(span(0, 6), [3], [[3, 6]]));
    expect(pieces.shown).toEqual([span(0, 2)]);
    expect(pieces.hidden).toEqual([span(3, 6)]);
  });

  it('has nothing to draw for a track without a fix', () => {
    expect(trackPieces(track([null, null]))).toEqual({ shown: [], hidden: [], start: null, finish: null });
  });
});
