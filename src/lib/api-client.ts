import ky, { type Options } from 'ky';
import * as z from 'zod/mini';
import { apiErrorBody, okEnvelope } from '#contract/envelope';
import { ApiError, CANNOT_REACH, SOMETHING_WENT_WRONG } from './api-error';
import { sessionStore } from './session-store';

/**
 * The one HTTP client. Query owns retries; errors become ApiError; every success is parsed with its contract
 * schema, so a response that does not match is an error, never a wrong screen.
 */
export const http = ky.create({
  // Absolute, because fetch outside a browser document (tests, workers) cannot resolve a bare path. Prerendering a
  // page (src/prerender.tsx) has no window, and sends nothing.
  prefixUrl: typeof window === 'undefined' ? 'http://localhost/api' : `${window.location.origin}/api`,
  retry: 0,
  timeout: false,
  throwHttpErrors: false,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = sessionStore.getSnapshot().token;
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});

type RequestOptions = { json?: unknown; searchParams?: Options['searchParams']; signal?: AbortSignal | undefined; body?: FormData };

export type ApiResult<T> = { message: string; data: T };

async function request<T extends z.ZodMiniType>(
  method: 'get' | 'post' | 'put' | 'delete',
  schema: T,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResult<z.infer<T>>> {
  let response: Response;
  try {
    response = await http(path.replace(/^\//, ''), { method, ...options });
  } catch (error) {
    // A cancelled query (navigated away) is not a failure to report.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, CANNOT_REACH);
  }
  const body: unknown = await response.json().catch(() => undefined);
  return readEnvelope(schema, `${method.toUpperCase()} /api/${path}`, response.status, body);
}

/**
 * How every answer of the API is read (the one place; uploads use it too): success only when the HTTP status and
 * the body code are both 200 (spec §5), the data parsed with its contract schema; anything else an ApiError carrying
 * the server's message and field errors.
 */
export function readEnvelope<T extends z.ZodMiniType>(schema: T, call: string, status: number, body: unknown): ApiResult<z.infer<T>> {
  if (status !== 200 || (body as { code?: unknown } | undefined)?.code !== 200) throw errorOf(status, body);
  const parsed = okEnvelope(schema).safeParse(body);
  if (!parsed.success) {
    console.error(`Response of ${call} does not match its contract`, parsed.error.issues);
    throw new ApiError(500, SOMETHING_WENT_WRONG);
  }
  const envelope = parsed.data as { message: string; data: z.infer<T> };
  return { message: envelope.message, data: envelope.data };
}

/** The ApiError an unsuccessful answer stands for: the server's message and field errors, or 'Something went wrong'. */
export function errorOf(status: number, body: unknown) {
  const error = apiErrorBody.safeParse(body);
  return new ApiError(status === 200 ? 500 : status, error.success ? error.data.message : SOMETHING_WENT_WRONG, error.success ? error.data.errors : undefined);
}

export const api = {
  get: <T extends z.ZodMiniType>(schema: T, path: string, options?: Omit<RequestOptions, 'json'>) => request('get', schema, path, options),
  post: <T extends z.ZodMiniType>(schema: T, path: string, json?: unknown, options?: RequestOptions) =>
    request('post', schema, path, { ...options, json }),
  put: <T extends z.ZodMiniType>(schema: T, path: string, json?: unknown, options?: RequestOptions) =>
    request('put', schema, path, { ...options, json }),
  delete: <T extends z.ZodMiniType>(schema: T, path: string, json?: unknown, options?: RequestOptions) =>
    request('delete', schema, path, { ...options, json }),
};
