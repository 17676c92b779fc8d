import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { VIDEO_MAX_DURATION_MS } from '#contract/videos';
import type { Deps } from '../../deps';
import { uploads } from '../../db/schema/media';
import type { JobPayload } from '../../jobs/queue';
import { objectKey, type Upload } from '../media/upload-files';
import { findUpload } from '../media/service';
import { publishWaitingShort } from '../feeds/service';
import { ffmpegTools, processVideo, VideoRefused, type FfmpegTools } from './ffmpeg';
import { findLocationMetadata } from './location-atoms';
import { POSTER_FILE, VIDEO_FILE } from './video-uploads';

type JobDeps = Pick<Deps, 'db' | 'storage' | 'clock' | 'bus' | 'mailer'> & {
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** How ffmpeg is found (`ffmpegTools`); a test gives a machine without it. */
  tools?: () => Promise<FfmpegTools | null>;
};

/** The poster's long side: the player shows it full-screen on a phone until the first frame. */
const POSTER_LONG_EDGE = 1080;

/** Said when every attempt failed for a reason of ours, not the video's (the job's onGiveUp). */
export const PROCESSING_FAILED = 'We could not process this video. Please upload it again.';

/**
 * The `videos.process` job: makes a video upload web-ready, or says why it cannot be. With ffmpeg: probed, refused
 * past the duration cap, re-encoded to H.264/AAC MP4 (faststart, at most 1080 px long side) with every piece of
 * metadata dropped (location atoms, creation dates, `udta`), and a poster taken from it. Without ffmpeg (the embedded
 * default on a machine that lacks it): the original is served as it came, so one that carries a location is refused
 * rather than served; it gets no poster from here (the browser sends one, captured from the video).
 *
 * Idempotent (jobs may run twice): a video no longer `processing` is left alone, and the row is finished only while it
 * still is. A refusal of the video (`VideoRefused`) fails it at once; anything else throws, and the job is retried.
 */
export async function runProcessVideoJob(deps: JobDeps, payload: JobPayload) {
  const upload = await findUpload(deps, String(payload.key));
  // Ready, from a run that stopped before it could publish the short waiting for it: published now.
  if (upload?.status === 'ready') await publishWaitingShort(deps, upload.key);
  if (!upload || upload.status !== 'processing') return;
  const stored = await deps.storage.get(objectKey(upload.key, upload.files.original!));
  // The first job can run before the original is stored (video-uploads.ts): tried again later.
  if (!stored) throw new Error(`the original of video ${upload.key} is not stored yet`);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-video-'));
  try {
    const input = path.join(work, upload.files.original!);
    await pipeline(stored.stream, createWriteStream(input));
    const tools = await (deps.tools ?? ffmpegTools)();
    try {
      if (tools) await encode(deps, upload, tools, input, work);
      else await keepOriginal(deps, upload, input);
    } catch (err) {
      if (!(err instanceof VideoRefused)) throw err;
      await finish(deps, upload, { status: 'failed', failure: err.reason });
    }
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

async function encode(deps: JobDeps, upload: Upload, tools: FfmpegTools, input: string, work: string) {
  const out = path.join(work, 'out');
  await fs.mkdir(out);
  const made = await processVideo(tools, input, out, { maxDurationMs: VIDEO_MAX_DURATION_MS });
  // From its bytes: the image pipeline keeps sharp from opening files itself (image-pipeline.ts).
  const poster = await sharp(await fs.readFile(made.poster))
    .resize({ width: POSTER_LONG_EDGE, height: POSTER_LONG_EDGE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  const { size } = await fs.stat(made.video);
  await deps.storage.putFile(objectKey(upload.key, VIDEO_FILE), made.video, 'video/mp4');
  await deps.storage.put(objectKey(upload.key, POSTER_FILE), poster, 'image/webp');
  await finish(deps, upload, {
    status: 'ready',
    files: { ...upload.files, video: VIDEO_FILE, poster: POSTER_FILE },
    width: made.probe.width,
    height: made.probe.height,
    durationMs: made.probe.durationMs,
    bytes: upload.bytes + size + poster.length,
  });
}

/** Without ffmpeg: the original, served under the name of its own type, unless it carries a location. */
async function keepOriginal(deps: JobDeps, upload: Upload, input: string) {
  if (await locationIn(input)) {
    throw new VideoRefused('This video carries the place it was filmed, and this server cannot remove it yet. Share it from your phone’s editor without location, or try again later.');
  }
  deps.log.warn({ key: upload.key }, 'ffmpeg is not installed: the video is kept as it came (not re-encoded, no poster made on the server)');
  const served = `video${path.extname(upload.files.original!)}`;
  await deps.storage.putFile(objectKey(upload.key, served), input, upload.originalMime);
  await finish(deps, upload, { status: 'ready', files: { ...upload.files, video: served }, bytes: upload.bytes * 2 });
}

/**
 * Whether a file carries a location (`findLocationMetadata`), reading only the top-level boxes that can hold one
 * (`moov`, `meta`, `udta`, `uuid`, `XMP_`; a phone's `moov` is a few MB even for a long clip), wherever in the file they are: a
 * faststart file has `moov` first, a plain one last. The rest (the media data) is skipped by seeking.
 */
async function locationIn(file: string): Promise<string | null> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    for (let offset = 0; offset + 8 <= size; ) {
      await handle.read(header, 0, 16, offset);
      let boxSize = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8));
      else if (boxSize === 0) boxSize = size - offset;
      if (boxSize < 8) return null;
      // `uuid` and `XMP_`: a camera's XMP may carry GPS.
      if (type === 'moov' || type === 'meta' || type === 'udta' || type === 'uuid' || type === 'XMP_') {
        // Never serve a location: a box too large to read is taken as one that may hold it.
        if (boxSize > MAX_SCANNED_BOX) return `a ${type} box too large to check`;
        const box = Buffer.alloc(Math.min(boxSize, size - offset));
        await handle.read(box, 0, box.length, offset);
        const found = findLocationMetadata(box);
        if (found) return found;
      }
      offset += boxSize;
    }
    return null;
  } finally {
    await handle.close();
  }
}

/** A `moov` past this is not a phone's clip. */
const MAX_SCANNED_BOX = 64 * 1024 * 1024;

/**
 * Finishes the row while it is still `processing` (a second run of the job, or a deleted upload, finds nothing). A
 * short its author published while this ran comes out once its video is ready.
 */
async function finish(deps: JobDeps, upload: Upload, values: Partial<typeof uploads.$inferInsert>) {
  const done = await deps.db
    .update(uploads)
    .set(values)
    .where(and(eq(uploads.id, upload.id), eq(uploads.status, 'processing')))
    .returning({ status: uploads.status });
  if (done[0]?.status === 'ready') await publishWaitingShort(deps, upload.key);
}

/** The job's last attempt failed (ffmpeg crashed each time, storage was away): the uploader is told to try again. */
export async function markVideoFailed(deps: JobDeps, payload: JobPayload) {
  const upload = await findUpload(deps, String(payload.key));
  if (upload) await finish(deps, upload, { status: 'failed', failure: PROCESSING_FAILED });
}
