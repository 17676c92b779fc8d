import * as z from 'zod/mini';

/** Name of the `<meta>` whose content is the JSON of `publicConfigData`, put into every page. */
export const RUNTIME_CONFIG_META = 'switchback-config';

/**
 * The server's public configuration: in every page's `<meta>` and at `GET /api/config` (the mobile apps). Apart from
 * contract/auth.ts: every first page load reads it, and nothing else of the sign-in wire should come along (check P1).
 */
export const publicConfigData = z.object({
  googleClientId: z.nullable(z.string()),
  googleAuthorizeUrl: z.nullable(z.string()),
  /**
   * Where the live socket is (`wss://host/ws`) when it is not this page's own origin (`PUBLIC_SOCKET_URL`); null means
   * same origin, `/ws`. Optional, so a page cached before this field existed still reads.
   */
  socketUrl: z.optional(z.nullable(z.string())),
  /**
   * The MapLibre styles maps draw (`MAP_STYLE_URL`), the first the default; empty or absent: only the bundled offline
   * style. Ignored by a build with a Mapbox token. A style that cannot load falls back to the offline one.
   */
  mapStyleUrls: z.optional(z.array(z.string()).check(z.maxLength(10))),
});
