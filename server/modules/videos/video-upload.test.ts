import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'zod/v4/core';
import { uploadedVideo, uploadVideoData, VIDEO_MAX_BYTES, VIDEO_TOO_LARGE, VIDEO_WRONG_TYPE } from '#contract/videos';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { compressImageData } from '#contract/media';
import { imageForm, multipartForm, solid } from '../media/test-images';
import { objectKey } from '../media/upload-files';
import { findLocationMetadata } from './location-atoms';
import { runProcessVideoJob } from './process-video-job';
import { RESUMABLE_PATH } from './resumable-upload-routes';
import { makeClip } from './video-fixtures';

// Issue 22: a short's video from the member's phone to a file the player can stream. Checked by its bytes, made
// web-ready by the job (no location, no creation date, H.264), served in ranges to whoever may see it, and uploaded
// resumably (tus) so a dropped connection goes on where it stopped.

const run = promisify(execFile);
let t: TestApp;
let dir: string;
let phoneClip: Buffer;

beforeAll(async () => {
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-video-test-'));
  // A portrait phone clip that says where and when it was filmed.
  phoneClip = await fs.readFile(
    await makeClip(dir, { name: 'descent', seconds: 2, width: 360, height: 640, format: 'mp4', location: '+46.0207+007.7491/', creationTime: '2026-05-01T06:12:00Z' }),
  );
});
afterAll(async () => {
  await t?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

type Member = Awaited<ReturnType<TestApp['signUp']>>;

function sendVideo(who: Member, file: Buffer, filename = 'clip.mp4', contentType = 'video/mp4') {
  const form = multipartForm([
    { name: 'video[]', file, filename, contentType },
    { name: 'type', value: 'short' },
  ]);
  return t.app.inject({ method: 'POST', url: '/api/uploadVideo', headers: { ...t.bearer(who.token), ...form.headers }, payload: form.payload });
}
const uploaded = async (who: Member, file: Buffer, filename?: string) => okData(await sendVideo(who, file, filename), uploadVideoData).fileUrl[0]!;
const statusCall = (who: Member, key: string) => t.app.inject({ method: 'GET', url: `/api/video-upload/${key}`, headers: t.bearer(who.token) });
const status = async (who: Member, key: string) => okData(await statusCall(who, key), uploadedVideo);
const drain = () => t.app.deps.jobs.drain();

async function ffprobeTags(file: string) {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  const probe = JSON.parse(stdout) as { format: { tags?: Record<string, string> }; streams: { codec_name: string; codec_type: string; tags?: Record<string, string> }[] };
  return { probe, tags: [probe.format.tags ?? {}, ...probe.streams.map((s) => s.tags ?? {})].flatMap((tags) => Object.keys(tags).map((k) => k.toLowerCase())) };
}

describe('POST /api/uploadVideo', () => {
  it('takes a video by its bytes, not its name: an HTML page called .mp4 is refused, a WebM is taken', async () => {
    const member = await t.signUp();
    const page = await sendVideo(member, Buffer.from('<!doctype html><script>alert(1)</script>'), 'clip.mp4');
    expect(page.statusCode).toBe(415);
    expect(body(page)).toMatchObject({ code: 415, message: VIDEO_WRONG_TYPE, errors: { video: [VIDEO_WRONG_TYPE] } });
    const webm = await fs.readFile(await makeClip(dir, { name: 'river', seconds: 1, width: 320, height: 568, format: 'webm' }));
    const taken = await uploaded(member, webm, 'river.webm');
    expect(taken).toMatchObject({ status: 'processing', videoUrl: '', thumbnail: '', failure: null });
  });

  it('answers 400, not 500, for a form cut short or without a boundary (the contract fuzz at scale found the 500)', async () => {
    const member = await t.signUp();
    for (const [payload, contentType] of [
      ['--x\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\nhalf a vid', 'multipart/form-data; boundary=x'],
      ['no boundary', 'multipart/form-data'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/uploadVideo', headers: { ...t.bearer(member.token), 'content-type': contentType }, payload });
      expect(res.statusCode, contentType).toBe(400);
      expect(body(res)).toEqual({ code: 400, message: 'The upload arrived incomplete. Please try again.', errors: { video: ['The upload arrived incomplete. Please try again.'] } });
    }
  });

  it('refuses a body declared over 300 MB before reading it', async () => {
    const member = await t.signUp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploadVideo',
      headers: { ...t.bearer(member.token), 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(VIDEO_MAX_BYTES + 1024 * 1024) },
      payload: '--x--',
    });
    expect(res.statusCode).toBe(413);
    expect(body(res).message).toBe(VIDEO_TOO_LARGE);
  });

  it('makes a phone clip web-ready: H.264 without its location or creation date, served in ranges to its uploader alone', async () => {
    const [owner, other] = [await t.signUp(), await t.signUp()];
    const sent = await uploaded(owner, phoneClip);
    expect(sent.status).toBe('processing');
    expect(await drain()).toBeGreaterThan(0);
    const ready = await status(owner, sent.key);
    expect(ready).toMatchObject({ key: sent.key, status: 'ready', width: 360, height: 640, failure: null });
    expect(ready.durationMs).toBeGreaterThan(1800);
    expect(ready.durationMs).toBeLessThan(2300);
    expect(ready.videoUrl).toMatch(new RegExp(`^/media/${sent.key}/video\\.mp4\\?exp=\\d+&sig=`));
    expect(ready.thumbnail).toMatch(new RegExp(`^/media/${sent.key}/poster\\.webp\\?exp=`));

    const whole = await t.app.inject({ method: 'GET', url: ready.videoUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'x-content-type-options': 'nosniff' });
    const served = path.join(dir, 'served.mp4');
    await fs.writeFile(served, whole.rawPayload);
    const { probe, tags } = await ffprobeTags(served);
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(tags.filter((k) => k.includes('location') || k.includes('creation_time'))).toEqual([]);
    expect(findLocationMetadata(whole.rawPayload)).toBeNull();
    // Nor its place as text anywhere (ffmpeg's MP4 always has a `udta` box: ffmpeg.test.ts checks it holds nothing).
    expect(whole.rawPayload.includes(Buffer.from('+46.0207'))).toBe(false);
    expect(whole.rawPayload.includes(Buffer.from('loci'))).toBe(false);
    // The original, which still says where it was filmed, is kept for the member's export but never served.
    expect(findLocationMetadata(phoneClip)).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/media/${sent.key}/original.mp4` })).statusCode).toBe(404);

    const first = await t.app.inject({ method: 'GET', url: ready.videoUrl, headers: { range: 'bytes=0-99' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${whole.rawPayload.length}`);
    expect(first.rawPayload).toEqual(whole.rawPayload.subarray(0, 100));
    const rest = await t.app.inject({ method: 'GET', url: ready.videoUrl, headers: { range: `bytes=${whole.rawPayload.length - 10}-` } });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload).toEqual(whole.rawPayload.subarray(-10));
    const past = await t.app.inject({ method: 'GET', url: ready.videoUrl, headers: { range: `bytes=${whole.rawPayload.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${whole.rawPayload.length}`);

    const poster = await t.app.inject({ method: 'GET', url: ready.thumbnail });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');

    // Not saved onto a short yet: its uploader's alone. Unsigned, or asked by another member, it is not there.
    const unsigned = ready.videoUrl.split('?')[0]!;
    expect((await t.app.inject({ method: 'GET', url: unsigned })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: unsigned, headers: t.bearer(other.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: unsigned, headers: t.bearer(owner.token) })).statusCode).toBe(200);
    const theirs = await statusCall(other, sent.key);
    expect(theirs.statusCode).toBe(404);
    expect(body(theirs)).toEqual(body(await statusCall(other, 'A'.repeat(22))));
  });

  it('fails a video over 3 minutes once probed, saying why', async () => {
    const member = await t.signUp();
    const long = await fs.readFile(await makeClip(dir, { name: 'long', seconds: 181, width: 32, height: 64, format: 'mp4', audio: false, fps: 1 }));
    const sent = await uploaded(member, long);
    await drain();
    const failed = await status(member, sent.key);
    expect(failed).toMatchObject({ status: 'failed', videoUrl: '', thumbnail: '' });
    expect(failed.failure).toMatch(/3 minutes/);
  });

  it('survives a run that finds no original yet (a crash between the row and the file): retried, then ready', async () => {
    const member = await t.signUp();
    const sent = await uploaded(member, phoneClip);
    const key = objectKey(sent.key, 'original.mp4');
    const original = await t.app.deps.storage.get(key);
    const bytes = Buffer.concat(await original!.stream.toArray());
    await t.app.deps.storage.remove([key]);
    await drain();
    expect((await status(member, sent.key)).status).toBe('processing');
    await t.app.deps.storage.put(key, bytes, 'video/mp4');
    t.clock.advance(60_000);
    await drain();
    expect((await status(member, sent.key)).status).toBe('ready');
    // The safety job ten minutes on finds it ready and leaves it as it is.
    t.clock.advance(10 * 60_000);
    await drain();
    expect(await status(member, sent.key)).toMatchObject({ status: 'ready', width: 360, height: 640 });
  });
});

describe('on a server without ffmpeg', () => {
  /** The job as it runs where ffmpeg is missing, on `key` (the upload's row and original are already stored). */
  const withoutFfmpeg = (key: string) => runProcessVideoJob({ ...t.app.deps, log: { warn: () => {} }, tools: async () => null }, { key });

  it('keeps a clean video as it came, served by its own type, and refuses one that says where it was filmed', async () => {
    const member = await t.signUp();
    const webm = await fs.readFile(await makeClip(dir, { name: 'kept', seconds: 1, width: 320, height: 568, format: 'webm' }));
    const clean = await uploaded(member, webm, 'kept.webm');
    await withoutFfmpeg(clean.key);
    const kept = await status(member, clean.key);
    expect(kept).toMatchObject({ status: 'ready', thumbnail: '' });
    expect(kept.videoUrl).toMatch(new RegExp(`^/media/${clean.key}/video\\.webm\\?`));
    const served = await t.app.inject({ method: 'GET', url: kept.videoUrl });
    expect(served.headers['content-type']).toBe('video/webm');
    expect(served.rawPayload).toEqual(webm);

    const mov = await fs.readFile(await makeClip(dir, { name: 'summit', seconds: 1, width: 64, height: 128, format: 'mov', location: '+46.0207+007.7491/' }));
    const located = await uploaded(member, mov, 'summit.mov');
    await withoutFfmpeg(located.key);
    const refused = await status(member, located.key);
    expect(refused).toMatchObject({ status: 'failed', videoUrl: '' });
    expect(refused.failure).toMatch(/place it was filmed/);
    // Its job, run again when ffmpeg is there, leaves a failed upload failed: the member uploads it again.
    await drain();
    expect((await status(member, located.key)).status).toBe('failed');
  });
});

describe('a poster from the browser, for a video kept without one', () => {
  const withoutFfmpeg = (key: string) => runProcessVideoJob({ ...t.app.deps, log: { warn: () => {} }, tools: async () => null }, { key });
  /** A frame the browser captured, uploaded as the form does: through the image pipeline, type `poster` (or another). */
  async function frame(who: Member, type = 'poster') {
    const form = imageForm(await solid(360, 640, 'jpeg'), { type });
    return okData(await t.app.inject({ method: 'POST', url: '/api/compress-image', payload: form.payload, headers: { ...form.headers, ...t.bearer(who.token) } }), compressImageData).images[0]!.key;
  }
  const setPoster = (who: Member, key: string, image: string) =>
    t.app.inject({ method: 'POST', url: `/api/video-upload/${key}/poster`, headers: t.bearer(who.token), payload: { image } });

  it('becomes the video’s poster once it is ready, only once, only from its uploader’s poster image', async () => {
    const [member, other] = [await t.signUp(), await t.signUp()];
    const webm = await fs.readFile(await makeClip(dir, { name: 'posterless', seconds: 1, width: 320, height: 568, format: 'webm' }));
    const sent = await uploaded(member, webm, 'posterless.webm');
    // Not before the video is ready.
    expect(body(await setPoster(member, sent.key, await frame(member))).errors).toEqual({ image: ['The video is not ready yet.'] });
    await withoutFfmpeg(sent.key);
    expect((await status(member, sent.key)).thumbnail).toBe('');

    // Another member's image, or a photo made for a post, is not a poster for it; nor is anything for someone else's video.
    expect(body(await setPoster(member, sent.key, await frame(other))).errors).toEqual({ image: ['Upload the poster again.'] });
    expect(body(await setPoster(member, sent.key, await frame(member, 'feed'))).errors).toEqual({ image: ['Upload the poster again.'] });
    const theirs = await setPoster(other, sent.key, await frame(other));
    expect(theirs.statusCode).toBe(404);

    const saved = okData(await setPoster(member, sent.key, await frame(member)), uploadedVideo);
    expect(saved.thumbnail).toMatch(new RegExp(`^/media/${sent.key}/poster\\.webp\\?`));
    const poster = await t.app.inject({ method: 'GET', url: saved.thumbnail });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
    expect((await status(member, sent.key)).thumbnail).toBe(saved.thumbnail);
    expect(body(await setPoster(member, sent.key, await frame(member))).errors).toEqual({ image: ['This video has its poster already.'] });
  });
});

describe('resumable upload (tus)', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** Sends `file` with tus-js-client in 64 KB chunks; `stopAfter` aborts after that many chunks (the lost signal). */
  function tusUpload(who: Member, file: Buffer, opts: { uploadUrl?: string; stopAfter?: number } = {}) {
    return new Promise<{ url: string; offsets: number[]; body: string | null }>((resolve, reject) => {
      const offsets: number[] = [];
      let chunks = 0;
      const upload: Upload = new Upload(file, {
        endpoint: `${base}${RESUMABLE_PATH}`,
        uploadUrl: opts.uploadUrl,
        chunkSize: 64 * 1024,
        retryDelays: [],
        headers: { authorization: `Bearer ${who.token}` },
        metadata: { filename: 'descent.mp4', filetype: 'video/mp4' },
        onProgress: (sent) => offsets.push(sent),
        onChunkComplete: () => {
          chunks++;
          if (opts.stopAfter !== undefined && chunks >= opts.stopAfter) {
            void upload.abort().then(() => resolve({ url: upload.url!, offsets, body: null }));
          }
        },
        onSuccess: (payload) => resolve({ url: upload.url!, offsets, body: payload.lastResponse.getBody() }),
        onError: reject,
      });
      upload.start();
    });
  }

  it('goes on from the last byte the server has after the connection drops, then answers the upload', async () => {
    const [owner, other] = [await t.signUp(), await t.signUp()];
    expect(phoneClip.length).toBeGreaterThan(3 * 64 * 1024);
    const cut = await tusUpload(owner, phoneClip, { stopAfter: 2 });
    const url = new URL(cut.url, base).toString();
    const head = await fetch(url, { method: 'HEAD', headers: { authorization: `Bearer ${owner.token}`, 'tus-resumable': '1.0.0' } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBe(2 * 64 * 1024);
    // Someone else's upload is not there for them, to read or to write.
    const theirs = await fetch(url, { method: 'HEAD', headers: { authorization: `Bearer ${other.token}`, 'tus-resumable': '1.0.0' } });
    expect(theirs.status).toBe(404);

    const resumed = await tusUpload(owner, phoneClip, { uploadUrl: url });
    // The second try starts where the first stopped, not at zero.
    expect(resumed.offsets[0]).toBeGreaterThanOrEqual(2 * 64 * 1024);
    const answer = parse(uploadVideoData, (JSON.parse(resumed.body!) as { data: unknown }).data).fileUrl[0]!;
    expect(answer.status).toBe('processing');
    await drain();
    expect(await status(owner, answer.key)).toMatchObject({ status: 'ready', width: 360, height: 640 });
  });

  it('refuses an upload declared over 300 MB, and anyone not signed in', async () => {
    const member = await t.signUp();
    const big = await fetch(`${base}${RESUMABLE_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'tus-resumable': '1.0.0', 'upload-length': String(VIDEO_MAX_BYTES + 1) },
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ code: 413, message: VIDEO_TOO_LARGE });
    const anonymous = await fetch(`${base}${RESUMABLE_PATH}`, { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': '100' } });
    expect(anonymous.status).toBe(401);
  });
});
