import * as z from 'zod/mini';
import { IMAGE_MAX_BYTES, IMAGE_PURPOSES } from './media';

// The media routes' requests as the OpenAPI document shows them. Apart from contract/media.ts because the
// descriptions go through zod's registry, which the web app (it never sends these shapes) should not download.

/**
 * `POST /api/compress-image`'s multipart form, as the OpenAPI document shows it: the server streams the file and reads
 * the fields itself (server/modules/media/routes.ts), so this schema documents rather than parses.
 */
export const compressImageForm = z.object({
  'image[]': z.string().register(z.globalRegistry, {
    format: 'binary',
    description: `PNG, JPEG, GIF or WebP, up to ${IMAGE_MAX_BYTES / 1024 / 1024} MB; \`image\` also accepted; the first file is used`,
  }),
  type: z.optional(z.enum(IMAGE_PURPOSES)).register(z.globalRegistry, { description: 'What the image is for; decides the sizes made (default feed)' }),
  orientation: z.optional(z.string()).register(z.globalRegistry, {
    description: "EXIF orientation as the client read it (default -2); the server honours the file's own EXIF",
  }),
});

/** `GET /media/:key/:file`: an upload's key and one of its served files (never the original). */
export const mediaFileParams = z.object({ key: z.string(), file: z.string() });
export const mediaFileQuery = z.object({
  exp: z.optional(z.string().check(z.maxLength(20))).register(z.globalRegistry, {
    description: 'Expiry of a signed URL (photos of drafts and private posts, uploads not saved onto anything)',
  }),
  sig: z.optional(z.string().check(z.maxLength(100))).register(z.globalRegistry, { description: 'Signature of a signed URL' }),
});

/**
 * `POST /api/activity/import`'s multipart form as the OpenAPI document shows it (the server streams and checks it:
 * server/modules/activities/import-routes.ts).
 */
export const activityImportForm = z.object({
  file: z.string().register(z.globalRegistry, {
    format: 'binary',
    description: 'A GPX, TCX or FIT file (each also gzipped) up to 50 MB unzipped, or a zip of them (a Strava bulk export) up to 500 MB',
  }),
  timeZone: z.optional(z.string()).register(z.globalRegistry, { description: 'The IANA zone the member is in, for default titles (default UTC)' }),
});

/**
 * `POST /api/uploadVideo`'s multipart form (spec §7: `video[]` and `type`) as the OpenAPI document shows it; the server
 * streams the file to disk and checks it (server/modules/videos/routes.ts). For a bad signal, the resumable upload
 * (tus, `/api/video-uploads`) does the same and can go on where it stopped.
 */
export const uploadVideoForm = z.object({
  'video[]': z.string().register(z.globalRegistry, { format: 'binary', description: 'One MP4, MOV or WebM video, up to 300 MB and 3 minutes' }),
  type: z.optional(z.string()).register(z.globalRegistry, { description: 'What the video is for: `short` (the only one)' }),
});
