import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** What one kind of toggle (follow, like, block, mute, interested, going) needs to know. */
export type ToggleSpec<S> = {
  /** Writes `state` of the entity `key` everywhere it is cached: the wish at once, later the server's answer. */
  apply(key: string, state: S): void;
  /** Asks the server for `wish`; resolves with the state the server answers (every toggle answers with one). */
  send(key: string, wish: S): Promise<S>;
  /** Whether two states count as the same for this toggle (e.g. only `isFollowing` and `isRequested`). */
  same(a: S, b: S): boolean;
  /** Once a burst of clicks has settled on the server's answer; `before` is the server state before the burst. */
  onSettled?(key: string, state: S, before: S): void;
};

export type OptimisticToggle<S> = {
  /**
   * Shows `wish` at once and brings the server to it. `current` is what the screen shows now (the last server state
   * when nothing is in flight for `key`). Resolves with the server's final state; on failure the last server state
   * is restored and returned (the failure is reported by `send`).
   */
  toggle(key: string, current: S, wish: S): Promise<S>;
  /** Whether a request for `key` is on its way. */
  isPending(key: string): boolean;
};

type Entry<S> = { server: S; before: S; wish: S; settled: Promise<S> };

/**
 * The one optimistic toggle: per entity key, at most one request in flight. Clicks made meanwhile only move the
 * wish; when the request settles, one more request goes out only if the server's answer differs from the latest
 * wish, so rapid clicks cost at most two requests and always end on what the server says. No React here.
 */
export function createOptimisticToggle<S>(spec: ToggleSpec<S>): OptimisticToggle<S> {
  const entries = new Map<string, Entry<S>>();

  async function run(key: string, entry: Entry<S>): Promise<S> {
    let asked = entry.wish;
    for (;;) {
      try {
        entry.server = await spec.send(key, asked);
      } catch {
        entries.delete(key);
        spec.apply(key, entry.server);
        return entry.server;
      }
      // Ask again only for a wish made while this request was out; a server that answers differently from what it
      // was asked (a private member turns a follow into a request) has the last word.
      if (entry.wish === asked || spec.same(entry.wish, entry.server)) break;
      asked = entry.wish;
    }
    entries.delete(key);
    spec.apply(key, entry.server);
    spec.onSettled?.(key, entry.server, entry.before);
    return entry.server;
  }

  return {
    toggle(key, current, wish) {
      spec.apply(key, wish);
      const pending = entries.get(key);
      if (pending) {
        pending.wish = wish;
        return pending.settled;
      }
      const entry: Entry<S> = { server: current, before: current, wish, settled: Promise.resolve(current) };
      entries.set(key, entry);
      entry.settled = run(key, entry);
      return entry.settled;
    },
    isPending: (key) => entries.has(key),
  };
}

/**
 * Sends `request` as a mutation of `queryClient`, so its failure is handled like every other mutation's (the
 * MutationCache raises the one failure toast, a 401 ends the session) without the toggle toasting a second time.
 */
export function sendAsMutation<T>(queryClient: QueryClient, mutationKey: readonly unknown[], request: () => Promise<T>): Promise<T> {
  return queryClient.getMutationCache().build(queryClient, { mutationKey, mutationFn: request }).execute(undefined);
}

const toggles = new WeakMap<QueryClient, Map<string, OptimisticToggle<unknown>>>();

/**
 * The toggle named `name` of this query client (one per client, so every button showing the same entity shares
 * its queue, and signing out drops it with the client). `makeSpec` runs once, the first time the name is used.
 */
export function useOptimisticToggle<S>(name: string, makeSpec: (queryClient: QueryClient) => ToggleSpec<S>) {
  const queryClient = useQueryClient();
  let byName = toggles.get(queryClient);
  if (!byName) toggles.set(queryClient, (byName = new Map()));
  let toggle = byName.get(name) as OptimisticToggle<S> | undefined;
  if (!toggle) {
    toggle = createOptimisticToggle(makeSpec(queryClient));
    byName.set(name, toggle as OptimisticToggle<unknown>);
  }
  const stable = toggle;
  return useCallback((key: string, current: S, wish: S) => stable.toggle(key, current, wish), [stable]);
}
