import * as z from 'zod/mini';

/**
 * Short videos (issue 22): the formats taken (spec §5: .mp4 .mov .webm), decided on the server from the file's bytes;
 * the extensions only shape the picker. The one list the picker's `accept`, its hint and the "wrong type" message
 * are made from.
 */
export const VIDEO_FORMATS = [
  { name: 'MP4', extensions: ['.mp4'] },
  { name: 'MOV', extensions: ['.mov'] },
  { name: 'WebM', extensions: ['.webm'] },
] as const;
export const VIDEO_EXTENSIONS: readonly string[] = VIDEO_FORMATS.flatMap((f) => f.extensions);
export const VIDEO_ACCEPT = ['video/mp4', 'video/quicktime', 'video/webm', ...VIDEO_EXTENSIONS].join(',');
export const VIDEO_WRONG_TYPE = 'Choose an MP4, MOV or WebM video.';

/** 300 MB: a 3-minute 1080p phone clip is 100–250 MB. Refused with 413 before the body is read. */
export const VIDEO_MAX_BYTES = 300 * 1024 * 1024;
/** 3 minutes, checked once the video is probed. */
export const VIDEO_MAX_DURATION_MS = 3 * 60 * 1000;
export const VIDEO_TOO_LARGE = 'Videos can be at most 300 MB.';

/**
 * Where a video upload stands: `processing` (checked, being made web-ready: metadata stripped, re-encoded, a poster
 * taken), `ready`, or `failed` (with `failure`, the reason in words). Nobody but its uploader sees one before ready.
 */
export const VIDEO_STATUSES = ['processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/**
 * One video upload as its uploader sees it. `videoUrl` and `thumbnail` (the poster) are signed for the uploader alone
 * until the video is saved onto a short (check 14), and empty until it is ready.
 */
export const uploadedVideo = z.object({
  /** Pass this to the call that saves the short. */
  key: z.string(),
  status: z.enum(VIDEO_STATUSES),
  /** Why it failed, for its uploader; null unless `failed`. */
  failure: z.nullable(z.string()),
  videoUrl: z.string(),
  thumbnail: z.string(),
  width: z.int(),
  height: z.int(),
  /** Null until probed. */
  durationMs: z.nullable(z.int()),
});
export type UploadedVideo = z.infer<typeof uploadedVideo>;

/** `POST /api/uploadVideo` (spec §7: `data.fileUrl[0].videoUrl` and `thumbnail`). */
export const uploadVideoData = z.object({ fileUrl: z.array(uploadedVideo) });

/** `GET /api/video-upload/:key`. */
export const videoUploadParams = z.object({ key: z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/, 'Not an upload key.')) });

/**
 * `POST /api/video-upload/:key/poster`: a poster for a ready video that has none (kept as it came, on a server
 * without ffmpeg): a frame the browser captured, uploaded through `POST /api/compress-image` with type `poster`.
 */
export const videoPosterBody = z.strictObject({ image: z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/, 'Not an upload key.')) });
