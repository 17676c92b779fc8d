import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createOptimisticToggle, sendAsMutation, type ToggleSpec } from './optimistic-toggle';
import { createQueryClient } from './query-client';
import { toast } from './toast';

vi.mock('./toast', () => ({ toast: { success: vi.fn(), failure: vi.fn(), message: vi.fn() } }));

/** A fake server whose answers the test releases one by one, and the cache as the screen would show it. */
function harness(answer: (wish: boolean) => boolean | Error = (wish) => wish) {
  const shown = new Map<string, boolean>();
  const sent: boolean[] = [];
  const releases: (() => void)[] = [];
  const settled = vi.fn();
  const queryClient = createQueryClient(() => {});
  queryClient.setDefaultOptions({ mutations: { retry: false } });
  const spec: ToggleSpec<boolean> = {
    apply: (key, state) => shown.set(key, state),
    send: (_key, wish) =>
      sendAsMutation(queryClient, ['like'], async () => {
        sent.push(wish);
        await new Promise<void>((resolve) => releases.push(resolve));
        const result = answer(wish);
        if (result instanceof Error) throw result;
        return result;
      }),
    same: (a, b) => a === b,
    onSettled: settled,
  };
  const release = async () => {
    await vi.waitFor(() => expect(releases.length).toBeGreaterThan(0));
    releases.shift()!();
  };
  return { toggle: createOptimisticToggle(spec), shown, sent, release, settled };
}

describe('createOptimisticToggle', () => {
  it('shows the wish at once and settles on the server answer', async () => {
    const h = harness();
    const done = h.toggle.toggle('feed:1', false, true);
    expect(h.shown.get('feed:1')).toBe(true);
    expect(h.toggle.isPending('feed:1')).toBe(true);
    await h.release();
    await expect(done).resolves.toBe(true);
    expect(h.sent).toEqual([true]);
    expect(h.shown.get('feed:1')).toBe(true);
    expect(h.settled).toHaveBeenCalledExactlyOnceWith('feed:1', true, false);
    expect(h.toggle.isPending('feed:1')).toBe(false);
  });

  it('three rapid clicks send at most two requests and end on the server state', async () => {
    const h = harness();
    const first = h.toggle.toggle('feed:1', false, true);
    h.toggle.toggle('feed:1', true, false);
    expect(h.shown.get('feed:1')).toBe(false);
    const last = h.toggle.toggle('feed:1', false, true);
    expect(h.shown.get('feed:1')).toBe(true);
    // The first answer (on) already matches the last wish (on): nothing more to send.
    await h.release();
    await expect(last).resolves.toBe(true);
    await expect(first).resolves.toBe(true);
    expect(h.sent).toEqual([true]);
    expect(h.shown.get('feed:1')).toBe(true);
  });

  it('sends one more request when the latest wish differs from the answer, and ends on what the server says', async () => {
    const h = harness();
    const done = h.toggle.toggle('feed:1', false, true);
    h.toggle.toggle('feed:1', true, false);
    h.toggle.toggle('feed:1', false, true);
    h.toggle.toggle('feed:1', true, false);
    await h.release();
    await h.release();
    await expect(done).resolves.toBe(false);
    expect(h.sent).toEqual([true, false]);
    expect(h.shown.get('feed:1')).toBe(false);
  });

  it('accepts a server answer that differs from an unchanged wish instead of asking again', async () => {
    const h = harness(() => false);
    const done = h.toggle.toggle('user:3', false, true);
    await h.release();
    await expect(done).resolves.toBe(false);
    expect(h.sent).toEqual([true]);
    expect(h.shown.get('user:3')).toBe(false);
  });

  it('keys are independent', async () => {
    const h = harness();
    h.toggle.toggle('feed:1', false, true);
    h.toggle.toggle('feed:2', false, true);
    await vi.waitFor(() => expect(h.sent).toEqual([true, true]));
  });

  it('a failure restores the last server state and toasts once', async () => {
    const h = harness(() => new ApiError(500, 'Something went wrong'));
    const done = h.toggle.toggle('feed:1', false, true);
    h.toggle.toggle('feed:1', true, false);
    h.toggle.toggle('feed:1', false, true);
    await h.release();
    await expect(done).resolves.toBe(false);
    expect(h.shown.get('feed:1')).toBe(false);
    expect(h.sent).toEqual([true]);
    expect(toast.failure).toHaveBeenCalledExactlyOnceWith('Something went wrong');
    expect(h.settled).not.toHaveBeenCalled();
    expect(h.toggle.isPending('feed:1')).toBe(false);
  });
});
