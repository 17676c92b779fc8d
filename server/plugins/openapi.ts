import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { toJSONSchema } from 'zod/v4/core';
import { apiErrorBody } from '#contract/envelope';
import { REFUSALS, type Refusal } from '../lib/errors';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The refusals a route answers besides those it gets by itself (400 for bad input to its schemas, 401 on every
     * API and media path, 429 with a rate limit): 403, 404, 409... The document lists each with the error body.
     */
    refuses?: readonly Refusal[];
  }
}

const ERROR_BODY = { $ref: '#/components/schemas/ApiError' };

/** The document's answer for one refusal: the error body, and for 429 the header saying when to come back. */
function refusalResponse(status: Refusal) {
  return {
    description: REFUSALS[status],
    content: { 'application/json': { schema: ERROR_BODY } },
    ...(status === 429 ? { headers: { 'retry-after': { type: 'integer', description: 'Seconds to wait before trying again.' } } } : {}),
  };
}

/**
 * Which refusals a route may answer: what its own schemas, scope and limits imply, plus what it names. Derived here,
 * not written on each route, so a new route cannot leave out the common ones.
 */
function refusalsOf(schema: FastifySchema, route: Pick<RouteOptions, 'config'>, url: string): Refusal[] {
  const found = new Set<Refusal>(schema.refuses ?? []);
  if (schema.body || schema.querystring || schema.params || schema.headers) found.add(400);
  // A token that is sent but dead is refused on every API and media path (plugins/authenticate.ts), not only on
  // the signed-in scope's.
  if (url.startsWith('/api/') || url.startsWith('/media/')) found.add(401);
  const limit = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit;
  if (limit && typeof limit === 'object') found.add(429);
  return [...found].sort((a, b) => a - b);
}

/**
 * The zod transform, then each route's refusals and security: a route outside the signed-in scope declares none
 * (`[]`), so the document says plainly which calls need the token.
 */
const transform: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as FastifySchema & { response?: Record<string, unknown> };
  if (!schema || schema.hide) return out;
  const { refuses: _named, ...documented } = schema;
  const refusals = refusalsOf(schema, input.route, out.url);
  // Every JSON answer has its schema; a route without one answers a file (an image, a zip).
  const success = schema.response ?? { 200: { description: 'The file itself, not JSON.', type: 'null' } };
  return {
    url: out.url,
    schema: {
      ...documented,
      security: schema.security ?? [],
      response: { ...success, ...Object.fromEntries(refusals.map((status) => [status, refusalResponse(status)])) },
    },
  };
};

/** The OpenAPI document, generated from the same zod schemas the routes validate with. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Switchback API',
        version: '1.0.0',
        description:
          'Every success is HTTP 200 with `{code: 200, message, data}`; every error is `{code, message, errors?}` with HTTP status = code.',
      },
      // Relative: the API is on the origin that serves this document (and the web app).
      servers: [{ url: '/', description: 'This Switchback server' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        schemas: { ApiError: toJSONSchema(apiErrorBody, { target: 'openapi-3.0', io: 'output' }) as object },
      },
    },
    transform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
