import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '#contract/envelope';
import { compressImageData, IMAGE_MAX_BYTES, IMAGE_PURPOSES } from '#contract/media';
import { compressImageForm, mediaFileParams, mediaFileQuery } from '#contract/media-requests';
import type { Deps } from '../../deps';
import { parseRange } from '../../lib/byte-range';
import { AppError, fieldError, notFound, uploadCutShort } from '../../lib/errors';
import { RangeNotSatisfiable } from '../../lib/storage/storage';
import { ok } from '../../lib/reply';
import { currentUser, requireUser, signedIn } from '../../plugins/authenticate';
import { memberRateLimit } from '../../plugins/rate-limit';
import { guardianFor } from '../../policy/guardian';
import { processImage, type ImagePurpose } from './image-pipeline';
import { findUpload, saveUpload } from './service';
import { isUploadKey, objectKey, SERVED_FILES, toUploadedImage } from './upload-files';
import { mediaUrlSigner } from './url-signing';

const MAX_MB = IMAGE_MAX_BYTES / 1024 / 1024;
const tooLarge = () => fieldError('image', `That image is too large: images can be up to ${MAX_MB} MB.`, 413);
/** Room for the multipart boundaries, part headers and the two small fields around the image. */
const FORM_OVERHEAD = 64 * 1024;
const IMAGE_FIELDS = new Set(['image[]', 'image']);

type ImageForm = { bytes: Buffer; purpose: ImagePurpose };

/** Reads the file into memory, but never more than the limit: past it the upload is cut off with a 413. */
async function readCapped(file: Readable & { truncated?: boolean }) {
  const chunks: Buffer[] = [];
  for await (const chunk of file) {
    chunks.push(chunk as Buffer);
    // Throwing here destroys the part, which stops the multipart parser reading the rest of the request.
    if (file.truncated) throw tooLarge();
  }
  if (file.truncated) throw tooLarge();
  return Buffer.concat(chunks);
}

async function readImageForm(req: FastifyRequest): Promise<ImageForm> {
  if (!req.isMultipart()) throw new AppError(415, 'Send the image as multipart/form-data.');
  let bytes: Buffer | undefined;
  const fields = new Map<string, string>();
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (!bytes && IMAGE_FIELDS.has(part.fieldname)) bytes = await readCapped(part.file);
        // Any further file is read past and dropped, never kept.
        else part.file.resume();
      } else if (typeof part.value === 'string' && !fields.has(part.fieldname)) {
        fields.set(part.fieldname, part.value);
      }
    }
  } catch (err) {
    uploadCutShort(err, 'image');
  }
  if (!bytes || bytes.length === 0) throw fieldError('image', 'Choose an image to upload.');

  const type = fields.get('type') ?? 'feed';
  if (!(IMAGE_PURPOSES as readonly string[]).includes(type)) {
    throw fieldError('type', `Use one of: ${IMAGE_PURPOSES.join(', ')}.`);
  }
  // Spec §7: the browser sends the EXIF orientation it read (-2 when it read none). The server turns the pixels by
  // the file's own EXIF instead, which says the same for an untouched photo; a canvas-cropped file has no EXIF and is
  // already upright, so turning it by the browser's number would turn it twice. The field is checked, then unused.
  const orientation = fields.get('orientation') ?? '-2';
  if (!/^-?\d{1,2}$/.test(orientation) || Number(orientation) < -2 || Number(orientation) > 8) {
    throw fieldError('orientation', 'Use a number from -2 to 8.');
  }
  return { bytes, purpose: type as ImagePurpose };
}

/** `POST /api/compress-image` (spec §7) and the media files it makes, `GET /media/<key>/<file>`. */
export function mediaRoutes(app: FastifyInstance, deps: Deps) {
  // Multipart is parsed only in this scope: no other route accepts it.
  return app.register(async (scope) => {
    await scope.register(multipart, {
      // Busboy's limits: one image at most IMAGE_MAX_BYTES, a few short fields, a handful of parts.
      limits: { fileSize: IMAGE_MAX_BYTES, files: 4, fields: 8, fieldSize: 1024, parts: 16, headerPairs: 100 },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    // An upload is for signed-in members; its guard runs on request too (below), before the body is read.
    await signedIn(scope, (inner) => {
      const s = inner.withTypeProvider<ZodTypeProvider>();
      s.post('/api/compress-image', {
        onRequest: [
          requireUser,
          // A declared length over the limit is refused before a byte of the body is read (check 16).
          async (req) => {
            if (Number(req.headers['content-length'] ?? 0) > IMAGE_MAX_BYTES + FORM_OVERHEAD) throw tooLarge();
          },
        ],
        config: memberRateLimit(60),
        // The body schema documents the form; the handler streams and checks it itself.
        validatorCompiler: () => () => true,
        schema: {
          tags: ['media'],
          operationId: 'uploadImage',
          refuses: [413, 415],
          summary: 'Upload an image: checked, turned upright, stripped of metadata and resized',
          consumes: ['multipart/form-data'],
          body: compressImageForm,
          response: { 200: okEnvelope(compressImageData) },
        },
        handler: async (req) => {
          const { user } = currentUser(req);
          const form = await readImageForm(req);
          const image = await processImage(form.bytes, form.purpose);
          const upload = await saveUpload(deps, { userId: user.id, purpose: form.purpose, image });
          return ok('Image uploaded.', { images: [toUploadedImage(upload, await mediaUrlSigner(deps, 'upload'))] });
        },
      });
    });

    r.get('/media/:key/:file', {
      schema: {
        tags: ['media'],
        operationId: 'getMediaFile',
        refuses: [404],
        // Open to anyone for public media; a member's token lets the media policy show them what only they may see.
        security: [{}, { bearer: [] }],
        summary: 'A display size or thumbnail made by compress-image, or a short’s video (byte ranges: 206) or poster; never an original',
        params: mediaFileParams,
        querystring: mediaFileQuery,
      },
      handler: async (req, reply) => {
        const { key, file } = req.params;
        // Only paths the server made: a well-formed key and one of the served sizes; anything else is not found.
        const contentType = Object.hasOwn(SERVED_FILES, file) ? SERVED_FILES[file] : undefined;
        if (!contentType || !isUploadKey(key)) throw notFound();
        const upload = await findUpload(deps, key);
        if (!upload || !Object.values(upload.files).includes(file)) throw notFound();
        const access = await guardianFor(deps.db, req.session?.user.id ?? null).canFetchUpload(upload, file, req.query, deps);
        if (!access.allowed) throw notFound();
        // Videos are read in ranges (206): the player starts before the whole file is in, and seeks without it.
        const range = parseRange(req.headers.range);
        let stored;
        try {
          stored = await deps.storage.get(objectKey(key, file), range ?? undefined);
        } catch (err) {
          if (!(err instanceof RangeNotSatisfiable)) throw err;
          return reply.code(416).header('content-range', `bytes */${err.size}`).header('accept-ranges', 'bytes').send();
        }
        if (!stored) throw notFound();
        if (stored.range) reply.code(206).header('content-range', `bytes ${stored.range.start}-${stored.range.end}/${stored.size}`);
        return reply
          .header('content-type', contentType)
          .header('content-length', stored.range ? stored.range.end - stored.range.start + 1 : stored.size)
          .header('accept-ranges', 'bytes')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', access.cacheControl)
          .send(stored.stream);
      },
    });
  });
}
