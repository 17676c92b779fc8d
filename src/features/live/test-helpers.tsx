import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, vi } from 'vitest';
import { useEffect, useState } from 'react';
import {
  liveCard,
  liveNow,
  liveSession,
  ownLiveSession,
  sharedLive,
  type LiveCard,
  type LiveNow,
  type LiveSession,
  type OwnLiveSession,
  type SharedLive,
} from '#contract/live';
import type { ClientMessage } from '#contract/realtime';
import type { MapEngineProps } from '../../components/map/map-canvas';
import { fail, ok } from '../../test/fixtures';
import { FakeSocket } from '../notifications/test-helpers';
import { server } from '../../test/msw-server';

/**
 * Wire fixtures parsed with the contract's own schemas, so a fixture the server could never send fails the test that
 * uses it. The sharer is Priya Shah (userId 21); the signed-in test member is Maya Torres (userId 7).
 */

export const PRIYA = { userId: 21, handleName: 'priyarides', firstName: 'Priya', lastName: 'Shah', profileImage: null };
export const MAYA = { userId: 7, handleName: 'mayatrails', firstName: 'Maya', lastName: 'Torres', profileImage: null };
export const secondsAgo = (s: number) => new Date(Date.now() - s * 1000).toISOString();

export const aCard = (over: Partial<LiveCard> = {}): LiveCard =>
  liveCard.parse({
    id: 31,
    sharer: PRIYA,
    sportId: 53,
    status: 'live',
    startedAt: secondsAgo(3600),
    position: [-122.45, 37.77],
    lastAt: secondsAgo(12),
    distanceM: 12_500,
    eventId: null,
    ...over,
  });

export const aSession = (over: Partial<LiveSession> = {}): LiveSession =>
  liveSession.parse({
    ...aCard(),
    track: [
      [
        [-122.46, 37.76],
        [-122.45, 37.77],
      ],
    ],
    ...over,
  });

export const anOwnSession = (over: Partial<OwnLiveSession> = {}): OwnLiveSession =>
  ownLiveSession.parse({
    ...aSession({ sharer: MAYA, id: 40 }),
    audience: 'followers',
    expectedReturnAt: null,
    silenceMinutes: 15,
    expiresAt: new Date(Date.now() + 11 * 3_600_000).toISOString(),
    ownDistanceM: 12_500,
    storedUntil: Date.now() - 12_000,
    checkSentAt: null,
    alertedAt: null,
    watchers: [],
    contacts: [],
    links: [],
    watching: [{ member: PRIYA, seenAt: secondsAgo(30) }],
    ...over,
  });

export const aShared = (over: Partial<SharedLive> = {}): SharedLive =>
  sharedLive.parse({
    firstName: 'Priya',
    sportId: 35,
    status: 'live',
    startedAt: secondsAgo(1800),
    position: [-122.45, 37.77],
    lastAt: secondsAgo(5),
    distanceM: 4_000,
    track: aSession().track,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    ...over,
  });

/** What `GET /api/live` answers, parsed as the contract says: by default no own session, no one live, no event on. */
export const aLiveNow = (over: Partial<LiveNow> = {}): LiveNow => liveNow.parse({ own: null, sessions: [], shareableEvents: [], ...over });

/** Serves `GET /api/live` with `own`, `sessions` and the events a new session may be shared with. */
export function serveLiveNow(own: OwnLiveSession | null, sessions: LiveCard[] = [], shareableEvents: LiveNow['shareableEvents'] = []) {
  server.use(http.get('/api/live', () => HttpResponse.json(ok(aLiveNow({ own, sessions, shareableEvents })))));
}

/** Serves `GET /api/live/:liveId` with `session`, or a 404 when it is null. */
export function serveLiveSession(session: LiveSession | null) {
  server.use(
    http.get('/api/live/:liveId', () =>
      session ? HttpResponse.json(ok(liveSession.parse(session))) : HttpResponse.json(fail(404, 'That live session does not exist.'), { status: 404 }),
    ),
  );
}

/** Serves `GET /api/live/shared/:token` with `shared`, or a 404 when it is null. */
export function serveShared(shared: SharedLive | null) {
  server.use(
    http.get('/api/live/shared/:token', () =>
      shared ? HttpResponse.json(ok(sharedLive.parse(shared))) : HttpResponse.json(fail(404, 'This link has expired or was turned off.'), { status: 404 }),
    ),
  );
}

/**
 * jsdom cannot draw WebGL: the map engine's stand-in, used with `vi.mock('…/components/map/libre-map')`. It lists what
 * the map would draw: each line with its number of points, each pin where it stands; and says how often the view was
 * fitted, as the real map fits it whenever `fitTo` changes identity, and to what last.
 */
export function StandInEngine({ onReady, lines, markers, ariaLabel, fitTo }: MapEngineProps) {
  useEffect(() => {
    onReady();
    // Once, as the real map reports its first frame.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [fits, setFits] = useState(() => (fitTo?.length ? [fitTo] : []));
  const [fitted, setFitted] = useState(fitTo);
  if (fitted !== fitTo) {
    setFitted(fitTo);
    if (fitTo?.length) setFits((list) => [...list, fitTo]);
  }
  const last = fits.at(-1);
  return (
    <>
      {last && (
        <p>
          View of {ariaLabel} fitted {fits.length === 1 ? 'once' : `${fits.length} times`}, last to {last.length === 1 ? last[0]!.join(', ') : `${last.length} points`}
        </p>
      )}
      <DrawnList lines={lines} markers={markers} ariaLabel={ariaLabel} />
    </>
  );
}

function DrawnList({ lines, markers, ariaLabel }: Pick<MapEngineProps, 'lines' | 'markers' | 'ariaLabel'>) {
  return (
    <ul aria-label={`Drawn on ${ariaLabel}`}>
      {lines?.map((line) => (
        <li key={line.id}>
          Line in {line.pieces.length} {line.pieces.length === 1 ? 'piece' : 'pieces'} through {line.pieces.flat().length} points
        </li>
      ))}
      {markers?.map((m) => (
        <li key={m.id}>
          {m.label} at {m.position.join(', ')}
        </li>
      ))}
    </ul>
  );
}

/** A socket that also keeps what the app sends on it (`watch-live`, `unwatch-live`…). */
export class SendingSocket extends FakeSocket {
  sent: ClientMessage[] = [];
  send(frame: string) {
    this.sent.push(JSON.parse(frame) as ClientMessage);
  }
}

/**
 * For a file whose screens draw a map and hold the live socket: WebGL present (the map mounts its engine, which the
 * file mocks with `StandInEngine`) and every socket a `SendingSocket`, reset before each test.
 */
export function withMapAndSocket() {
  beforeEach(() => {
    vi.stubGlobal('WebGL2RenderingContext', class {});
    SendingSocket.all = [];
    vi.stubGlobal('WebSocket', SendingSocket);
  });
  afterEach(() => vi.unstubAllGlobals());
}
