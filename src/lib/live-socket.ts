import type { LivePoint } from '#contract/live';
import { liveMessage, WS_CLOSE, type ClientMessage, type LiveMessage, type ThreadSubject } from '#contract/realtime';
import { readRuntimeConfig } from './runtime-config';
import { sessionStore } from './session-store';

export type LiveListener = {
  onMessage?: (message: LiveMessage) => void;
  /** The connection is back after a drop: whatever the server pushed in between was missed. */
  onReconnect?: () => void;
  /** The server refused the token or ended the session (4401, 4403): this browser must sign out, as after a 401. */
  onSessionEnded?: () => void;
};

type SocketLike = Pick<WebSocket, 'close' | 'send' | 'onopen' | 'onmessage' | 'onclose' | 'onerror'>;

export type LiveSocketDeps = {
  session: { subscribe(listener: () => void): () => void; getSnapshot(): { token: string | null } };
  urlFor: (token: string) => string;
  open: (url: string) => SocketLike;
  random: () => number;
};

// Our own retry loop, not partysocket's: partysocket would take over only the timer in `onclose` (the session,
// listener and watch handling, the stop on 4401/4403 and the retry when back online all stay), for more gzipped bytes
// than this whole module's 1.4 KB. By default it also queues frames sent while closed, so a `watch` would go twice.

/** First retry after about a second, doubling to at most half a minute. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * The wait before retry number `attempt` (0-based): exponential, capped, and half of it random so that every browser
 * dropped by one server restart does not come back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random) {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * `/ws` on this page's origin, or the server's `socketUrl` when it names another place. Browsers cannot set headers
 * on a WebSocket, so the token rides as `?token=`.
 */
export function liveSocketUrl(token: string, configured: string | null | undefined, pageUrl: string) {
  const url = new URL(configured || '/ws', pageUrl);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * One WebSocket per signed-in session, open while anything listens: opened with the session's token, reopened
 * with backoff after a drop, closed on sign-out (or when another account signs in, then opened for that one).
 * Frames are checked against the contract; one this client does not know is ignored. The comment threads on screen
 * are watched (`watch`): told to the server on every open, since a new connection starts with none.
 */
export function createLiveSocket(deps: LiveSocketDeps) {
  const listeners = new Set<LiveListener>();
  /** Listeners that hear the connection while others keep it open, without keeping it open themselves. */
  const passive = new Set<LiveListener>();
  let socket: SocketLike | null = null;
  /** The token the current connection (or pending retry) is for. */
  let token: string | null = null;
  /** A token the server refused: never tried again, whatever happens next, until the session changes. */
  let refused: string | null = null;
  let attempt = 0;
  let hasOpened = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The socket once open, until it closes: frames go only to this one. */
  let ready: SocketLike | null = null;
  /** The threads watched, each with how many screens watch it. */
  const watched = new Map<string, { subject: ThreadSubject; id: number; screens: number }>();
  /** The live sessions watched (`watch-live`), each with how many screens watch it. */
  const watchedLive = new Map<number, number>();

  const each = (fn: (l: LiveListener) => void) => new Set([...listeners, ...passive]).forEach(fn);
  const send = (message: ClientMessage) => ready?.send(JSON.stringify(message));

  function connect() {
    const current = token;
    if (current === null) return;
    let s: SocketLike;
    try {
      s = deps.open(deps.urlFor(current));
    } catch (error) {
      // A malformed socket URL in the configuration: retrying cannot fix it.
      console.error('The live socket could not be opened', error);
      return;
    }
    socket = s;
    s.onopen = () => {
      if (socket !== s) return;
      ready = s;
      for (const { subject, id } of watched.values()) send({ type: 'watch', subject, id });
      for (const id of watchedLive.keys()) send({ type: 'watch-live', id });
      attempt = 0;
      if (hasOpened) each((l) => l.onReconnect?.());
      hasOpened = true;
    };
    s.onmessage = (event: MessageEvent) => {
      if (socket !== s || typeof event.data !== 'string') return;
      let json: unknown;
      try {
        json = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = liveMessage.safeParse(json);
      if (parsed.success) each((l) => l.onMessage?.(parsed.data));
    };
    s.onclose = (event: CloseEvent) => {
      if (socket !== s) return;
      socket = null;
      ready = null;
      if (event.code === WS_CLOSE.unauthorized || event.code === WS_CLOSE.sessionEnded) {
        refused = current;
        token = null;
        each((l) => l.onSessionEnded?.());
        return;
      }
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        connect();
      }, reconnectDelay(attempt++, deps.random));
    };
  }

  function disconnect() {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    const s = socket;
    socket = null;
    ready = null;
    token = null;
    attempt = 0;
    hasOpened = false;
    if (s) {
      s.onopen = s.onmessage = s.onclose = s.onerror = null;
      s.close(1000);
    }
  }

  /** Brings the connection in line with the session and the listeners. */
  function sync() {
    const sessionToken = deps.session.getSnapshot().token;
    if (sessionToken !== refused) refused = null;
    const wanted = listeners.size > 0 && sessionToken !== refused ? sessionToken : null;
    if (wanted === token) return;
    disconnect();
    token = wanted;
    connect();
  }

  deps.session.subscribe(sync);
  if (typeof window !== 'undefined') {
    // Back online: no reason to sit out the rest of a long backoff.
    window.addEventListener('online', () => {
      if (retryTimer === undefined) return;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      connect();
    });
  }

  return {
    /**
     * Listens (opening the connection if this is the first listener); returns the way to stop. A `passive` listener
     * hears the connection the app holds open (the signed-in layout's) but never opens or holds it itself.
     */
    listen(listener: LiveListener, { passive: isPassive = false }: { passive?: boolean } = {}) {
      if (isPassive) {
        passive.add(listener);
        return () => void passive.delete(listener);
      }
      listeners.add(listener);
      sync();
      return () => {
        listeners.delete(listener);
        // Later, so a listener that comes straight back (React's strict-mode remount) keeps the same connection.
        setTimeout(sync, 0);
      };
    },
    /**
     * Asks for the comment messages of one thread (contract/realtime.ts `watch`) while the returned stop is not
     * called; screens showing the same thread share one watch. Messages arrive through `listen`.
     */
    watch(subject: ThreadSubject, id: number) {
      const key = `${subject}:${id}`;
      const entry = watched.get(key);
      if (entry) entry.screens++;
      else {
        watched.set(key, { subject, id, screens: 1 });
        send({ type: 'watch', subject, id });
      }
      let stopped = false;
      return () => {
        const current = watched.get(key);
        if (stopped || !current) return;
        stopped = true;
        if (--current.screens > 0) return;
        watched.delete(key);
        send({ type: 'unwatch', subject, id });
      };
    },
    /**
     * Asks for the positions and state of one live session (contract/realtime.ts `watch-live`) while the returned
     * stop is not called; like `watch`, shared by screens and told again after every reconnect.
     */
    watchLive(id: number) {
      const screens = watchedLive.get(id) ?? 0;
      watchedLive.set(id, screens + 1);
      if (screens === 0) send({ type: 'watch-live', id });
      let stopped = false;
      return () => {
        const current = watchedLive.get(id);
        if (stopped || current === undefined) return;
        stopped = true;
        if (current > 1) watchedLive.set(id, current - 1);
        else {
          watchedLive.delete(id);
          send({ type: 'unwatch-live', id });
        }
      };
    },
    /**
     * The sharer's batch of positions (`live-positions`), answered with `live-ack`. False when the connection is not
     * open: unlike watches, a batch is not kept for later here, since the sharer's buffer keeps it and may send it
     * over HTTP instead.
     */
    sendLivePositions(id: number, points: LivePoint[]) {
      if (!ready) return false;
      send({ type: 'live-positions', id, points });
      return true;
    },
  };
}

/** The app's live connection. */
export const liveSocket = createLiveSocket({
  session: sessionStore,
  urlFor: (token) => liveSocketUrl(token, readRuntimeConfig().socketUrl, window.location.href),
  open: (url) => new WebSocket(url),
  random: Math.random,
});
