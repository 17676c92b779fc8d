import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  durationWords,
  FfmpegFailed,
  ffmpegTools,
  posterArgs,
  processVideo,
  transcodeArgs,
  VideoRefused,
  type FfmpegTools,
  type VideoProbe,
} from './ffmpeg';
import { findLocationMetadata } from './location-atoms';
import { makeClip } from './video-fixtures';

const exec = promisify(execFile);
const BOULDER = '+40.0150-105.2705/';
const TAKEN = '2024-05-01T10:00:00Z';

let dir: string;
let tools: FfmpegTools;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-ffmpeg-'));
  const found = await ffmpegTools();
  if (!found) throw new Error('These tests need ffmpeg and ffprobe on PATH.');
  tools = found;
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** A fresh output folder. */
const outDir = (name: string) => fs.mkdtemp(path.join(dir, `${name}-`));

type Probed = {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; tags?: Record<string, string>; side_data_list?: unknown[] }[];
  format: { tags?: Record<string, string> };
};
async function ffprobe(file: string): Promise<Probed> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file]);
  return JSON.parse(stdout) as Probed;
}

type Box = { type: string; start: number; payload: number; end: number };
/** The boxes between `start` and `end` of an ISO media file, read by hand so the test does not trust the code it checks. */
function boxes(file: Buffer, start = 0, end = file.length): Box[] {
  const found: Box[] = [];
  for (let at = start; at + 8 <= end; ) {
    const size = file.readUInt32BE(at);
    const large = size === 1;
    const boxEnd = at + (large ? Number(file.readBigUInt64BE(at + 8)) : size);
    found.push({ type: file.toString('latin1', at + 4, at + 8), start: at, payload: at + (large ? 16 : 8), end: boxEnd });
    at = boxEnd;
  }
  return found;
}
const child = (file: Buffer, parent: Box, type: string) => boxes(file, parent.payload, parent.end).filter((b) => b.type === type);

/** Every tag key ffprobe reads from the file and its streams. */
const allTagKeys = (probed: Probed) => [...Object.keys(probed.format.tags ?? {}), ...probed.streams.flatMap((s) => Object.keys(s.tags ?? {}))];

describe('ffmpeg on PATH', () => {
  it('finds ffmpeg and ffprobe once', async () => {
    const first = ffmpegTools();
    expect(ffmpegTools()).toBe(first);
    const found = await first;
    expect(path.isAbsolute(found!.ffmpeg) && path.basename(found!.ffmpeg)).toBe('ffmpeg');
    expect(path.isAbsolute(found!.ffprobe) && path.basename(found!.ffprobe)).toBe('ffprobe');
  });
});

describe('processing a short', () => {
  it('makes a metadata-free, faststart H.264/AAC MP4 at most 1080 px long, and its poster', async () => {
    const input = await makeClip(dir, { name: 'portrait', format: 'mp4', width: 720, height: 1280, location: BOULDER, creationTime: TAKEN });
    // The fixture carries what must go.
    const before = await ffprobe(input);
    expect(before.format.tags).toMatchObject({ location: BOULDER, creation_time: expect.stringMatching(/^2024-05-01T10:00:00/) });
    expect(findLocationMetadata(await fs.readFile(input))).toBe('loci');

    const out = await outDir('portrait');
    const made = await processVideo(tools, input, out, { maxDurationMs: 3000 });
    expect(made.video).toBe(path.join(out, 'video.mp4'));
    expect(made.probe).toMatchObject({ width: 608, height: 1080, rotation: 0, hasAudio: true, videoCodec: 'h264' });
    expect(made.probe.durationMs).toBeGreaterThanOrEqual(1950);
    expect(made.probe.durationMs).toBeLessThanOrEqual(2100);

    const after = await ffprobe(made.video);
    expect(after.streams.map((s) => `${s.codec_type}:${s.codec_name}`)).toEqual(['video:h264', 'audio:aac']);
    expect(after.streams[0]).toMatchObject({ width: 608, height: 1080 });
    expect(after.streams[0]!.side_data_list).toBeUndefined();
    // Only the file type's own fields are left; no location, no creation time, no version of ffmpeg.
    expect(Object.keys(after.format.tags ?? {}).sort()).toEqual(['compatible_brands', 'major_brand', 'minor_version']);
    const keys = allTagKeys(after);
    for (const gone of ['location', 'location-eng', 'com.apple.quicktime.location.ISO6709', 'creation_time']) expect(keys).not.toContain(gone);
    // The sample description's compressor name ('Lavc libx264') is the one encoder mention left, without a version.
    expect(after.streams[0]!.tags?.encoder ?? '').not.toMatch(/\d+\.\d+/);

    const bytes = await fs.readFile(made.video);
    expect(findLocationMetadata(bytes)).toBeNull();
    for (const text of [BOULDER, 'loci', '\u00a9xyz', 'com.apple.quicktime', 'Lavf', 'x264 - core']) expect(bytes.includes(text, 0, 'latin1'), text).toBe(false);
    // Faststart: the movie header before the media data.
    const top = boxes(bytes).map((b) => b.type);
    expect(top.indexOf('moov')).toBeGreaterThan(-1);
    expect(top.indexOf('moov')).toBeLessThan(top.indexOf('mdat'));
    // No creation or modification time in the movie, track and media headers (version 0: both right after the flags).
    const moov = boxes(bytes).find((b) => b.type === 'moov')!;
    const headers = [child(bytes, moov, 'mvhd')[0]!];
    for (const trak of child(bytes, moov, 'trak')) {
      headers.push(child(bytes, trak, 'tkhd')[0]!);
      headers.push(child(bytes, child(bytes, trak, 'mdia')[0]!, 'mdhd')[0]!);
    }
    expect(headers).toHaveLength(5);
    for (const header of headers) expect([bytes[header.payload], bytes.readUInt32BE(header.payload + 4), bytes.readUInt32BE(header.payload + 8)]).toEqual([0, 0, 0]);
    // ffmpeg 5.1's MP4 muxer always writes a user-data box holding an empty iTunes list (meta: hdlr, ilst): nothing in it.
    const udta = child(bytes, moov, 'udta');
    expect(udta.length).toBeLessThanOrEqual(1);
    if (udta[0]) {
      expect(boxes(bytes, udta[0].payload, udta[0].end).map((b) => b.type)).toEqual(['meta']);
      const meta = child(bytes, udta[0], 'meta')[0]!;
      const inMeta = boxes(bytes, meta.payload + 4, meta.end);
      expect(inMeta.map((b) => b.type)).toEqual(['hdlr', 'ilst']);
      expect(inMeta[1]!.end - inMeta[1]!.payload).toBe(0);
    }

    // From memory: image-pipeline.ts lets sharp load images from buffers only, in any process that imports it.
    const poster = await sharp(await fs.readFile(made.poster)).metadata();
    expect(poster).toMatchObject({ format: 'png', width: 608, height: 1080 });
    expect(poster.exif ?? poster.xmp ?? poster.comments).toBeUndefined();
  });

  it('turns a phone’s portrait clip (stored landscape with a rotation) upright, and drops its iPhone location key', async () => {
    const input = await makeClip(dir, { name: 'iphone', format: 'mov', width: 640, height: 360, rotate: 90, location: BOULDER, locationStyle: 'apple', creationTime: TAKEN });
    const before = await ffprobe(input);
    expect(before.streams[0]).toMatchObject({ width: 640, height: 360, side_data_list: [expect.objectContaining({ rotation: -90 })] });
    expect(before.format.tags).toMatchObject({ 'com.apple.quicktime.location.ISO6709': BOULDER });

    const out = await outDir('iphone');
    const made = await processVideo(tools, input, out, { maxDurationMs: 3000 });
    expect(made.probe).toMatchObject({ width: 360, height: 640, rotation: 0, hasAudio: true });
    const after = await ffprobe(made.video);
    expect(after.streams[0]).toMatchObject({ width: 360, height: 640 });
    expect(after.streams[0]!.side_data_list).toBeUndefined();
    expect(allTagKeys(after).filter((key) => /location|creation/i.test(key))).toEqual([]);
    expect((await fs.readFile(made.video)).includes(BOULDER)).toBe(false);

    // Turned clockwise, as a player shows it: the pattern's left (red) column is now its top row, its right (cyan) the bottom.
    const { data, info } = await sharp(await fs.readFile(made.poster)).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([360, 640]);
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [topR, topG, topB] = pixel(60, 40);
    const [bottomR, bottomG, bottomB] = pixel(200, 610);
    expect(topR).toBeGreaterThan(200);
    expect(Math.max(topG!, topB!)).toBeLessThan(60);
    expect(bottomR).toBeLessThan(60);
    expect(Math.min(bottomG!, bottomB!)).toBeGreaterThan(200);
  });

  it('takes a silent WebM, and never enlarges a small one', async () => {
    const input = await makeClip(dir, { name: 'silent', format: 'webm', width: 240, height: 426, audio: false, seconds: 1 });
    const made = await processVideo(tools, input, await outDir('silent'), { maxDurationMs: 3000 });
    // 426 made even.
    expect(made.probe).toMatchObject({ width: 240, height: 426, hasAudio: false, videoCodec: 'h264' });
    expect((await ffprobe(made.video)).streams.map((s) => s.codec_type)).toEqual(['video']);
  });
});

describe('refusing a video', () => {
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'taken',
      (err: unknown) => (err instanceof VideoRefused ? err.reason : err),
    );

  it('refuses one longer than the cap, in minutes and seconds', async () => {
    const input = await makeClip(dir, { name: 'long', format: 'mp4', seconds: 4, width: 160, height: 284 });
    const out = await outDir('long');
    expect(await refusal(processVideo(tools, input, out, { maxDurationMs: 3000 }))).toBe('Shorts can be at most 3 seconds long.');
    // Refused from its header, before any encoding.
    expect(await fs.readdir(out)).toEqual([]);
    expect(durationWords(180_000)).toBe('3 minutes');
    expect(durationWords(60_000)).toBe('1 minute');
    expect(durationWords(90_000)).toBe('1 minute and 30 seconds');
    expect(durationWords(1000)).toBe('1 second');
  });

  it('refuses a too-long WebM whose header gives no duration, once its encode stops just past the cap', async () => {
    // Written to a pipe, as a browser's recorder streams it: no duration anywhere in the header.
    const { stdout } = await exec(
      'ffmpeg',
      ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x284:rate=30:duration=4', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-f', 'webm', 'pipe:1'],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
    );
    const input = path.join(dir, 'streamed.webm');
    await fs.writeFile(input, stdout);
    expect(JSON.stringify((await ffprobe(input)).format)).not.toMatch(/duration/i);
    expect(await refusal(processVideo(tools, input, await outDir('streamed'), { maxDurationMs: 1000 }))).toBe('Shorts can be at most 1 second long.');
  });

  it('refuses a text file, whatever its name, a damaged video, and a file with sound only', async () => {
    const text = path.join(dir, 'notes.mp4');
    await fs.writeFile(text, 'Ride notes: 40 km, 800 m of climbing.\n');
    expect(await refusal(processVideo(tools, text, await outDir('text'), { maxDurationMs: 3000 }))).toBe(
      'That file is not a video we can take. Choose an MP4, MOV or WebM video.',
    );

    const good = await fs.readFile(await makeClip(dir, { name: 'to-damage', format: 'mp4', seconds: 1, width: 160, height: 284 }));
    const damaged = path.join(dir, 'damaged.mp4');
    // The file type box kept, everything after it scrambled.
    await fs.writeFile(damaged, Buffer.concat([good.subarray(0, 32), Buffer.alloc(good.length - 32, 0x5a)]));
    expect(await refusal(processVideo(tools, damaged, await outDir('damaged'), { maxDurationMs: 3000 }))).toBe(
      'We could not read that video. It may be damaged, or in a format we cannot play.',
    );

    const sound = path.join(dir, 'sound.mp4');
    await exec('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'aac', sound]);
    expect(await refusal(processVideo(tools, sound, await outDir('sound'), { maxDurationMs: 3000 }))).toBe('That file has no video in it.');
  });

  it('reports a run that times out as a failure to retry, not a refusal', async () => {
    const input = await makeClip(dir, { name: 'slow', format: 'mp4', seconds: 1, width: 160, height: 284 });
    const failure = await refusal(processVideo(tools, input, await outDir('slow'), { maxDurationMs: 3000, timeoutMs: 1 }));
    expect(failure).toBeInstanceOf(FfmpegFailed);
    expect(failure).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
  });
});

describe('ffmpeg’s arguments', () => {
  const probe: VideoProbe = { durationMs: 1500, width: 1080, height: 1920, rotation: 90, hasAudio: true, videoCodec: 'hevc' };

  it('re-encodes with every piece of metadata dropped', () => {
    expect(transcodeArgs('/in/clip.mov', '/out', probe, { maxDurationMs: 180_000 })).toEqual([
      '-hide_banner', '-nostdin', '-v', 'error', '-y',
      '-protocol_whitelist', 'file', '-i', '/in/clip.mov',
      '-map', '0:V:0', '-map', '0:a:0?',
      '-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact',
      '-vf', 'scale=608:1080,setsar=1',
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-profile:v', 'high',
      '-bsf:v', 'filter_units=remove_types=6',
      '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
      '-t', '181.000',
      '-movflags', '+faststart',
      '-f', 'mp4', '/out/video.mp4',
    ]);
    const silent = transcodeArgs('/in/clip.webm', '/out', { ...probe, hasAudio: false, width: 640, height: 361 });
    expect(silent).toContain('-an');
    expect(silent).not.toContain('-c:a');
    expect(silent).not.toContain('-t');
    expect(silent).toContain('scale=640:360,setsar=1');
  });

  it('takes the poster at 1 s, or halfway through a shorter clip', () => {
    expect(posterArgs('/out/video.mp4', '/out/poster.png', probe)).toEqual([
      '-hide_banner', '-nostdin', '-v', 'error', '-y',
      '-protocol_whitelist', 'file', '-ss', '0.750', '-i', '/out/video.mp4',
      '-map', '0:V:0', '-frames:v', '1',
      '-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact',
      '-vf', 'scale=608:1080,setsar=1',
      '-c:v', 'png', '-f', 'image2', '-update', '1', '/out/poster.png',
    ]);
    expect(posterArgs('/v.mp4', '/p.png', { ...probe, durationMs: 60_000 })).toContain('1.000');
  });
});
