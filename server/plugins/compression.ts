import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses what is sent as text on the fly: API JSON, the SPA's HTML (built per request with the public
 * configuration in it) and small files the build did not compress. Brotli at quality 4 (zlib's default 11 costs tens
 * of milliseconds a response) or gzip, by the request's Accept-Encoding, with `Vary: Accept-Encoding`; under 1 KB it
 * is not worth the bytes of its header. What is compressed is decided by type (the plugin reads `mime-db`'s
 * "compressible"): photos and videos are left alone, and a video's byte ranges stay the file's. The built assets
 * carry their own .br and .gz copies, sent as they are (spa.ts): a response that already has a Content-Encoding is not
 * compressed again.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
