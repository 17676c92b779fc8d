import { describe, expect, it } from 'vitest';
import type { LngLat } from '#contract/map-routes';
import { applyRouteEdit, canUndo, NO_EDITS, UNDO_DEPTH, type RouteEdit, type RouteEdits } from './route-edits';

const A: LngLat = [7.1, 46.1];
const B: LngLat = [7.2, 46.2];
const C: LngLat = [7.3, 46.3];

/** Applies edits in turn as the form would (it stores each result and hands it back). */
function run(start: LngLat[], steps: RouteEdit[], max = 100) {
  let edits: RouteEdits = NO_EDITS;
  let value = start;
  for (const step of steps) {
    const result = applyRouteEdit(edits, value, step, max);
    if (result) ({ edits, points: value } = result);
  }
  return { edits, value };
}

describe('route edits', () => {
  it('appends clicked points in order and stops at the cap', () => {
    expect(run([], [{ type: 'add', point: A }, { type: 'add', point: B }, { type: 'add', point: C }]).value).toEqual([A, B, C]);
    expect(run([], [{ type: 'add', point: A }, { type: 'add', point: B }, { type: 'add', point: C }], 2).value).toEqual([A, B]);
    expect(applyRouteEdit(NO_EDITS, [A, B], { type: 'add', point: C }, 2)).toBeNull();
  });

  it('closes a loop with the start point again, but adds nothing for the last point twice in a row', () => {
    expect(run([], [{ type: 'add', point: A }, { type: 'add', point: B }, { type: 'add', point: C }, { type: 'add', point: A }]).value).toEqual([A, B, C, A]);
    expect(applyRouteEdit(NO_EDITS, [A, B], { type: 'add', point: [...B] }, 10)).toBeNull();
  });

  it('moves one point and leaves the others', () => {
    expect(run([A, B, C], [{ type: 'move', index: 1, point: [8, 47] }]).value).toEqual([A, [8, 47], C]);
    expect(applyRouteEdit(NO_EDITS, [A], { type: 'move', index: 3, point: B }, 10)).toBeNull();
  });

  it('undoes adds, moves and a clear, one at a time, back to where the editor started', () => {
    const drawn = run([A], [{ type: 'add', point: B }, { type: 'move', index: 0, point: C }, { type: 'clear' }]);
    expect(drawn.value).toEqual([]);
    const once = run(drawn.value, [], 10);
    expect(canUndo(once.edits, once.value)).toBe(false); // a fresh editor has no history of its own
    let { edits, value } = drawn;
    const seen: LngLat[][] = [];
    for (;;) {
      const r = applyRouteEdit(edits, value, { type: 'undo' }, 10);
      if (!r) break;
      ({ edits, points: value } = r);
      seen.push(value);
    }
    expect(seen).toEqual([[C, B], [A, B], [A]]);
    expect(canUndo(edits, value)).toBe(false);
  });

  it('forgets its history when the points change from outside (a GPX import)', () => {
    const { edits } = run([], [{ type: 'add', point: A }, { type: 'add', point: B }]);
    expect(canUndo(edits, [A, B])).toBe(true);
    // Equal points in a new array (a form copying values) still count as the editor's own.
    expect(canUndo(edits, [[...A], [...B]])).toBe(true);
    expect(canUndo(edits, [C, A, B])).toBe(false);
    expect(applyRouteEdit(edits, [C, A, B], { type: 'undo' }, 10)).toBeNull();
  });

  it('clears only when there is something to clear and keeps undo bounded', () => {
    expect(applyRouteEdit(NO_EDITS, [], { type: 'clear' }, 10)).toBeNull();
    const many = run([], Array.from({ length: UNDO_DEPTH + 20 }, (_, i) => ({ type: 'add' as const, point: [i / 1000, 0] as LngLat })), 1000);
    expect(many.value).toHaveLength(UNDO_DEPTH + 20);
    expect(many.edits.past).toHaveLength(UNDO_DEPTH);
  });
});
