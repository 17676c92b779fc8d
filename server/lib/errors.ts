/** The one error type services throw; the error handler turns it into the wire's error body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) => new AppError(400, message, errors);

/**
 * A refusal about one field: the form shows `message` under that field, and clients that read only the body's
 * `message` still say what is wrong. Mostly 400; an upload refused for its size or type keeps its 413 or 415.
 */
export const fieldError = (field: string, message: string, status = 400) => new AppError(status, message, { [field]: [message] });

/**
 * What a multipart reader throws when its loop over the parts fails: our own refusals (a 413) and the plugin's limit
 * errors carry their status and pass through; the parser's own (a form cut short, no boundary) carry none and would be
 * a 500, so they become `field`'s "arrived incomplete" (check 18).
 */
export function uploadCutShort(err: unknown, field: string): never {
  if (err instanceof AppError || typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
  throw fieldError(field, 'The upload arrived incomplete. Please try again.');
}

/** Collects a request's field errors, so a form shows them all at once rather than one per send. */
export class FieldErrors {
  // No prototype: field names may come from the request (`__proto__` must stay a field, not reach Object.prototype).
  private readonly errors: Record<string, string[]> = Object.create(null);

  add(field: string, message: string) {
    (this.errors[field] ??= []).push(message);
  }

  /** The 400, if any field was refused; its message is `message`, else the first field's first. */
  throwIfAny(message?: string) {
    const [first] = Object.values(this.errors);
    if (first) throw badRequest(message ?? first[0]!, this.errors);
  }
}
/**
 * The refusals the API document lists, each answered with the wire's error body (`apiErrorBody`), and what each
 * means to a client. A route gets 400, 401 and 429 by itself (from its request schemas, its path and its rate limit,
 * server/plugins/openapi.ts); any other it names in its schema's `refuses`.
 */
export const REFUSALS = {
  400: 'Bad input: `message` says what is wrong and `errors` names each refused field with its messages.',
  401: 'No live session: the bearer token is missing (where the call needs one), expired or revoked. Sign in again.',
  403: 'The member may not do this.',
  404: 'Not found, or not visible to this member.',
  409: 'In conflict with what is stored (already taken, already done).',
  413: 'Too large to accept.',
  415: 'A type of content that is not accepted here.',
  429: 'Too many requests: wait the seconds `Retry-After` says, then try again.',
} as const;
export type Refusal = keyof typeof REFUSALS;

export const unauthorized = (message = 'Your session has ended. Please sign in again.') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string, errors?: Record<string, string[]>) => new AppError(409, message, errors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
