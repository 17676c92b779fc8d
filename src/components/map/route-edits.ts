import type { LngLat } from '#contract/map-routes';

/**
 * What the route editor does to the points, apart from any map, so it can be tested without WebGL. The editor is
 * controlled (the form holds the points); it keeps only the points it last handed out and the ones before each of
 * its own edits, for Undo.
 */
export type RouteEdits = {
  /** The points this editor last handed to `onChange`; null before its first edit. */
  own: LngLat[] | null;
  /** The points before each of the editor's edits, oldest first. */
  past: LngLat[][];
};

export type RouteEdit = { type: 'add'; point: LngLat } | { type: 'move'; index: number; point: LngLat } | { type: 'clear' } | { type: 'undo' };

/** Undo reaches this many edits back; enough for drawing, bounded for a long GPX. */
export const UNDO_DEPTH = 100;

export const NO_EDITS: RouteEdits = { own: null, past: [] };

export function samePoints(a: readonly LngLat[] | null, b: readonly LngLat[] | null) {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((p, i) => p[0] === b[i]![0] && p[1] === b[i]![1]);
}

/**
 * The edits' history applies only while the form still holds what the editor last gave it: points that came from
 * elsewhere (a GPX import, a reset) start a new history.
 */
export const historyFor = (edits: RouteEdits, value: readonly LngLat[]) => (samePoints(edits.own, value) ? edits.past : []);

export const canUndo = (edits: RouteEdits, value: readonly LngLat[]) => historyFor(edits, value).length > 0;

/** The points after `edit`, and the history to keep; null when the edit changes nothing (full, nothing to undo). */
export function applyRouteEdit(edits: RouteEdits, value: LngLat[], edit: RouteEdit, maxPoints: number): { edits: RouteEdits; points: LngLat[] } | null {
  const past = historyFor(edits, value);
  if (edit.type === 'undo') {
    const previous = past[past.length - 1];
    return previous ? { edits: { own: previous, past: past.slice(0, -1) }, points: previous } : null;
  }
  let points: LngLat[];
  if (edit.type === 'add') {
    if (value.length >= maxPoints) return null;
    // The same place twice in a row is no way further (a second click on the last pin).
    const last = value[value.length - 1];
    if (last && last[0] === edit.point[0] && last[1] === edit.point[1]) return null;
    points = [...value, edit.point];
  } else if (edit.type === 'move') {
    if (edit.index < 0 || edit.index >= value.length) return null;
    points = value.map((p, i) => (i === edit.index ? edit.point : p));
  } else {
    if (value.length === 0) return null;
    points = [];
  }
  return { edits: { own: points, past: [...past, value].slice(-UNDO_DEPTH) }, points };
}
