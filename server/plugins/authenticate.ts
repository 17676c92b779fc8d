import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { unauthorized } from '../lib/errors';
import { findSession } from '../modules/auth/sessions';
import type { AccountRow } from '../modules/users/own-profile';

export type SessionUser = { sessionId: number; user: AccountRow };

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionUser | null;
  }
}

/**
 * Reads the bearer token on every API and media request. A token that is sent but dead is a 401 on every route, so a
 * signed-out or reset device learns at once (check 7); on media, a live one tells the media policy who is looking.
 */
export function registerAuthentication(app: FastifyInstance, deps: Deps) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/media/')) return;
    const header = request.headers.authorization;
    if (!header) return;
    const token = bearerToken(header);
    const session = token ? await findSession(deps.db, deps.clock, token) : undefined;
    if (!session) throw unauthorized();
    request.session = session;
  });
}

/**
 * The token of an `Authorization: Bearer <token>` header, or undefined when it is not one of ours in shape (43
 * base64url characters; anything far longer is not worth hashing). The one reader for HTTP and the live socket.
 */
export function bearerToken(header: string) {
  return /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header)?.[1];
}

/**
 * Route guard: the signed-in member, or 401. `signedIn` scopes run it for every route; an upload route also runs it
 * on request, so a stranger's body is never read.
 */
export async function requireUser(request: FastifyRequest) {
  if (!request.session) throw unauthorized('Please sign in to continue.');
}

/** The signed-in member of a request on a `signedIn` route. */
export function currentUser(request: FastifyRequest) {
  if (!request.session) throw unauthorized('Please sign in to continue.');
  return request.session;
}

/** The signed-in member's id, on a `signedIn` route. */
export const viewerId = (request: FastifyRequest) => currentUser(request).user.id;

const BEARER = [{ bearer: [] }];

/**
 * Registers routes that are all for signed-in members, as one Fastify scope: the guard runs before each and the
 * OpenAPI document declares the bearer token for each, so no route can forget either. The guard is a preHandler, after
 * body validation, as the per-route guard was, so a malformed request answers 400 before a missing session's 401.
 */
export async function signedIn(app: FastifyInstance, routes: (scope: FastifyInstance) => void | Promise<void>) {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: BEARER };
    });
    scope.addHook('preHandler', requireUser);
    await routes(scope);
  });
}
