import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { withRuntimeConfig } from '../lib/runtime-config-meta';

/**
 * Serves the built SPA from one origin with the API. Hashed assets are cached for a year; every other path that
 * is not a file gets index.html with this server's public configuration in it (so the sign-in page knows about
 * Google without a request of its own), and the client router decides what to show, page-not-found included.
 */
export async function registerSpa(app: FastifyInstance, spaDir: string | undefined, pageConfig: () => Promise<object>) {
  const index = spaDir ? path.join(spaDir, 'index.html') : undefined;
  const html = index !== undefined && fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : undefined;
  if (html) {
    await app.register(fastifyStatic, {
      root: spaDir!,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (wantsPage && html) {
      const page = withRuntimeConfig(html, await pageConfig());
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    }
    return reply.status(404).send({ code: 404, message: 'Not found.' });
  });
}
