import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { appRouteMatcher } from '../lib/app-routes';
import { withRuntimeConfig } from '../lib/runtime-config-meta';

/**
 * Serves the built SPA from one origin with the API. Files are sent as the build compressed them (their .br or .gz
 * copy, by Accept-Encoding); hashed assets are cached for a year. A page address of the app (the build's
 * `app-routes.json`) gets index.html with this server's public configuration in it (so the sign-in page knows about
 * Google without a request of its own); any other address gets the same page with status 404, where the router shows
 * its not-found page, and a missing asset or API path a plain 404, so a tab of an older build learns its chunk is gone
 * (src/lib/reload-for-new-build.ts) instead of running index.html as a script.
 */
export async function registerSpa(app: FastifyInstance, spaDir: string | undefined, pageConfig: () => Promise<object>) {
  const index = spaDir ? path.join(spaDir, 'index.html') : undefined;
  const html = index !== undefined && fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : undefined;
  const routesFile = spaDir ? path.join(spaDir, 'app-routes.json') : undefined;
  // A build from before the list existed: every address is a page, as it was.
  const isPage = routesFile && fs.existsSync(routesFile) ? appRouteMatcher(JSON.parse(fs.readFileSync(routesFile, 'utf8')) as string[]) : () => true;
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
      const page = withRuntimeConfig(html, await pageConfig());
      return reply
        .status(isPage(pathname) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page);
    });
  }
  app.setNotFoundHandler(async (_request, reply) => reply.status(404).send(notFound));
}
