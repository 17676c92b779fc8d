import type { LightMyRequestResponse } from 'fastify';

const isStringList = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string' && m.length > 0);

/**
 * What is wrong with an answer, or undefined when nothing is: never a 5xx; an error is `{code, message, errors?}`
 * with `code` the HTTP status and `errors` an object of field -> messages; a JSON success is `{code: 200, message,
 * data}`. Files (a calendar, a zip, an image) are not JSON and pass as they are.
 */
export function wireShapeProblem(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode >= 300 && res.statusCode < 400) return `answered a redirect ${res.statusCode} to ${String(res.headers.location)}`;
  const type = String(res.headers['content-type'] ?? '');
  const isJson = type.startsWith('application/json');
  if (res.statusCode < 300 && !isJson) return undefined;
  if (!isJson) return `answered ${res.statusCode} as ${type || 'no content type'}, not JSON: ${res.body.slice(0, 200)}`;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `answered ${res.statusCode} with JSON that does not parse: ${res.body.slice(0, 200)}`;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return `answered ${res.statusCode} with ${res.body.slice(0, 200)}`;
  const { code, message, errors, data, ...rest } = body as Record<string, unknown>;
  if (code !== res.statusCode) return `"code" ${JSON.stringify(code)} is not the HTTP status ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (typeof message !== 'string' || message.trim() === '') return `no "message": ${res.body.slice(0, 200)}`;
  if (res.statusCode < 300) {
    if (data === undefined) return `a success without "data": ${res.body.slice(0, 200)}`;
    return undefined;
  }
  if (data !== undefined || Object.keys(rest).length > 0) return `an error with fields beside code, message and errors: ${res.body.slice(0, 200)}`;
  if (errors !== undefined) {
    if (errors === null || typeof errors !== 'object' || Array.isArray(errors)) return `"errors" is not an object of field -> messages: ${JSON.stringify(errors)}`;
    const bad = Object.entries(errors).filter(([, v]) => !isStringList(v));
    if (bad.length > 0) return `"errors" has fields without a list of messages: ${JSON.stringify(Object.fromEntries(bad))}`;
  }
  return undefined;
}
