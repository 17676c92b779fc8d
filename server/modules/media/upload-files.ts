import { randomBytes } from 'node:crypto';
import type { UploadedImage } from '#contract/media';
import type { uploads } from '../../db/schema/media';
import type { MediaUrlSigner } from './url-signing';

export type Upload = typeof uploads.$inferSelect;

/**
 * An upload's files live under `<key>/` in the storage module and are served at `/media/<key>/<file>`. The key is
 * 128 random bits (22 base64url characters): the only thing in a media URL, so URLs cannot be guessed or walked.
 */
const KEY = /^[A-Za-z0-9_-]{22}$/;

export const newUploadKey = () => randomBytes(16).toString('base64url');
export const isUploadKey = (value: string) => KEY.test(value);

export const DISPLAY_FILE = 'display.webp';
export const THUMB_FILE = 'thumb.webp';

/**
 * The files `GET /media/<key>/<file>` serves, each with the one type it is served as. An image's original is never
 * here (it keeps what the member's camera wrote); a video's is made again without its metadata (`video.mp4`), or,
 * on a server without ffmpeg, kept as it came once checked for a location (`video.webm`, `video.mov`).
 */
export const SERVED_FILES: Readonly<Record<string, string>> = {
  [DISPLAY_FILE]: 'image/webp',
  [THUMB_FILE]: 'image/webp',
  'video.mp4': 'video/mp4',
  'video.webm': 'video/webm',
  'video.mov': 'video/quicktime',
  'poster.webp': 'image/webp',
};

export const objectKey = (key: string, file: string) => `${key}/${file}`;
export const uploadPrefix = (key: string) => `${key}/`;
export const mediaUrl = (key: string, file: string) => `/media/${key}/${file}`;

/** The storage key of the original as sent: for the member's data export, never served. */
export const originalObjectKey = (upload: Pick<Upload, 'key' | 'files'>) => objectKey(upload.key, upload.files.original!);

/** The upload key in a display or thumbnail URL made by `mediaUrl`, e.g. a stored profile image; null for others. */
export function uploadKeyFromUrl(url: string | null | undefined): string | null {
  const match = url ? /^\/media\/([A-Za-z0-9_-]{22})\/[a-z]+\.webp$/.exec(url) : null;
  return match ? match[1]! : null;
}

/**
 * An upload as `POST /api/compress-image` answers it. Attached to nothing yet, it is its uploader's alone
 * (policy.ts), so its URLs come signed: the form's `<img>` previews send no token.
 */
export function toUploadedImage(upload: Pick<Upload, 'key' | 'files' | 'width' | 'height'>, sign: MediaUrlSigner): UploadedImage {
  const signed = (file: string) => sign(upload.key, file, mediaUrl(upload.key, file));
  return {
    key: upload.key,
    url: signed(upload.files.display!),
    thumbnail: signed(upload.files.thumb!),
    dimens: `${upload.width}:${upload.height}`,
    width: upload.width,
    height: upload.height,
  };
}
