import ky, { type Options } from 'ky';
import * as z from 'zod/mini';
import { apiErrorBody, okEnvelope } from '#contract/envelope';
import { ApiError, SOMETHING_WENT_WRONG } from './api-error';
import { sessionStore } from './session-store';

/**
 * The one HTTP client. Query owns retries; errors become ApiError; every success is parsed with its contract
 * schema, so a response that does not match is an error, never a wrong screen.
 */
const http = ky.create({
  // Absolute, because fetch outside a browser document (tests, workers) cannot resolve a bare path.
  prefixUrl: `${window.location.origin}/api`,
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
    throw new ApiError(0, 'Cannot reach Switchback. Check your connection and try again.');
  }
  const body: unknown = await response.json().catch(() => undefined);
  // Spec §5: success only when the HTTP status and the body code are both 200.
  if (response.status !== 200 || (body as { code?: unknown } | undefined)?.code !== 200) {
    const error = apiErrorBody.safeParse(body);
    const status = response.status === 200 ? 500 : response.status;
    throw new ApiError(status, error.success ? error.data.message : SOMETHING_WENT_WRONG, error.success ? error.data.errors : undefined);
  }
  const parsed = okEnvelope(schema).safeParse(body);
  if (!parsed.success) {
    console.error(`Response of ${method.toUpperCase()} /api/${path} does not match its contract`, parsed.error.issues);
    throw new ApiError(500, SOMETHING_WENT_WRONG);
  }
  const envelope = parsed.data as { message: string; data: z.infer<T> };
  return { message: envelope.message, data: envelope.data };
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
