import fs from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { VIDEO_WRONG_TYPE, type UploadedVideo } from '#contract/videos';
import type { Deps } from '../../deps';
import { uploads } from '../../db/schema/media';
import { enqueue } from '../../jobs/queue';
import { fieldError, notFound } from '../../lib/errors';
import { minutes } from '../../lib/clock';
import { mediaUrl, newUploadKey, objectKey, type Upload } from '../media/upload-files';
import type { MediaUrlSigner } from '../media/url-signing';
import { videoTypeOfFile } from './video-type';

/** The job that makes an arrived video web-ready (process-video-job.ts). */
export const PROCESS_VIDEO_JOB = 'videos.process';

/** What a short's video upload is made for (uploads.purpose); media-policy.ts serves it by that. */
export const VIDEO_PURPOSE = 'short';

/** The file names of a video upload's folder: the served ones are the only ones `GET /media` answers for. */
export const VIDEO_FILE = 'video.mp4';
export const POSTER_FILE = 'poster.webp';

type VideoDeps = Pick<Deps, 'db' | 'storage' | 'clock'>;

/**
 * A video that arrived whole at `path` (by the resumable upload or the one-shot form): its type from its bytes (an
 * HTML page named `.mp4` is refused, 415), then its row (`processing`), its original in storage, and the job that
 * makes it web-ready. The row first, as every upload's (the sweeper removes an unused one and its files a day later).
 *
 * Two jobs: one now, once the original is stored, and one ten minutes on, should this process stop between the row
 * and the first job; the job does nothing for a video that is no longer processing, so the second is usually a no-op.
 */
export async function storeArrivedVideo(deps: VideoDeps, userId: number, path: string): Promise<Upload> {
  const type = await videoTypeOfFile(path);
  if (!type) throw fieldError('video', VIDEO_WRONG_TYPE, 415);
  const { size } = await fs.stat(path);
  const key = newUploadKey();
  const files = { original: `original.${type.ext}` };
  const upload = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [row] = await tx
      .insert(uploads)
      .values({ key, userId, purpose: VIDEO_PURPOSE, originalMime: type.mime, width: 0, height: 0, files, bytes: size, status: 'processing', createdAt: now })
      .returning();
    await enqueue(tx, deps.clock, PROCESS_VIDEO_JOB, { key }, new Date(now.getTime() + minutes(10)));
    return row!;
  });
  await deps.storage.putFile(objectKey(key, files.original), path, type.mime);
  await enqueue(deps.db, deps.clock, PROCESS_VIDEO_JOB, { key });
  return upload;
}

/** The member's own video upload by key, or undefined (anyone else's alike). */
export async function ownVideoUpload(deps: Pick<Deps, 'db'>, userId: number, key: string) {
  const [row] = await deps.db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return row && row.userId === userId && row.purpose === VIDEO_PURPOSE ? row : undefined;
}

/** A video upload as its uploader sees it: URLs signed for them (not saved onto a short yet), empty until ready. */
export function toUploadedVideo(upload: Upload, sign: MediaUrlSigner): UploadedVideo {
  const ready = upload.status === 'ready';
  const url = (file: string | undefined) => (ready && file ? sign(upload.key, file, mediaUrl(upload.key, file)) : '');
  return {
    key: upload.key,
    status: upload.status,
    failure: upload.status === 'failed' ? upload.failure : null,
    videoUrl: url(upload.files.video),
    thumbnail: url(upload.files.poster),
    width: upload.width,
    height: upload.height,
    durationMs: upload.durationMs,
  };
}

/**
 * The poster of the member's own ready video that has none (kept as it came, without ffmpeg): a frame their browser
 * captured, uploaded as a `poster` image (made upright, stripped and sized by the image pipeline). Its display size
 * becomes the video's `poster.webp`; the image upload itself stays unattached and is swept. A video that has a poster
 * keeps it. Anyone else's video is the same 404 as none.
 */
export async function setCapturedPoster(deps: Pick<Deps, 'db' | 'storage'>, userId: number, key: string, imageKey: string): Promise<Upload> {
  const video = await ownVideoUpload(deps, userId, key);
  if (!video) throw notFound('That upload does not exist.');
  if (video.status !== 'ready') throw fieldError('image', 'The video is not ready yet.');
  if (video.files.poster) throw fieldError('image', 'This video has its poster already.');
  const [image] = await deps.db.select().from(uploads).where(eq(uploads.key, imageKey)).limit(1);
  if (!image || image.userId !== userId || image.purpose !== 'poster' || !image.files.display) throw fieldError('image', 'Upload the poster again.');
  const stored = await deps.storage.get(objectKey(image.key, image.files.display));
  if (!stored) throw fieldError('image', 'Upload the poster again.');
  await deps.storage.put(objectKey(key, POSTER_FILE), Buffer.concat(await stored.stream.toArray()), 'image/webp');
  const [saved] = await deps.db
    .update(uploads)
    .set({ files: { ...video.files, poster: POSTER_FILE } })
    .where(and(eq(uploads.id, video.id), sql`${uploads.files}->>'poster' is null`))
    .returning();
  return saved ?? video;
}
