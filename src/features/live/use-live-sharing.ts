import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SEND_EVERY_MS, type LivePoint, type LiveStatus } from '#contract/live';
import { ApiError } from '../../lib/api-error';
import { liveSocket } from '../../lib/live-socket';
import { liveKeys, sendPositions } from './api';
import { LOCATION_DENIED, LOCATION_UNAVAILABLE, LOCATION_UNSUPPORTED } from './live-words';
import { createPositionBuffer } from './position-buffer';

/** A batch sent over the socket and not acknowledged within this long goes again by HTTP. */
export const ACK_WAIT_MS = 10_000;
/** Positions drawn on the sharer's own map that the server has not sent back yet; older ones are in its track. */
const RECENT_MAX = 3_600;

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** A fix as the wire takes it; null for the odd reading out of range (a device may report nonsense). */
function pointOf({ coords, timestamp }: GeolocationPosition): LivePoint | null {
  const { longitude: lng, latitude: lat, altitude, accuracy } = coords;
  if (!(Math.abs(lng) <= 180 && Math.abs(lat) <= 90)) return null;
  const ele = altitude !== null && altitude >= -500 && altitude <= 9000 ? Math.round(altitude * 10) / 10 : null;
  const acc = Number.isFinite(accuracy) && accuracy >= 0 && accuracy <= 100_000 ? Math.round(accuracy) : null;
  return { t: Math.round(timestamp), lng: round6(lng), lat: round6(lat), ele, acc };
}

/**
 * The sharer's side of a live session, while its panel is open: reads the position (at most once a second, not while
 * paused), keeps what was not stored yet in a buffer that outlives a reload, and sends it every few seconds over the
 * socket (HTTP when the socket is closed or did not answer), holding on through a spell offline. Keeps the screen on
 * where the browser allows it. Says why nothing is shared when the position cannot be read.
 */
export function useLiveSharing(liveId: number | null, status: LiveStatus | null) {
  const queryClient = useQueryClient();
  const buffer = useMemo(() => (liveId === null ? null : createPositionBuffer(liveId)), [liveId]);
  const [problem, setProblem] = useState<string | null>(null);
  const [recent, setRecent] = useState<LivePoint[]>([]);
  const [pending, setPending] = useState(() => buffer?.size() ?? 0);
  const inflight = useRef<number | null>(null);
  const busy = useRef(false);

  const sessionEnded = useCallback(() => {
    buffer?.clear();
    setPending(0);
    void queryClient.invalidateQueries({ queryKey: liveKeys.now() });
  }, [buffer, queryClient]);

  /** Sends by HTTP until the buffer is empty or a request fails (offline: the positions wait for the next try). */
  const drainOverHttp = useCallback(async () => {
    if (!buffer || liveId === null || busy.current) return;
    busy.current = true;
    inflight.current = null;
    try {
      for (let batch = buffer.batch(); batch.length > 0; batch = buffer.batch()) {
        try {
          const ack = await sendPositions(liveId, batch);
          buffer.ack(ack.storedUntil);
          if (ack.status === 'ended') return sessionEnded();
        } catch (error) {
          if (error instanceof ApiError && (error.status === 404 || error.status === 409)) return sessionEnded();
          // Refused as it is (400): sending it again cannot help, and it would hold back every position after it.
          if (error instanceof ApiError && error.status === 400) buffer.ack(batch.at(-1)!.t);
          else return;
        }
      }
    } finally {
      busy.current = false;
      setPending(buffer.size());
    }
  }, [buffer, liveId, sessionEnded]);

  const flush = useCallback(() => {
    if (!buffer || liveId === null || buffer.size() === 0 || busy.current) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    const now = Date.now();
    if (inflight.current !== null && now - inflight.current < ACK_WAIT_MS) return;
    if (inflight.current === null && liveSocket.sendLivePositions(liveId, buffer.batch())) {
      inflight.current = now;
      return;
    }
    void drainOverHttp();
  }, [buffer, liveId, drainOverHttp]);

  // The socket's answers: an acknowledged batch leaves the buffer; a check or an end shows on the panel.
  useEffect(() => {
    if (!buffer || liveId === null) return;
    return liveSocket.listen(
      {
        onMessage: (message) => {
          if (!('liveId' in message) || message.liveId !== liveId) return;
          if (message.type === 'live-ack') {
            buffer.ack(message.storedUntil);
            inflight.current = null;
            setPending(buffer.size());
            if (message.status === 'ended') sessionEnded();
          } else if (message.type === 'live-check') void queryClient.invalidateQueries({ queryKey: liveKeys.now() });
        },
        // A batch sent just before the drop may never be answered: send again now rather than in ten seconds.
        onReconnect: () => {
          inflight.current = null;
          flush();
        },
      },
      { passive: true },
    );
  }, [buffer, liveId, queryClient, flush, sessionEnded]);

  useEffect(() => {
    if (liveId === null) return;
    const timer = setInterval(flush, SEND_EVERY_MS);
    window.addEventListener('online', flush);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', flush);
    };
  }, [liveId, flush]);

  // Positions only while live: a pause records nothing.
  useEffect(() => {
    if (!buffer || status !== 'live') return;
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) return;
    const watchId = geolocation.watchPosition(
      (position) => {
        setProblem(null);
        const point = pointOf(position);
        if (!point || !buffer.add(point)) return;
        setRecent((list) => [...list.slice(-(RECENT_MAX - 1)), point]);
        setPending(buffer.size());
      },
      (error) => setProblem(error.code === error.PERMISSION_DENIED ? LOCATION_DENIED : LOCATION_UNAVAILABLE),
      { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 },
    );
    return () => geolocation.clearWatch(watchId);
  }, [buffer, status]);

  // The screen stays on while sharing (a phone that sleeps may stop reading the position); the browser lets the lock
  // go whenever the page is hidden, so it is asked again on return. Where there is no such lock, nothing is said.
  useEffect(() => {
    if (liveId === null || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let stopped = false;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      navigator.wakeLock
        .request('screen')
        .then((l) => {
          if (stopped) void l.release();
          else lock = l;
        })
        .catch(() => {});
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', request);
      void lock?.release().catch(() => {});
    };
  }, [liveId]);

  const unsupported = typeof navigator === 'undefined' || !navigator.geolocation;
  return {
    /** Why no position is being shared, when one cannot be read. */
    problem: status === 'live' && unsupported ? LOCATION_UNSUPPORTED : problem,
    /** Positions read on this screen, oldest first (the map adds those the server has not sent back). */
    recent,
    /** How many positions wait to be sent. */
    pending,
    /** Sends what is left before the session ends (its last stretch is part of the saved activity). */
    sendRest: drainOverHttp,
    /** Forgets what is left (the session ended). */
    forget: sessionEnded,
  };
}
