import { describe, expect, it } from 'vitest';
import { MAX_BATCH_POINTS, MAX_BUFFERED_POINTS, type LivePoint } from '#contract/live';
import { bufferKey, createPositionBuffer } from './position-buffer';

const at = (t: number): LivePoint => ({ t, lng: 8.5 + t / 1e9, lat: 47.3, ele: 420, acc: 5 });
const T0 = 1_780_000_000_000;

describe('the position buffer', () => {
  it('keeps one position a second at most, and never one it has already kept', () => {
    const buffer = createPositionBuffer(1, localStorage);
    expect(buffer.add(at(T0))).toBe(true);
    expect(buffer.add(at(T0))).toBe(false);
    expect(buffer.add(at(T0 + 400))).toBe(false);
    expect(buffer.add(at(T0 + 1000))).toBe(true);
    expect(buffer.add(at(T0 - 5000))).toBe(false);
    expect(buffer.batch().map((p) => p.t)).toEqual([T0, T0 + 1000]);
  });

  it('drops the oldest past the cap', () => {
    const buffer = createPositionBuffer(2, null);
    for (let i = 0; i < MAX_BUFFERED_POINTS + 3; i++) buffer.add(at(T0 + i * 1000));
    expect(buffer.size()).toBe(MAX_BUFFERED_POINTS);
    expect(buffer.batch(1)[0]!.t).toBe(T0 + 3000);
  });

  it('hands out batches of at most the wire’s limit, oldest first, and lets go of what the server acknowledged', () => {
    const buffer = createPositionBuffer(3, null);
    for (let i = 0; i < MAX_BATCH_POINTS + 30; i++) buffer.add(at(T0 + i * 1000));
    const first = buffer.batch();
    expect(first).toHaveLength(MAX_BATCH_POINTS);
    expect(buffer.batch(500)).toHaveLength(MAX_BATCH_POINTS);
    expect(first[0]!.t).toBe(T0);
    // Sending is not storing: until the answer, everything stays.
    expect(buffer.size()).toBe(MAX_BATCH_POINTS + 30);
    buffer.ack(first.at(-1)!.t);
    expect(buffer.size()).toBe(30);
    expect(buffer.batch()[0]!.t).toBe(T0 + MAX_BATCH_POINTS * 1000);
    buffer.ack(T0 + 10_000_000);
    expect(buffer.size()).toBe(0);
  });

  it('survives a reload through storage, and still refuses what it kept before', () => {
    const before = createPositionBuffer(4, localStorage);
    before.add(at(T0));
    before.add(at(T0 + 1000));
    before.add(at(T0 + 2000));
    before.ack(T0);

    const after = createPositionBuffer(4, localStorage);
    expect(after.batch().map((p) => p.t)).toEqual([T0 + 1000, T0 + 2000]);
    expect(after.add(at(T0 + 2000))).toBe(false);
    expect(after.add(at(T0 + 3000))).toBe(true);
    // Another session's positions are its own.
    expect(createPositionBuffer(5, localStorage).size()).toBe(0);

    after.clear();
    expect(localStorage.getItem(bufferKey(4))).toBeNull();
    expect(createPositionBuffer(4, localStorage).size()).toBe(0);
  });
});
