import type { FastifyInstance } from 'fastify';
import { FieldErrors } from '../lib/errors';

/** Message for a field whose text holds U+0000. */
export const NUL_MESSAGE = 'Remove the invisible NUL character (U+0000): it cannot be saved.';

/**
 * Fields (`a.b.0.c`, as validation errors name them) whose text, or key, holds U+0000. Walked with a stack, not
 * recursion: a body may nest ten thousand arrays deep.
 */
function fieldsWithNul(root: unknown, out: Set<string>) {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) out.add(path || '_');
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        const field = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) out.add(field);
        stack.push([(value as Record<string, unknown>)[key], field]);
      }
    }
  }
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL anywhere in a request's path, query or JSON body would fail its query (a
 * 500) or its search. No text on the wire may carry one; the request is refused with the field named, before any
 * route sees it (check 18). Multipart forms are read by their handlers, which check their own fields.
 */
export function registerNulTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const fields = new Set<string>();
    fieldsWithNul(request.params, fields);
    fieldsWithNul(request.query, fields);
    // A multipart body is not parsed here (its handler streams it): undefined, and so passed over.
    fieldsWithNul(request.body, fields);
    const errors = new FieldErrors();
    for (const field of fields) errors.add(field, NUL_MESSAGE);
    errors.throwIfAny('Please check the highlighted fields.');
  });
}
