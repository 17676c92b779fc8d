import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

type FieldErrors = Record<string, string[]>;

function addError(errors: FieldErrors, field: string, message: string) {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

/** Turns zod issues into `errors` per field, so a form can put each message under its input. */
function fieldErrors(validation: { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> }[]) {
  // No prototype: a field may be called `__proto__` or `constructor` (an unknown key sent to probe), and must not
  // reach Object.prototype's.
  const errors: FieldErrors = Object.create(null);
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys as string[]) addError(errors, key, 'Unknown field');
    } else {
      addError(errors, field, issue.message ?? 'Invalid value');
    }
  }
  return errors;
}

/** Fastify's client errors whose own message speaks of Fastify, by code. */
const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  // secure-json-parse refuses `__proto__` and `constructor.prototype` keys with the same error as broken JSON.
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON, or holds a __proto__ or constructor key.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send JSON.',
};

/**
 * Errors Fastify meets before routing (Fastify's `frameworkErrors` option): a path that is not valid percent-encoding,
 * or a path parameter past its length. Answered in the wire's shape, not Fastify's.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ code: 414, message: 'That address is too long.' });
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ code: 400, message: 'That address is not valid.' });
  request.log.error({ err: error }, 'unhandled framework error');
  return reply.status(500).send({ code: 500, message: 'Something went wrong', requestId: request.id });
}

/** The one place an error becomes the wire's error body (architecture.md). */
/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an address or headers over 16 KB: 431; a request that
 * took too long to arrive: 408; one that cannot be read: 400), answered in the wire's error shape like every other
 * refusal, and with `Connection: close`, since the connection cannot carry another request (Fastify's own answer had
 * neither: the contract fuzz at scale found it).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The address or the headers of the request are too long.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : [400, 'The request could not be read.'];
  const body = JSON.stringify({ code: status, message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        code: error.statusCode,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation as never);
      return reply.status(400).send({ code: 400, message: 'Please check the highlighted fields.', errors });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ code: 429, message: 'Too many requests. Please wait a moment and try again.' });
    }
    if (status === 413) return reply.status(413).send({ code: 413, message: 'That is too large to upload.' });
    if (status === 415) return reply.status(415).send({ code: 415, message: 'That type of content is not accepted here.' });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: in words for people where Fastify's are about its internals, else its own.
      const code = (error as FastifyError).code;
      const words = code && Object.hasOwn(CLIENT_ERROR_MESSAGES, code) ? CLIENT_ERROR_MESSAGES[code] : error.message;
      return reply.status(status).send({ code: status, message: words || 'Bad request.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 500, message: 'Something went wrong', requestId: request.id });
  });
}
