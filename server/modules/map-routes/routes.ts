import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { rowIdParam } from '#contract/ids';
import { okEnvelope } from '#contract/envelope';
import { GPX_MAX_BYTES, ROUTE_DESCRIPTION_MAX, ROUTE_NAME_MAX, route, routeIdParams, routeInput, type RouteInput, simplifiedLine, simplifyBody } from '#contract/map-routes';
import type { Deps } from '../../deps';
import { badRequest, fieldError, FieldErrors, uploadCutShort } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { requireUser, viewerId } from '../../plugins/authenticate';
import { NUL_MESSAGE } from '../../plugins/nul-text';
import { memberRateLimit } from '../../plugins/rate-limit';
import { guardianFor } from '../../policy/guardian';
import { gpxTooLarge, parseGpx } from './gpx';
import { gpxFileName, routeGpx } from './gpx-export';
import { toRoute } from './route-view';
import { loadViewableRoute, saveRoute, simplifyForMap } from './service';

/** Room for the multipart boundaries, part headers and the few short fields around the file. */
const FORM_OVERHEAD = 64 * 1024;
const FILE_FIELDS = new Set(['file', 'file[]', 'gpx']);

/** The zod validator, except that a body left unparsed (multipart) passes: the handler streams and checks it. */
const jsonOrMultipart = (route: FastifyRouteSchemaDef<unknown>) => {
  const check = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => (route.httpPart === 'body' && (data === undefined || data === null) ? { value: undefined } : check(data));
};

type GpxForm = { bytes: Buffer; filename: string; fields: Map<string, string> };

/** Reads the file into memory, never more than GPX_MAX_BYTES of it: past that the upload is cut off with a 413. */
async function readCapped(file: Readable & { truncated?: boolean }) {
  const chunks: Buffer[] = [];
  for await (const chunk of file) {
    chunks.push(chunk as Buffer);
    if (file.truncated) throw gpxTooLarge();
  }
  if (file.truncated) throw gpxTooLarge();
  return Buffer.concat(chunks);
}

async function readGpxForm(req: FastifyRequest): Promise<GpxForm> {
  let bytes: Buffer | undefined;
  let filename = '';
  const fields = new Map<string, string>();
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (!bytes && FILE_FIELDS.has(part.fieldname)) {
          filename = part.filename;
          bytes = await readCapped(part.file);
        } else part.file.resume();
      } else if (typeof part.value === 'string' && !fields.has(part.fieldname)) {
        fields.set(part.fieldname, part.value);
      }
    }
  } catch (err) {
    uploadCutShort(err, 'file');
  }
  if (!bytes || bytes.length === 0) throw fieldError('file', 'Choose a GPX file to upload.');
  return { bytes, filename, fields };
}

/** The fields beside the file, checked as the JSON body's are. */
function gpxFields(form: GpxForm) {
  const errors = new FieldErrors();
  const sport = rowIdParam.safeParse(form.fields.get('sportId')?.trim() ?? '');
  if (!sport.success) errors.add('sportId', 'Choose a sport from the list.');
  const name = form.fields.get('name')?.trim() ?? '';
  const description = form.fields.get('description')?.trim() ?? '';
  const texts = [
    ['name', name, ROUTE_NAME_MAX],
    ['description', description, ROUTE_DESCRIPTION_MAX],
  ] as const;
  for (const [field, text, max] of texts) {
    // The NUL guard sees JSON, not forms: these fields are checked here (PostgreSQL text cannot hold U+0000).
    if (text.includes('\u0000')) errors.add(field, NUL_MESSAGE);
    else if (text.length > max) errors.add(field, `Use at most ${max} characters.`);
  }
  errors.throwIfAny('Please check the highlighted fields.');
  return { sportId: sport.data!, name, description };
}

/** A file name as a route name: without `.gpx`, control characters dropped; browsers send the bare name. Plain text. */
function nameFromFile(filename: string) {
  return filename
    .replace(/\.gpx$/i, '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, ROUTE_NAME_MAX);
}

/**
 * Routes (issue 6, spec §7): `POST /api/route` (drawn as JSON, or a GPX file as multipart), `GET /api/route/:routeId`,
 * `GET /api/route/:routeId/route.gpx`, `POST /api/simplifyGeoJson`. All for signed-in members.
 */
export function mapRouteRoutes(app: FastifyInstance, deps: Deps) {
  // Multipart is parsed only in this scope (and the media one): no other route accepts it.
  return app.register(async (scope) => {
    await scope.register(multipart, {
      // The file name is only ever text (a route's name when none is given), never a path: kept as sent.
      preservePath: true,
      limits: { fileSize: GPX_MAX_BYTES, files: 2, fields: 8, fieldSize: 16 * 1024, parts: 12, headerPairs: 100 },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['routes'];
    const oneRoute = { 200: okEnvelope(route) };

    r.post('/api/route', {
      onRequest: [
        requireUser,
        // A declared length over the limit is refused before a byte of the body is read (check 16).
        async (req) => {
          if (req.isMultipart() && Number(req.headers['content-length'] ?? 0) > GPX_MAX_BYTES + FORM_OVERHEAD) throw gpxTooLarge();
        },
      ],
      config: { ...memberRateLimit(20), permission: 'create_events' },
      // 20,000 drawn points written out in full precision take about 1 MB of JSON.
      bodyLimit: 2 * 1024 * 1024,
      // JSON bodies are checked against routeInput; a multipart body is streamed and checked by the handler.
      validatorCompiler: jsonOrMultipart,
      schema: {
        tags,
        operationId: 'saveRoute',
        refuses: [413, 415],
        summary: 'Save a route: points drawn on the map (JSON) or a GPX file (multipart: file, name, description, sportId); answers it measured and simplified',
        description:
          'JSON: the body below. Multipart/form-data: `file` (a GPX 1.0/1.1 file, up to 5 MB, with a track or a route), `sportId`, and ' +
          'optionally `name` (default the file\'s own name) and `description`. The server measures the geodesic distance, simplifies ' +
          'the line (5 m), takes elevations from the GPX file when every point has one, else from the maps provider, else leaves them ' +
          '(and gain and loss) null, and draws a preview image.',
        consumes: ['application/json', 'multipart/form-data'],
        body: routeInput,
        response: oneRoute,
      },
      handler: async (req) => {
        const userId = viewerId(req);
        if (req.isMultipart()) {
          const form = await readGpxForm(req);
          const fields = gpxFields(form);
          const track = parseGpx(form.bytes);
          const saved = await saveRoute(
            deps,
            userId,
            {
              name: fields.name || track.name || nameFromFile(form.filename),
              description: fields.description,
              sportId: fields.sportId,
              coordinates: track.points,
              elevations: track.elevations,
              source: 'gpx',
            },
            { log: req.log },
          );
          return ok('Route saved.', saved);
        }
        const input = req.body as RouteInput | undefined;
        if (!input) throw badRequest('Send the route as JSON, or a GPX file as multipart/form-data.');
        return ok('Route saved.', await saveRoute(deps, userId, { ...input, source: 'drawn' }, { log: req.log }));
      },
    });

    r.get('/api/route/:routeId', {
      schema: {
        tags,
        operationId: 'getRoute',
        refuses: [404],
        summary: 'One route: yours, or the route of an event you may see (404 otherwise)',
        params: routeIdParams,
        response: oneRoute,
      },
      handler: async (req) => ok('Route.', toRoute(await loadViewableRoute(deps.db, guardianFor(deps.db, viewerId(req)), req.params.routeId))),
    });

    r.get('/api/route/:routeId/route.gpx', {
      config: memberRateLimit(60),
      schema: {
        tags,
        operationId: 'downloadRouteGpx',
        refuses: [404],
        summary: 'A route as a GPX 1.1 file (one track, a point per stored point, elevations when known): yours, or the route of an event you may see (404 otherwise)',
        params: routeIdParams,
        response: {
          200: {
            description: 'A GPX 1.1 file (`application/gpx+xml`), sent as an attachment named after the route',
            content: { 'application/gpx+xml': { schema: z.string() } },
          },
        },
      },
      handler: async (req, reply) => {
        const row = await loadViewableRoute(deps.db, guardianFor(deps.db, viewerId(req)), req.params.routeId);
        const filename = gpxFileName(row.name, row.id);
        return reply
          .header('content-type', 'application/gpx+xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(routeGpx(row));
      },
    });

    r.post('/api/simplifyGeoJson', {
      config: memberRateLimit(60),
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        operationId: 'simplifyLine',
        summary: 'Simplify a drawn line (tolerance in metres, default 5; endpoints kept) and measure it (geodesic metres of the line as sent)',
        body: simplifyBody,
        response: { 200: okEnvelope(simplifiedLine) },
      },
      handler: async (req) => ok('Simplified.', simplifyForMap(req.body.coordinates, req.body.tolerance)),
    });
  });
}
