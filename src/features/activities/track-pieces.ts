import type { ActivityTrack } from '#contract/activities';
import type { LngLat } from '#contract/map-routes';

/** A track as the map draws it: the lines shown to everyone, the lines only the owner sees, where it starts and ends. */
export type TrackPieces = {
  shown: LngLat[][];
  /** The owner's parts that others do not see (privacy zones, hidden ends); always empty for anyone else. */
  hidden: LngLat[][];
  start: LngLat | null;
  finish: LngLat | null;
};

/**
 * Cuts a track into the lines the map draws. A line ends where the recording has no fix (a null coordinate) and a new
 * one starts at each of `breaks` (after a hidden pass through a zone, or a gap in the recording): joining across them
 * would draw a straight line the rider never took, and for others would point at what is hidden. Where the owner's
 * track passes from a shown part into a hidden one with no break, the two lines share the point at the seam, so the
 * owner sees one unbroken track in two styles. A piece of a single point draws nothing and is left out.
 */
export function trackPieces({ coordinates, breaks, hiddenRanges }: Pick<ActivityTrack, 'coordinates' | 'breaks' | 'hiddenRanges'>): TrackPieces {
  const breakAt = new Set(breaks);
  const hiddenAt = new Uint8Array(coordinates.length);
  for (const [from, to] of hiddenRanges) hiddenAt.fill(1, Math.max(0, from), Math.min(coordinates.length, to + 1));

  const shown: LngLat[][] = [];
  const hidden: LngLat[][] = [];
  let piece: LngLat[] | null = null;
  let pieceHidden = false;
  let start: LngLat | null = null;
  let finish: LngLat | null = null;

  for (let i = 0; i < coordinates.length; i++) {
    const point = coordinates[i];
    if (!point || breakAt.has(i)) piece = null;
    if (!point) continue;
    start ??= point;
    finish = point;
    const isHidden = hiddenAt[i] === 1;
    if (!piece || isHidden !== pieceHidden) {
      const seam: LngLat[] = piece ? [piece[piece.length - 1]!] : [];
      piece = seam;
      (isHidden ? hidden : shown).push(piece);
      pieceHidden = isHidden;
    }
    piece.push(point);
  }

  const drawable = (pieces: LngLat[][]) => pieces.filter((p) => p.length >= 2);
  return { shown: drawable(shown), hidden: drawable(hidden), start, finish };
}
