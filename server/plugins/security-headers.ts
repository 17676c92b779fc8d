import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { BOOT_SCRIPT_CSP_HASH } from '../lib/boot-script';

/**
 * Check 9: scripts only from our origin (no eval, and no inline script but the boot script, allowed by its hash),
 * workers also from blob: for Mapbox GL (which makes its worker so; MapLibre's comes from the app), media also from
 * blob: (a short's captions), nothing framed.
 * Styles allow inline because the toast and map libraries inject theirs at run time; style cannot run script.
 */
const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  // And the one inline script, the page's boot script (theme, booting mark, deferred entry), by its hash.
  'script-src': ["'self'", BOOT_SCRIPT_CSP_HASH],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'"],
  // A short's captions reach its <track> as a blob: URL the app makes from the short's WebVTT (short-slide.tsx).
  'media-src': ["'self'", 'blob:'],
  'connect-src': ["'self'", 'ws:', 'wss:', 'https:'],
  'worker-src': ["'self'", 'blob:'],
  'child-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

export function registerSecurityHeaders(app: FastifyInstance) {
  // Loaded in order with the plugins after it (app.ts awaits the next register); its onRequest hooks cover every route.
  void app.register(helmet, {
    // Exactly the directives above: Helmet's defaults would add others (upgrade-insecure-requests, script-src-attr...).
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // The policy this server has always sent; Helmet's default (same-origin) would also cut popups off from us.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Links out keep our origin (not the path) in Referer; Helmet's default is no-referrer.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Nothing frames us (matches frame-ancestors 'none'); Helmet's default is SAMEORIGIN.
    xFrameOptions: { action: 'deny' },
    // Off: Helmet defaults this server has never sent (CORP, COEP, Origin-Agent-Cluster, HSTS and the legacy X-*
    // ones); each would change what browsers allow, so turning one on is a decision of its own.
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // Helmet has no Permissions-Policy: set beside it, at the same point of the request.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(self)');
  });
}
