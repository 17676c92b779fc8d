import { ApiError, CANNOT_REACH } from './api-error';
import { errorOf, http } from './api-client';

// Files (not JSON envelopes) through the one HTTP client, in a module of their own so that pages that download
// nothing, the sign-in page first (check P1), do not load it.

export type DownloadedFile = { blob: Blob; filename: string | undefined };

/** The file name a `Content-Disposition: attachment; filename="..."` header names, if any. */
export function attachmentFilename(header: string | null): string | undefined {
  const match = header ? /filename="([^"]+)"/i.exec(header) ?? /filename=([^;\s]+)/i.exec(header) : null;
  return match?.[1];
}

/**
 * GETs a file (e.g. the data export zip; save it with `saveFile`, src/lib/save-file.ts) with the session's token;
 * a failure is the same ApiError as any other call.
 */
export async function getFile(path: string, options: { signal?: AbortSignal | undefined } = {}): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await http(path.replace(/^\//, ''), { method: 'get', signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, CANNOT_REACH);
  }
  if (response.status !== 200) throw errorOf(response.status, await response.json().catch(() => undefined));
  return { blob: await response.blob(), filename: attachmentFilename(response.headers.get('content-disposition')) };
}
