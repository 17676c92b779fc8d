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

/** Route guard: the signed-in member, or 401. */
export async function requireUser(request: FastifyRequest) {
  if (!request.session) throw unauthorized('Please sign in to continue.');
}

/** The signed-in member of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest) {
  if (!request.session) throw unauthorized('Please sign in to continue.');
  return request.session;
}
