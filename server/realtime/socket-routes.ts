import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { MAX_CLIENT_FRAME_BYTES, MAX_WATCHED_THREADS, WS_CLOSE } from '#contract/realtime';
import type { Deps } from '../deps';
import { findSession } from '../modules/auth/sessions';
import { bearerToken } from '../plugins/authenticate';
import { buildHere } from './build-here';
import { liveSessionIds } from './live-sessions';
import { SocketRegistry } from './socket-registry';
import { liveWatch } from './live-watch';
import { socketFrames } from './socket-frames';
import { threadWatch } from './thread-watch';

export type SocketTimings = {
  /** Ping every socket this often; one that has not answered the previous ping by then is dropped. */
  heartbeatMs: number;
  /**
   * Re-check the sessions of held sockets this often, in one query: the safety net for an expired session or a
   * `sessions-ended` the bus lost (Redis away), so a dead token's socket closes within 5 s either way (check 7).
   */
  sessionCheckMs: number;
};

export const DEFAULT_SOCKET_TIMINGS: SocketTimings = { heartbeatMs: 25_000, sessionCheckMs: 3_000 };

/** Browsers cannot set headers on a WebSocket, so they send the token as `?token=`; the apps may use the header. */
function tokenOf(request: FastifyRequest) {
  const header = request.headers.authorization;
  if (header !== undefined) return bearerToken(header);
  const query = request.query as { token?: unknown };
  return typeof query.token === 'string' ? bearerToken(`Bearer ${query.token}`) : undefined;
}

/**
 * `GET /ws`: the live socket (contract/realtime.ts). The token is checked on connect; a socket without a live one is
 * closed with `WS_CLOSE.unauthorized`. Signed-in sockets are held per member and session: `deliver` messages from
 * the bus become JSON text frames on every socket of that member (`build` ones once built here, build-here.ts),
 * `sessions-ended` closes the matching ones with `WS_CLOSE.sessionEnded`, `thread` goes to the sockets watching that
 * comment thread (thread-watch.ts), `live` to those watching that live session (live-watch.ts). The client sends watch
 * frames and a sharer's positions (socket-frames.ts, capped in size); anything else it sends is ignored.
 */
export async function socketRoutes(app: FastifyInstance, deps: Deps, timings: SocketTimings = DEFAULT_SOCKET_TIMINGS) {
  const registry = new SocketRegistry();
  app.decorate('liveSockets', registry);
  const threads = threadWatch(registry, { db: deps.db, clock: deps.clock, log: app.log });
  const live = liveWatch(registry, { ...deps, log: app.log });
  app.decorate('liveWatch', live);
  const frames = socketFrames({ threads, live }, app.log);
  let closing = false;

  const build = buildHere(registry, deps, app.log);
  // Reaching the members with a socket here: the outbox builds a message here only for them (bus.ts `reachesHere`).
  const unsubscribe = deps.bus.subscribe(
    (message) => {
      if (message.type === 'deliver') registry.deliver(message.userId, message.message);
      else if (message.type === 'build') build(message.userId, message.entries);
      else if (message.type === 'thread') void threads.fanOut(message.message, message.exceptUserId);
      else if (message.type === 'live') void live.fanOut(message.liveId, message.message);
      else if (message.type === 'live-recheck') void live.recheck(message);
      else registry.endSessions(message.userId, message.sessionIds);
    },
    (userId) => registry.count(userId) > 0,
  );

  const heartbeat = setInterval(() => registry.heartbeat(), timings.heartbeatMs).unref();

  let checking = false;
  const sessionCheck = setInterval(() => {
    const ids = registry.sessionIds();
    if (checking || ids.length === 0) return;
    checking = true;
    liveSessionIds(deps.db, deps.clock, ids)
      .then((live) => registry.endDeadSessions(ids, live))
      .catch((err: unknown) => app.log.warn({ err }, 'live sockets: session check failed; trying again next tick'))
      .finally(() => {
        checking = false;
      });
  }, timings.sessionCheckMs).unref();

  // Added before the plugin so it runs before the plugin's own preClose: held sockets get "going away" (reconnect
  // later) rather than a close without a code.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    live.close();
    unsubscribe();
    registry.closeAll(1001, 'Server restarting');
  });

  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_CLIENT_FRAME_BYTES },
    errorHandler(err, socket, request) {
      request.log.warn({ err }, 'live socket failed');
      socket.terminate();
    },
  });

  async function open(socket: WebSocket, request: FastifyRequest) {
    if (closing) return socket.close(1001, 'Server restarting');
    // A client sends its watches as soon as the socket opens, before its session is looked up: held until then.
    const early: [RawData, boolean][] = [];
    const hold = (data: RawData, isBinary: boolean) => {
      if (early.length < 2 * MAX_WATCHED_THREADS) early.push([data, isBinary]);
    };
    socket.on('message', hold);
    const token = tokenOf(request);
    let session;
    try {
      session = token ? await findSession(deps.db, deps.clock, token) : undefined;
    } catch (err) {
      // The database, not the member: a plain close, so the client tries again.
      request.log.error({ err }, 'live socket: session lookup failed');
      return socket.close(1011, 'Try again later');
    }
    if (socket.readyState !== socket.OPEN) return;
    if (!session) return socket.close(WS_CLOSE.unauthorized, 'Sign in again');
    const held = registry.add(socket, session.user.id, session.sessionId);
    socket.off('message', hold);
    socket.on('message', (data, isBinary) => frames.receive(held, data, isBinary));
    for (const [data, isBinary] of early) frames.receive(held, data, isBinary);
  }

  app.route({
    method: 'GET',
    url: '/ws',
    // Not an HTTP call: it stays out of the OpenAPI document, whose routes all answer 401 to a dead token.
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply.status(426).header('upgrade', 'websocket').send({ code: 426, message: 'Open this address as a WebSocket.' }),
    wsHandler: open,
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live sockets this process holds. */
    liveSockets: SocketRegistry;
    /** The live sessions its sockets watch (live-watch.ts). */
    liveWatch: ReturnType<typeof liveWatch>;
  }
}
