import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { VIDEO_MAX_BYTES, VIDEO_TOO_LARGE } from '#contract/videos';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { hours } from '../../lib/clock';
import { currentUser, requireUser } from '../../plugins/authenticate';
import { mediaUrlSigner } from '../media/url-signing';
import { storeArrivedVideo, toUploadedVideo } from './video-uploads';

/** Where resumable uploads live: the tus protocol's creation, HEAD (how far did it get?) and PATCH (the rest). */
export const RESUMABLE_PATH = '/api/video-uploads';

/** An upload left unfinished this long is dropped (a phone that never came back). */
const UNFINISHED_TTL_MS = hours(24);

/** The signed-in member behind each request tus handles, told to its hooks (they see a web Request, not Fastify's). */
const members = new WeakMap<object, number>();

type Hooked = { runtime?: { node?: { req: object } } };
const memberOf = (req: Hooked) => {
  const node = req.runtime?.node?.req;
  const id = node ? members.get(node) : undefined;
  if (id === undefined) throw { status_code: 401, body: wireError(401, 'Please sign in to continue.') };
  return id;
};

/** The wire's error body (architecture.md), for the refusals tus itself answers. */
const wireError = (code: number, message: string) => JSON.stringify({ code, message });

/**
 * Resumable video uploads (issue 22): the tus 1.0 protocol (`@tus/server`; the browser uses `tus-js-client`), so a
 * phone that loses signal at the trailhead goes on from the last byte the server has instead of from zero. An upload
 * is its creator's alone: the owner is written into its metadata by the server at creation, and every later request
 * for it by anyone else is the same 404 as for none. Past 300 MB the creation is refused (413) before a byte is sent.
 * Once the last byte is in, the video is checked and queued exactly as a one-shot upload is (`storeArrivedVideo`),
 * and the final PATCH answers the video upload, as `POST /api/uploadVideo` does (most tus clients read a 200's body).
 *
 * The unfinished parts wait in the data folder: a second API node needs them on a shared disk, or a tus store of
 * the object storage (`@tus/s3-store`), which is the multi-node issue's business.
 */
export function resumableUploadRoutes(app: FastifyInstance, deps: Deps) {
  const datastore = new FileStore({ directory: path.join(deps.config.dataDir, 'video-uploads'), expirationPeriodInMilliseconds: UNFINISHED_TTL_MS });
  const tus = new Server({
    path: RESUMABLE_PATH,
    datastore,
    maxSize: VIDEO_MAX_BYTES,
    relativeLocation: true,
    respectForwardedHeaders: deps.config.trustProxy !== false,
    // Same origin only: the app is served by this server; other origins get no CORS grant.
    allowedOrigins: [],
    async onUploadCreate(req, upload) {
      return { metadata: { ...upload.metadata, owner: String(memberOf(req)) } };
    },
    async onIncomingRequest(req, uploadId) {
      const viewer = memberOf(req);
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      if (upload?.metadata?.owner !== String(viewer)) throw { status_code: 404, body: wireError(404, 'That upload does not exist.') };
    },
    async onUploadFinish(req, upload) {
      const viewer = memberOf(req);
      const file = path.join(datastore.directory, upload.id);
      try {
        const video = await storeArrivedVideo(deps, viewer, file);
        const body = { code: 200, message: 'Video uploaded.', data: { fileUrl: [toUploadedVideo(video, await mediaUrlSigner(deps, 'upload'))] } };
        return { status_code: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) };
      } catch (err) {
        if (err instanceof AppError) throw { status_code: err.statusCode, body: wireError(err.statusCode, err.message) };
        throw err;
      } finally {
        // Stored (or refused): the parts are not needed any more.
        await datastore.remove(upload.id).catch(() => {});
      }
    },
    onResponseError(_req, err) {
      if ('status_code' in err) {
        const message = err.status_code === 413 ? VIDEO_TOO_LARGE : err.body.startsWith('{') ? null : err.body.trim();
        return { status_code: err.status_code, body: message === null ? err.body : wireError(err.status_code, message) };
      }
      app.log.error({ err }, 'resumable video upload failed');
      return { status_code: 500, body: wireError(500, 'Something went wrong') };
    },
  });

  return app.register(async (scope) => {
    // The body is tus's to read, as it arrives: Fastify must not parse (or buffer) it.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      members.set(req.raw, currentUser(req).user.id);
      reply.hijack();
      await tus.handle(req.raw, reply.raw);
    };
    const schema = { hide: true };
    // Creation on the collection; how far it got (HEAD), the rest (PATCH) and giving up (DELETE) on the upload.
    scope.route({ method: 'POST', url: RESUMABLE_PATH, schema, config: { permission: 'post_shorts' }, onRequest: [requireUser], handler });
    scope.route({ method: ['HEAD', 'PATCH', 'DELETE'], url: `${RESUMABLE_PATH}/:uploadId`, schema, onRequest: [requireUser], handler });
    // Unfinished uploads past their day are removed hourly by whichever node gets there.
    const timer = setInterval(() => void tus.cleanUpExpiredUploads().catch((err: unknown) => app.log.warn({ err }, 'removing unfinished video uploads failed')), hours(1));
    timer.unref();
    scope.addHook('onClose', async () => clearInterval(timer));
  });
}
