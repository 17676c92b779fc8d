import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { appRouteMatcher, type AppRoutes } from '../lib/app-routes';
import { deferEntryScript } from '../lib/boot-script';
import { criticalCss } from '../lib/critical-css';
import { withRuntimeConfig } from '../lib/runtime-config-meta';

/**
 * Serves the built SPA from one origin with the API. Files are sent as the build compressed them (their .br or .gz
 * copy, by Accept-Encoding); hashed assets are cached for a year. A page address of the app (the build's
 * `app-routes.json`) gets index.html with this server's public configuration in it (so the sign-in page knows about
 * Google without a request of its own) and its route's scripts preloaded beside the entry's; any other address gets
 * the same page with status 404, where the router shows its not-found page, and a missing asset or API path a plain
 * 404, so a tab of an older build learns its chunk is gone (src/lib/reload-for-new-build.ts) instead of running
 * index.html as a script.
 */
export async function registerSpa(app: FastifyInstance, spaDir: string | undefined, pageConfig: () => Promise<object>) {
  const index = spaDir ? path.join(spaDir, 'index.html') : undefined;
  const html = index !== undefined && fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : undefined;
  const routesFile = spaDir ? path.join(spaDir, 'app-routes.json') : undefined;
  // A build without the list (a test's): every address is a page, with nothing to preload.
  const routes = routesFile && fs.existsSync(routesFile) ? (JSON.parse(fs.readFileSync(routesFile, 'utf8')) as AppRoutes) : undefined;
  const routeOf = routes ? appRouteMatcher(Object.keys(routes)) : () => '';
  const prerendered = html ? await prerenderer(spaDir!, html, app.log) : undefined;
  if (html) {
    await app.register(fastifyStatic, {
      root: spaDir!,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const notFound = { code: 404, message: 'Not found.' };
  if (html) {
    // Every GET no other route takes: a route, not the not-found handler, so @fastify/compress compresses the page.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0]!;
      if (/^\/(?:api|assets|media)\//.test(pathname)) return reply.status(404).send(notFound);
      const config = await pageConfig();
      const route = routeOf(pathname);
      const scripts = routes?.[route ?? ''] ?? [];
      const page = (await prerendered?.(pathname, config, scripts)) ?? withRuntimeConfig(withModulePreloads(html, scripts), config);
      return reply
        .status(route !== undefined ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page);
    });
  }
  app.setNotFoundHandler(async (_request, reply) => reply.status(404).send(notFound));
}

type PrerenderModule = {
  PRERENDERED_PATHS: readonly string[];
  SHELL_PATHS: readonly string[];
  renderPage(path: string, config: object): Promise<string>;
};

/**
 * Pages with their markup in `#root` (issue 23), from the build's prerendering module (`dist-ssr/prerender.js`,
 * beside the SPA's folder: `npm run build` makes both), rendered once per page and public configuration, with that
 * configuration in the page as the browser then reads it:
 * - a public page, which the script takes over unchanged, with only the CSS its markup uses inline (`criticalCss`);
 * - a signed-in page's shell (`<div id="root" data-shell inert>`, and `<meta name="switchback-shell">` for the boot
 *   script, which hides it from a visitor who is not signed in). Inert: it is a picture of the page, which the app
 *   replaces, so nothing in it takes focus or typing that would be lost (nor reads to a screen reader as the page).
 * Either way its scripts, the route's among them, start after the first paint (`deferEntryScript`).
 * Undefined for any other path; no module, or a page that fails to render, and the page is the empty one it always
 * was (logged).
 */
async function prerenderer(spaDir: string, html: string, log: FastifyBaseLogger) {
  const file = path.join(path.dirname(spaDir), 'dist-ssr', 'prerender.js');
  if (!fs.existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as PrerenderModule;
  const publicPaths = new Set(module.PRERENDERED_PATHS);
  const shellPaths = new Set(module.SHELL_PATHS);
  const withCriticalCss = criticalCss(spaDir);
  const shellPage = html.replace('<head>', '<head>\n    <meta name="switchback-shell">');
  const pages = new Map<string, Promise<string | undefined>>();
  return (pathname: string, config: object, scripts: readonly string[]) => {
    const shell = shellPaths.has(pathname);
    if (!shell && !publicPaths.has(pathname)) return undefined;
    const key = `${pathname} ${JSON.stringify(config)}`;
    let page = pages.get(key);
    if (!page) {
      page = module.renderPage(pathname, config).then(
        async (markup) => {
          const page = deferEntryScript(shell ? shellPage : html, scripts).replace('<div id="root"></div>', `<div id="root"${shell ? ' data-shell inert' : ''}>${markup}</div>`);
          return withRuntimeConfig(shell ? page : await withCriticalCss(page), config);
        },
        (error: unknown) => {
          log.warn({ err: error, path: pathname }, 'prerendering failed: the page is sent without its markup');
          return undefined;
        },
      );
      pages.set(key, page);
    }
    return page;
  };
}

/** The page asks for its route's scripts with the entry's (`<link rel="modulepreload">`, after the entry's own). */
function withModulePreloads(html: string, scripts: readonly string[]) {
  if (scripts.length === 0) return html;
  return html.replace('</head>', `${scripts.map((src) => `<link rel="modulepreload" crossorigin href="${src}">`).join('')}\n  </head>`);
}
