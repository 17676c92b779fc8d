import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as z from 'zod';
import { videoTypeOfFile } from './video-type';

/**
 * Shorts' video work, done by the system's ffmpeg and ffprobe run as child processes (no shell, arguments as a list):
 * probing an upload, re-encoding it to a web-ready MP4 with every piece of its metadata dropped, and taking a poster.
 *
 * Two kinds of failure, for the job that calls this:
 * - `VideoRefused`: the video itself cannot be taken (not a video, unreadable, no picture, too long). Final: its
 *   `reason` is shown to the member, and trying again would refuse it again.
 * - anything else (`FfmpegFailed`: ffmpeg crashed, was killed or timed out; a file system error): ours, not the
 *   video's. Retryable: the job is run again, and gives up after its last attempt.
 */

export type FfmpegTools = { ffmpeg: string; ffprobe: string };

export type VideoProbe = {
  /** 0 when the container does not say (a WebM recorded by a browser has no duration in its header). */
  durationMs: number;
  /** The size the picture is shown at: turned by `rotation`, and stretched by a non-square pixel shape. */
  width: number;
  height: number;
  /** Degrees clockwise a player turns the stored frames (a phone's portrait clip: stored landscape, 90). */
  rotation: 0 | 90 | 180 | 270;
  hasAudio: boolean;
  /** ffprobe's codec name: 'h264', 'hevc', 'vp8', 'vp9', 'av1', … */
  videoCodec: string;
};

/** A video that cannot be taken, and why, in words for the member. Final: not retried. */
export class VideoRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'VideoRefused';
  }
}

/** ffmpeg or ffprobe did not finish well: an exit code, a signal or our timeout, with the end of what it said. Retryable. */
export class FfmpegFailed extends Error {
  constructor(
    readonly tool: string,
    readonly exitCode: number | null,
    readonly signal: NodeJS.Signals | null,
    readonly timedOut: boolean,
    readonly stderrTail: string,
  ) {
    const how = timedOut ? 'timed out' : signal ? `was killed (${signal})` : `exited with ${exitCode}`;
    super(`${path.basename(tool)} ${how}${stderrTail ? `: ${stderrTail}` : ''}`);
    this.name = 'FfmpegFailed';
  }
}

/** The long side of the video made, and of its poster: a phone shows a short full-screen, at most 1080 px across. */
export const VIDEO_LONG_SIDE = 1080;

/**
 * How much past the duration cap a clip may measure: one trimmed to exactly the cap on a phone often measures a few
 * hundredths more (its audio's last frame, the container's rounding).
 */
const DURATION_SLACK_MS = 500;

/** The default for the re-encode: a 3-minute 4K HEVC phone clip on two cores takes several minutes. */
const DEFAULT_TIMEOUT_MS = 15 * 60_000;
/** A probe or a poster reads a little of the file: a minute means it is stuck. */
const SHORT_TIMEOUT_MS = 60_000;
/** What ffprobe may print: a few KB per stream; more is a crafted file with thousands of streams. */
const MAX_PROBE_OUTPUT = 4 * 1024 * 1024;
/** The end of ffmpeg's error output kept for the logs. */
const STDERR_TAIL = 2000;

const NOT_A_VIDEO = 'That file is not a video we can take. Choose an MP4, MOV or WebM video.';
const UNREADABLE = 'We could not read that video. It may be damaged, or in a format we cannot play.';
const NO_VIDEO = 'That file has no video in it.';

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A duration in words for the member: '3 minutes', '1 minute and 30 seconds', '3 seconds'. */
export function durationWords(ms: number) {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return plural(rest, 'second');
  return rest === 0 ? plural(minutes, 'minute') : `${plural(minutes, 'minute')} and ${plural(rest, 'second')}`;
}

const tooLong = (maxDurationMs: number) => new VideoRefused(`Shorts can be at most ${durationWords(maxDurationMs)} long.`);

let tools: Promise<FfmpegTools | null> | undefined;

/** ffmpeg and ffprobe as found on PATH, looked for once per process; null when either is missing. */
export function ffmpegTools(): Promise<FfmpegTools | null> {
  tools ??= Promise.all([onPath('ffmpeg'), onPath('ffprobe')]).then(([ffmpeg, ffprobe]) => (ffmpeg && ffprobe ? { ffmpeg, ffprobe } : null));
  return tools;
}

async function onPath(name: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      await fs.access(file, fs.constants.X_OK);
      if ((await fs.stat(file)).isFile()) return file;
    } catch {
      // Not in this folder.
    }
  }
  return null;
}

type Run = { timeoutMs: number; stdout?: boolean };

/**
 * Runs a tool to its end: no shell, stdin closed, stderr's tail kept for the error. SIGKILL at the timeout, since a
 * decoder stuck on a crafted file may not answer SIGTERM. Resolves with stdout when asked for, else ''.
 */
function run(tool: string, args: string[], { timeoutMs, stdout = false }: Run): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', stdout ? 'pipe' : 'ignore', 'pipe'] });
    // Below the API's priority: an encode takes whatever CPU is left, and requests keep answering meanwhile (P12).
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, 10);
      } catch {
        // Not allowed here (some containers): it runs at the server's own priority.
      }
    }
    let stderr = '';
    const out: Buffer[] = [];
    let outBytes = 0;
    let timedOut = false;
    let overflowed = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > MAX_PROBE_OUTPUT) {
        overflowed = true;
        child.kill('SIGKILL');
      } else out.push(chunk);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (overflowed) reject(new VideoRefused(UNREADABLE));
      else if (code === 0 && !timedOut) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new FfmpegFailed(tool, code, signal, timedOut, stderr.trim()));
    });
  });
}

// Only what is read below; ffprobe prints much more.
const probeOutput = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        sample_aspect_ratio: z.string().optional(),
        duration: z.string().optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).optional(),
        tags: z.record(z.string(), z.string()).optional(),
        side_data_list: z.array(z.object({ side_data_type: z.string().optional(), rotation: z.number().optional() })).optional(),
      }),
    )
    .default([]),
  format: z.object({ duration: z.string().optional() }).optional(),
});
type ProbedStream = z.infer<typeof probeOutput>['streams'][number];

/** Seconds as ffprobe prints them ('2.021000', or a Matroska tag's '00:00:02.021000000'), in ms; 0 when unknown. */
function toMs(seconds: string | undefined) {
  if (!seconds) return 0;
  const parts = seconds.split(':').map(Number);
  const total = parts.reduce((sum, part) => sum * 60 + part, 0);
  return Number.isFinite(total) && total > 0 ? Math.round(total * 1000) : 0;
}

/**
 * Clockwise degrees, a multiple of 90, from the stream's display matrix. ffprobe gives the matrix's angle
 * counter-clockwise (a phone's portrait clip: -90); older ffprobes gave a `rotate` tag, clockwise.
 */
function rotationOf(stream: ProbedStream): VideoProbe['rotation'] {
  const matrix = stream.side_data_list?.find((side) => side.side_data_type === 'Display Matrix' && side.rotation !== undefined);
  const clockwise = matrix ? -matrix.rotation! : Number(stream.tags?.rotate ?? 0);
  if (!Number.isFinite(clockwise)) return 0;
  const quarter = ((Math.round(clockwise / 90) % 4) + 4) % 4;
  return ([0, 90, 180, 270] as const)[quarter]!;
}

/** The pixel shape ('4:3'); 1 when square, unknown or nonsense. */
function pixelAspect(stream: ProbedStream) {
  const [num, den] = (stream.sample_aspect_ratio ?? '1:1').split(':').map(Number);
  return num && den && Number.isFinite(num / den) && num / den > 0.1 && num / den < 10 ? num / den : 1;
}

/**
 * What a video file holds. Refused (`VideoRefused`) unless its bytes are MP4, MOV or WebM (checked again here, so only
 * those demuxers ever read an upload), ffprobe can read it, and it has a picture (cover art is not one).
 */
export async function probeVideo(tools: FfmpegTools, file: string, { timeoutMs = SHORT_TIMEOUT_MS }: { timeoutMs?: number } = {}): Promise<VideoProbe> {
  if (!(await videoTypeOfFile(file))) throw new VideoRefused(NOT_A_VIDEO);
  let printed: string;
  try {
    printed = await run(tools.ffprobe, ['-v', 'error', ...INPUT_GUARDS, '-print_format', 'json', '-show_streams', '-show_format', path.resolve(file)], {
      timeoutMs,
      stdout: true,
    });
  } catch (err) {
    // ffprobe exits 1 on a file it cannot read; a signal or our timeout is not the file's verdict.
    if (err instanceof FfmpegFailed && err.exitCode !== null && !err.timedOut) throw new VideoRefused(UNREADABLE);
    throw err;
  }
  const parsed = probeOutput.safeParse(JSON.parse(printed));
  if (!parsed.success) throw new VideoRefused(UNREADABLE);
  const { streams, format } = parsed.data;
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video) throw new VideoRefused(NO_VIDEO);
  if (!video.width || !video.height || !video.codec_name) throw new VideoRefused(UNREADABLE);
  const rotation = rotationOf(video);
  const storedWidth = Math.round(video.width * pixelAspect(video));
  const sideways = rotation === 90 || rotation === 270;
  return {
    durationMs: toMs(format?.duration) || toMs(video.duration) || toMs(video.tags?.DURATION),
    width: sideways ? video.height : storedWidth,
    height: sideways ? storedWidth : video.height,
    rotation,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    videoCodec: video.codec_name,
  };
}

/**
 * Before every input: read local files only. A demuxer may open other files or URLs a file names (HLS playlists,
 * `dref` references, concat lists); an upload must never make the server fetch or read anything else.
 */
const INPUT_GUARDS = ['-protocol_whitelist', 'file'];

/** Even dimensions (H.264 in 4:2:0 needs them) with the long side at most VIDEO_LONG_SIDE, aspect kept, never enlarged. */
function outputSize(probe: VideoProbe) {
  const scale = Math.min(1, VIDEO_LONG_SIDE / Math.max(probe.width, probe.height));
  const even = (n: number) => Math.max(2, 2 * Math.floor(Math.round(n * scale) / 2));
  return { width: even(probe.width), height: even(probe.height) };
}

/**
 * Upright (ffmpeg turns the frames by the display matrix before any filter), at the output size, square pixels.
 * The picture's own size is asked for, not computed by ffmpeg, so it is the one `outputSize` says.
 */
function scaleFilter(probe: VideoProbe) {
  const { width, height } = outputSize(probe);
  return `scale=${width}:${height},setsar=1`;
}

/**
 * Drops everything but the picture and the sound: container and stream tags (location, creation time, make and
 * model, Apple's `keys`), chapters, data and subtitle tracks, timed-metadata tracks. `bitexact` keeps ffmpeg from
 * writing its own name and version and a creation time; mvhd/tkhd/mdhd times are then 0.
 */
const NO_METADATA = ['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact'];

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * ffmpeg's arguments to make `outDir/video.mp4` from `input`: H.264 High (x264 veryfast, CRF 23, 4:2:0) with AAC
 * 128 kb/s stereo when there is sound, faststart (`moov` first, so playback starts before the download ends), at most
 * 1080 px on the long side, upright, with no metadata. `maxDurationMs` stops the encode just past the cap, however
 * long the file turns out to be (a WebM's header may say nothing, or lie).
 */
export function transcodeArgs(input: string, outDir: string, probe: VideoProbe, limits: { maxDurationMs?: number } = {}): string[] {
  return [
    '-hide_banner', '-nostdin', '-v', 'error', '-y',
    ...INPUT_GUARDS, '-i', path.resolve(input),
    // The first video stream that is not cover art (`V`), and the first sound track if any.
    '-map', '0:V:0', '-map', '0:a:0?',
    ...NO_METADATA, '-flags:a', '+bitexact',
    '-vf', scaleFilter(probe),
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-profile:v', 'high',
    // x264 writes its version and every setting into the first frame (an SEI message); bitexact does not stop it.
    '-bsf:v', 'filter_units=remove_types=6',
    // Stereo: phones may record 4-channel or spatial sound that browsers cannot play.
    ...(probe.hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : ['-an']),
    ...(limits.maxDurationMs ? ['-t', seconds(limits.maxDurationMs + 2 * DURATION_SLACK_MS)] : []),
    '-movflags', '+faststart',
    '-f', 'mp4', path.join(path.resolve(outDir), 'video.mp4'),
  ];
}

/** ffmpeg's arguments for a PNG of the frame at 1 s (halfway through a shorter clip), sized and upright as the video. */
export function posterArgs(input: string, outFile: string, probe: VideoProbe): string[] {
  return [
    '-hide_banner', '-nostdin', '-v', 'error', '-y',
    ...INPUT_GUARDS, '-ss', seconds(Math.min(1000, probe.durationMs / 2)), '-i', path.resolve(input),
    '-map', '0:V:0', '-frames:v', '1',
    ...NO_METADATA,
    '-vf', scaleFilter(probe),
    '-c:v', 'png', '-f', 'image2', '-update', '1', path.resolve(outFile),
  ];
}

export type ProcessedVideo = { probe: VideoProbe; video: string; poster: string };

/**
 * Makes an upload web-ready in `outDir`: `video.mp4` (transcodeArgs) and `poster.png` (taken from the video made, so
 * it is upright and sized already). Refuses a video past `maxDurationMs`, before the encode when its header says so
 * and after it when it did not. `probe` is the video made's: its size, duration and codec ('h264').
 * `timeoutMs` bounds the encode (15 minutes unless given); the probes and the poster get at most a minute each.
 */
export async function processVideo(
  tools: FfmpegTools,
  input: string,
  outDir: string,
  opts: { maxDurationMs: number; timeoutMs?: number },
): Promise<ProcessedVideo> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const quickTimeoutMs = Math.min(timeoutMs, SHORT_TIMEOUT_MS);
  const source = await probeVideo(tools, input, { timeoutMs: quickTimeoutMs });
  if (source.durationMs > opts.maxDurationMs + DURATION_SLACK_MS) throw tooLong(opts.maxDurationMs);

  await run(tools.ffmpeg, transcodeArgs(input, outDir, source, { maxDurationMs: opts.maxDurationMs }), { timeoutMs });
  const video = path.join(path.resolve(outDir), 'video.mp4');
  // A video of ours that ffprobe refuses is our failure, not the member's: retried, not refused.
  const probe = await probeVideo(tools, video, { timeoutMs: quickTimeoutMs }).catch((err: unknown) => {
    throw err instanceof VideoRefused ? new Error(`ffprobe could not read the video made: ${err.reason}`) : err;
  });
  if (probe.durationMs > opts.maxDurationMs + DURATION_SLACK_MS) throw tooLong(opts.maxDurationMs);

  const poster = path.join(path.resolve(outDir), 'poster.png');
  await run(tools.ffmpeg, posterArgs(video, poster, probe), { timeoutMs: quickTimeoutMs });
  // ffmpeg exits 0 having written nothing when no frame was found at the time asked.
  await fs.access(poster).catch(() => {
    throw new FfmpegFailed(tools.ffmpeg, 0, null, false, 'no poster frame was written');
  });
  return { probe, video, poster };
}
