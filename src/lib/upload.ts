import type * as z from 'zod/mini';
import { compressImageData, type IMAGE_PURPOSES, type UploadedImage } from '#contract/media';
import { readEnvelope, type ApiResult } from './api-client';
import { ApiError, CANNOT_REACH, SOMETHING_WENT_WRONG } from './api-error';
import { sessionStore } from './session-store';

/**
 * The one upload helper: multipart POSTs of files to `/api/...`, with progress.
 *
 * Why XMLHttpRequest and not the ky client: fetch (and so ky) cannot report how much of a request body has been
 * sent — there is no upload progress event for fetch, and streaming request bodies is not available everywhere. XHR's
 * `upload.onprogress` is the one portable way to draw a progress bar for a photo on a slow phone connection.
 *
 * Everything else matches `api-client.ts`: the bearer token from the session store, success only when the HTTP
 * status and the body code are both 200 (spec §5), the data parsed with its contract schema, and every failure an
 * `ApiError` with the server's message. Call it from inside a `useMutation`, so a 401 reaches the QueryClient's error
 * path and ends the session like any other call does, and failures are toasted there (spec §8: "Upload failure uses
 * the response data").
 */
export type UploadOptions = {
  /** Share of the body sent so far, 0..1. Reaches 1 when the last byte is out; the server may still be working. */
  onProgress?: ((fraction: number) => void) | undefined;
  /** Aborting rejects with the signal's reason (an `AbortError` DOMException by default), never with an ApiError. */
  signal?: AbortSignal | undefined;
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** POSTs `body` as multipart/form-data to `/api/<path>` and parses the answer like every other call. */
export function upload<T extends z.ZodMiniType>(
  schema: T,
  path: string,
  body: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<ApiResult<z.infer<T>>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const url = `${window.location.origin}/api/${path.replace(/^\//, '')}`;
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = sessionStore.getSnapshot().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    // Settle at once rather than wait for the request's own abort event: the caller has moved on.
    const onAbort = () => {
      xhr.abort();
      reject(abortReason(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.upload.onload = () => onProgress?.(1);
    xhr.onload = () => {
      done();
      try {
        resolve(readEnvelope(schema, `POST /api/${path}`, xhr.status, parseJson(xhr.responseText)));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, CANNOT_REACH));
    };
    xhr.onabort = () => {
      done();
      reject(signal ? abortReason(signal) : new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.send(body);
  });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The upload was cancelled.', 'AbortError');
}

/** Spec §9 default image orientation: "not a JPEG". */
export const DEFAULT_ORIENTATION = -2;
const NO_ORIENTATION_TAG = -1;

/**
 * The EXIF orientation (1..8) of a JPEG, read from its first 64 KB as spec §7 says; -2 when the file is not a JPEG,
 * -1 when it is one without the tag. The server honours the EXIF itself; this is the hint the call carries.
 */
export async function readImageOrientation(file: Blob): Promise<number> {
  const view = new DataView(await file.slice(0, 64 * 1024).arrayBuffer());
  return jpegOrientation(view);
}

function jpegOrientation(view: DataView): number {
  if (view.byteLength < 4 || view.getUint16(0) !== 0xffd8) return DEFAULT_ORIENTATION;
  let offset = 2;
  while (offset + 4 <= view.byteLength) {
    const marker = view.getUint16(offset);
    if ((marker & 0xff00) !== 0xff00) return NO_ORIENTATION_TAG;
    const length = view.getUint16(offset + 2);
    // APP1 "Exif\0\0"
    if (marker === 0xffe1 && offset + 10 <= view.byteLength && view.getUint32(offset + 4) === 0x45786966 && view.getUint16(offset + 8) === 0) {
      return exifOrientation(view, offset + 10);
    }
    // Start of scan: the headers are over.
    if (marker === 0xffda) return NO_ORIENTATION_TAG;
    offset += 2 + length;
  }
  return NO_ORIENTATION_TAG;
}

function exifOrientation(view: DataView, tiff: number): number {
  if (tiff + 8 > view.byteLength) return NO_ORIENTATION_TAG;
  const little = view.getUint16(tiff) === 0x4949;
  const ifd0 = tiff + view.getUint32(tiff + 4, little);
  if (ifd0 + 2 > view.byteLength) return NO_ORIENTATION_TAG;
  const entries = view.getUint16(ifd0, little);
  for (let i = 0; i < entries; i++) {
    const entry = ifd0 + 2 + i * 12;
    if (entry + 12 > view.byteLength) break;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : NO_ORIENTATION_TAG;
    }
  }
  return NO_ORIENTATION_TAG;
}

export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

/**
 * `POST /api/compress-image` (spec §7): one image as `image[]` with its `type` and `orientation`; answers the stored
 * image, whose `key` the call that attaches it takes.
 */
export async function uploadImage(file: Blob, purpose: ImagePurpose, options: UploadOptions = {}): Promise<UploadedImage> {
  const form = new FormData();
  const name = file instanceof File ? file.name : `${purpose}.${file.type === 'image/png' ? 'png' : 'jpg'}`;
  form.append('image[]', file, name);
  form.append('type', purpose);
  form.append('orientation', String(await readImageOrientation(file)));
  const { data } = await upload(compressImageData, 'compress-image', form, options);
  const image = data.images[0];
  if (!image) throw new ApiError(500, SOMETHING_WENT_WRONG);
  return image;
}
