import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACTIVITY_FILE_MAX_MB, ACTIVITY_ZIP_MAX_MB, activityImport, importIdParams } from '#contract/activities';
import { okEnvelope } from '#contract/envelope';
import { activityImportForm } from '#contract/media-requests';
import type { Deps } from '../../deps';
import { AppError, fieldError, uploadCutShort } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { requireUser, viewerId } from '../../plugins/authenticate';
import { memberRateLimit } from '../../plugins/rate-limit';
import { importOf, isZip, startImport } from './import-service';

const MB = 1024 * 1024;
/** The most a request may carry: a zip's cap. A single activity file's own cap is applied once it is told from a zip. */
const MAX_BYTES = ACTIVITY_ZIP_MAX_MB * MB;
const FORM_OVERHEAD = 64 * 1024;
const tooLarge = () =>
  fieldError('file', `That file is too large: an activity file can be up to ${ACTIVITY_FILE_MAX_MB} MB, and a zip of them up to ${ACTIVITY_ZIP_MAX_MB} MB.`, 413);
const fileTooLarge = () => fieldError('file', `That file is too large: an activity file can be up to ${ACTIVITY_FILE_MAX_MB} MB (a zip of them up to ${ACTIVITY_ZIP_MAX_MB} MB).`, 413);
const FILE_FIELDS = new Set(['file', 'file[]']);


/**
 * Reads the file part within its cap: a zip may be up to ACTIVITY_ZIP_MAX_MB, anything else (GPX, TCX, FIT, each
 * maybe gzipped) up to ACTIVITY_FILE_MAX_MB; past it the upload is cut off with a 413 before more is read.
 */
async function readCapped(file: Readable & { truncated?: boolean }) {
  const chunks: Buffer[] = [];
  let size = 0;
  let cap = MAX_BYTES;
  for await (const chunk of file) {
    const bytes = chunk as Buffer;
    if (size === 0) cap = isZip(bytes) ? MAX_BYTES : ACTIVITY_FILE_MAX_MB * MB;
    chunks.push(bytes);
    size += bytes.length;
    if (size > cap) throw cap === MAX_BYTES ? tooLarge() : fileTooLarge();
    if (file.truncated) throw tooLarge();
  }
  if (file.truncated) throw tooLarge();
  return Buffer.concat(chunks);
}

async function readImportForm(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError(415, 'Send the file as multipart/form-data.');
  let file: { bytes: Buffer; name: string } | undefined;
  let timeZone: string | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (!file && FILE_FIELDS.has(part.fieldname)) file = { bytes: await readCapped(part.file), name: part.filename };
        else part.file.resume();
      } else if (part.fieldname === 'timeZone' && typeof part.value === 'string') {
        timeZone = part.value.slice(0, 64);
      }
    }
  } catch (err) {
    uploadCutShort(err, 'file');
  }
  if (!file || file.bytes.length === 0) throw fieldError('file', 'Choose an activity file to import.');
  return { ...file, timeZone };
}

/** `POST /api/activity/import` and `GET /api/activity/import/:importId` (issue 21), in a scope of their own for multipart. */
export function activityImportRoutes(app: FastifyInstance, deps: Deps) {
  return app.register(async (scope) => {
    await scope.register(multipart, {
      preservePath: true,
      limits: { fileSize: MAX_BYTES, files: 2, fields: 4, fieldSize: 1024, parts: 8, headerPairs: 100 },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['activities'];

    r.post('/api/activity/import', {
      onRequest: [
        requireUser,
        // A declared length over the largest cap is refused before a byte of the body is read (check 16).
        async (req) => {
          if (Number(req.headers['content-length'] ?? 0) > MAX_BYTES + FORM_OVERHEAD) throw tooLarge();
        },
      ],
      config: { ...memberRateLimit(60), permission: 'record_activities' },
      bodyLimit: MAX_BYTES + FORM_OVERHEAD,
      validatorCompiler: () => () => true,
      schema: {
        tags,
        operationId: 'importActivityFile',
        refuses: [413, 415],
        summary: 'Import a GPX, TCX or FIT file (each also gzipped) or a zip of them: answers the import, queued; follow it by its id',
        consumes: ['multipart/form-data'],
        body: activityImportForm,
        response: { 200: okEnvelope(activityImport) },
      },
      handler: async (req) => {
        const form = await readImportForm(req);
        return ok('Import started.', await startImport(deps, viewerId(req), form));
      },
    });

    r.get('/api/activity/import/:importId', {
      schema: { tags, operationId: 'getActivityImport', refuses: [404], summary: 'One of your imports: queued, processing, done (each file’s outcome) or failed', params: importIdParams, response: { 200: okEnvelope(activityImport) } },
      handler: async (req) => ok('Import.', await importOf(deps, viewerId(req), req.params.importId)),
    });
  });
}
