import { Upload, type DetailedError } from 'tus-js-client';
import { uploadVideoData, type UploadedVideo } from '#contract/videos';
import { errorOf, readEnvelope } from '../../../lib/api-client';
import { ApiError, CANNOT_REACH } from '../../../lib/api-error';
import { sessionStore } from '../../../lib/session-store';
import type { UploadOptions } from '../../../lib/upload';

/** tus's address on the API (server/modules/videos/resumable-upload-routes.ts). */
const RESUMABLE_PATH = '/api/video-uploads';
/**
 * 5 MB a request: a connection that drops loses at most this much, and a phone on a weak signal still sends one in a
 * few seconds.
 */
const CHUNK_BYTES = 5 * 1024 * 1024;
/** Tried again after a dropped connection: at once, then waiting longer each time, for about a minute in all. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 20_000];

/**
 * Sends a short's video with the tus resumable-upload protocol (tus-js-client): in chunks, each answered with how many
 * bytes the server holds, so a connection lost at a trailhead goes on from the last byte the server has, not from
 * zero (retried on its own for about a minute, and after a reload of the page from the same file: tus remembers the
 * upload by the file's name, size and date). The last chunk's answer is the upload, as `POST /api/uploadVideo`
 * answers it; a refusal (wrong type, too large, signed out) is an ApiError with the server's message.
 */
export function uploadVideo(file: File, { onProgress, signal }: UploadOptions = {}): Promise<UploadedVideo> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${window.location.origin}${RESUMABLE_PATH}`,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { filename: file.name, filetype: file.type },
      removeFingerprintOnSuccess: true,
      // The token of this moment, for every request (a long upload may outlive a refresh of it).
      onBeforeRequest: (req) => {
        const token = sessionStore.getSnapshot().token;
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onProgress: (sent, total) => onProgress?.(total > 0 ? sent / total : 0),
      onSuccess: ({ lastResponse }) => {
        try {
          const body: unknown = JSON.parse(lastResponse.getBody() ?? '');
          resolve(readEnvelope(uploadVideoData, 'tus upload', lastResponse.getStatus(), body).data.fileUrl[0]!);
        } catch (error) {
          reject(error instanceof ApiError ? error : new ApiError(500, 'Something went wrong'));
        }
      },
      onError: (error) => reject(refusalOf(error)),
    });
    signal?.addEventListener('abort', () => {
      // Aborted, not ended: what the server holds stays, to go on from if the member picks the same file again.
      void upload.abort(false);
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    });
    void upload.findPreviousUploads().then((previous) => {
      if (signal?.aborted) return;
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}

/** The server's refusal as an ApiError with its message; no answer at all is "cannot reach". */
function refusalOf(error: Error | DetailedError): ApiError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return new ApiError(0, CANNOT_REACH);
  const text = response.getBody();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return errorOf(response.getStatus(), body);
}
