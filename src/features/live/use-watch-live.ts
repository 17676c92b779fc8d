import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LiveNow, LiveSession } from '#contract/live';
import { liveSocket } from '../../lib/live-socket';
import { liveKeys } from './api';
import { withCardPositions, withPositions } from './live-track';

/**
 * Watches the sessions `liveIds` on the live socket while mounted (`watch-live`, told again after a reconnect by the
 * socket), and keeps what is cached of them current: the session's track and card, and its card in the lists of who is
 * live. A session this member may no longer see (`live-gone`) leaves the list, and `onGone` hears of it.
 */
export function useWatchLive(liveIds: readonly number[], onGone?: (liveId: number) => void) {
  const queryClient = useQueryClient();
  const goneRef = useRef(onGone);
  useEffect(() => {
    goneRef.current = onGone;
  });
  // One watch per id, whatever order the list comes in: a refetch that reorders it changes nothing on the wire.
  const key = [...new Set(liveIds)].sort((a, b) => a - b).join(',');

  useEffect(() => {
    const ids = key === '' ? [] : key.split(',').map(Number);
    const watching = new Set(ids);
    // Every list of who is live holding it: the member's own, and an event's.
    const patchList = (change: (data: LiveNow) => LiveNow) => queryClient.setQueriesData<LiveNow>({ queryKey: liveKeys.now() }, (data) => (data ? change(data) : data));
    const patchSession = (liveId: number, change: (data: LiveSession) => LiveSession) =>
      queryClient.setQueryData<LiveSession>(liveKeys.session(liveId), (data) => (data ? change(data) : data));

    const stopListening = liveSocket.listen(
      {
        onMessage: (message) => {
          if (!('liveId' in message) || !watching.has(message.liveId)) return;
          const { liveId } = message;
          switch (message.type) {
            case 'live-position':
              patchSession(liveId, (s) => withPositions(s, message));
              patchList((d) => ({ ...d, sessions: d.sessions.map((c) => (c.id === liveId ? withCardPositions(c, message) : c)) }));
              return;
            case 'live-status':
              patchSession(liveId, (s) => ({ ...s, status: message.status }));
              patchList((d) => ({ ...d, sessions: d.sessions.map((c) => (c.id === liveId ? { ...c, status: message.status } : c)) }));
              return;
            case 'live-gone':
              patchList((d) => ({ ...d, sessions: d.sessions.filter((c) => c.id !== liveId) }));
              goneRef.current?.(liveId);
              return;
          }
        },
        // Positions sent while the connection was down were missed: ask for the tracks again.
        onReconnect: () => {
          for (const id of ids) void queryClient.invalidateQueries({ queryKey: liveKeys.session(id) });
          void queryClient.invalidateQueries({ queryKey: liveKeys.now() });
        },
      },
      // The signed-in layout holds the connection; a live map only listens in.
      { passive: true },
    );
    const stops = ids.map((id) => liveSocket.watchLive(id));
    return () => {
      stops.forEach((stop) => stop());
      stopListening();
    };
  }, [queryClient, key]);
}
