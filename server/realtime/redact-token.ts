import type { FastifyRequest } from 'fastify';

/** Browsers send the live socket's bearer token as `?token=` (they cannot set headers on a WebSocket). */
export const withoutToken = (url: string) => url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');

/** Fastify's request fields for log lines, with the token taken out of the URL, so no log holds a live token. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutToken(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
