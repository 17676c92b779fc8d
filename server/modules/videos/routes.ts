import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '#contract/envelope';
import { uploadVideoForm } from '#contract/media-requests';
import { uploadedVideo, uploadVideoData, VIDEO_MAX_BYTES, VIDEO_TOO_LARGE, videoPosterBody, videoUploadParams } from '#contract/videos';
import type { Deps } from '../../deps';
import { AppError, fieldError, notFound, uploadCutShort } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { requireUser, signedIn, viewerId } from '../../plugins/authenticate';
import { memberRateLimit } from '../../plugins/rate-limit';
import { mediaUrlSigner } from '../media/url-signing';
import { ownVideoUpload, setCapturedPoster, storeArrivedVideo, toUploadedVideo } from './video-uploads';

const FORM_OVERHEAD = 64 * 1024;
const tooLarge = () => fieldError('video', VIDEO_TOO_LARGE, 413);
const VIDEO_FIELDS = new Set(['video', 'video[]']);

/**
 * Streams the form's video to a file in `dir` (never whole in memory: up to 300 MB), cut off with a 413 at the cap.
 * Answers its path; the `type` field, when sent, must be `short`.
 */
async function receiveVideoForm(req: FastifyRequest, dir: string) {
  if (!req.isMultipart()) throw new AppError(415, 'Send the video as multipart/form-data.');
  let file: string | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (file || !VIDEO_FIELDS.has(part.fieldname)) {
          part.file.resume();
          continue;
        }
        file = path.join(dir, 'upload');
        await pipeline(part.file, createWriteStream(file));
        if (part.file.truncated) throw tooLarge();
      } else if (part.fieldname === 'type' && part.value !== 'short') {
        throw fieldError('type', 'Use `short`.');
      }
    }
  } catch (err) {
    uploadCutShort(err, 'video');
  }
  if (!file || (await fs.stat(file)).size === 0) throw fieldError('video', 'Choose a video to upload.');
  return file;
}

/**
 * `POST /api/uploadVideo` (spec §7: one-shot, multipart), `GET /api/video-upload/:key` (how a video upload stands:
 * processing, ready or failed, for its uploader) and its poster from the browser where the server took none. The resumable way in is resumable-upload-routes.ts.
 */
export function videoRoutes(app: FastifyInstance, deps: Deps) {
  return app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: VIDEO_MAX_BYTES, files: 2, fields: 4, fieldSize: 1024, parts: 8, headerPairs: 100 } });
    await signedIn(scope, (inner) => {
      const r = inner.withTypeProvider<ZodTypeProvider>();
      const tags = ['videos'];

      r.post('/api/uploadVideo', {
        onRequest: [
          requireUser,
          // A declared length over the cap is refused before a byte of the body is read (check 16).
          async (req) => {
            if (Number(req.headers['content-length'] ?? 0) > VIDEO_MAX_BYTES + FORM_OVERHEAD) throw tooLarge();
          },
        ],
        config: { ...memberRateLimit(30), permission: 'post_shorts' },
        bodyLimit: VIDEO_MAX_BYTES + FORM_OVERHEAD,
        validatorCompiler: () => () => true,
        schema: {
          tags,
          operationId: 'uploadVideo',
          refuses: [413, 415],
          summary: 'Upload a short’s video in one request: checked by its bytes, then made web-ready in the background (follow it by its key)',
          consumes: ['multipart/form-data'],
          body: uploadVideoForm,
          response: { 200: okEnvelope(uploadVideoData) },
        },
        handler: async (req) => {
          const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-upload-'));
          try {
            const video = await storeArrivedVideo(deps, viewerId(req), await receiveVideoForm(req, dir));
            return ok('Video uploaded.', { fileUrl: [toUploadedVideo(video, await mediaUrlSigner(deps, 'upload'))] });
          } finally {
            await fs.rm(dir, { recursive: true, force: true });
          }
        },
      });

      r.get('/api/video-upload/:key', {
        schema: {
          tags,
          operationId: 'getVideoUpload',
          refuses: [404],
          summary: 'One of your video uploads: processing, ready (with its video and poster) or failed (with the reason)',
          params: videoUploadParams,
          response: { 200: okEnvelope(uploadedVideo) },
        },
        handler: async (req) => {
          const video = await ownVideoUpload(deps, viewerId(req), req.params.key);
          if (!video) throw notFound('That upload does not exist.');
          return ok('Video upload.', toUploadedVideo(video, await mediaUrlSigner(deps, 'upload')));
        },
      });

      r.post('/api/video-upload/:key/poster', {
        config: { ...memberRateLimit(30), permission: 'post_shorts' },
        schema: {
          tags,
          operationId: 'setVideoPoster',
          refuses: [404],
          summary: 'Give one of your ready videos without a poster (kept as it came, where the server has no ffmpeg) a frame your browser captured',
          params: videoUploadParams,
          body: videoPosterBody,
          response: { 200: okEnvelope(uploadedVideo) },
        },
        handler: async (req) => ok('Poster saved.', toUploadedVideo(await setCapturedPoster(deps, viewerId(req), req.params.key, req.body.image), await mediaUrlSigner(deps, 'upload'))),
      });
    });
  });
}
