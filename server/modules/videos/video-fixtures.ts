import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Small clips for tests and the demo world, made on the spot by the system's ffmpeg from its generated sources (a
 * moving test pattern or gradient, and a tone): no binary files in the repository. Each takes well under a second at
 * the default size.
 */

const exec = promisify(execFile);

export type ClipOptions = {
  /** The file's name without its extension, which is the format's. */
  name: string;
  format: 'mp4' | 'mov' | 'webm';
  seconds?: number;
  /** Frames a second: 30 unless given; 1 makes a long clip quickly. */
  fps?: number;
  /** The stored frame's size; with `rotate` 90 or 270 a player shows it the other way round. */
  width?: number;
  height?: number;
  audio?: boolean;
  /**
   * An ISO 6709 point ('+40.0150-105.2705/'), written as ffmpeg writes a `location` tag: a QuickTime `©xyz` atom in a
   * MOV, a 3GPP `loci` box in an MP4. Not for WebM, which browsers write without one.
   */
  location?: string;
  /** 'apple' writes the location as an iPhone does instead: the `com.apple.quicktime.location.ISO6709` metadata key. */
  locationStyle?: 'ffmpeg' | 'apple';
  /** ISO 8601 ('2024-05-01T10:00:00Z'): the file's and its tracks' creation time. */
  creationTime?: string;
  /** Degrees clockwise a player turns the frames, as in a phone's portrait clip (90). Not for WebM. */
  rotate?: 90 | 180 | 270;
  /** Two colours ('#c2410c') of a slowly moving gradient instead of the test pattern (the demo world's shorts). */
  colors?: [string, string];
};

/** Makes `dir/name.format` and returns its path. */
export async function makeClip(dir: string, options: ClipOptions): Promise<string> {
  const { name, format, seconds = 2, fps = 30, width = 360, height = 640, audio = true, location, locationStyle = 'ffmpeg', creationTime, rotate, colors } = options;
  if (format === 'webm' && (location || rotate)) throw new Error('WebM clips carry neither a location nor a rotation here.');
  const file = path.join(dir, `${name}.${format}`);
  const encoded = rotate ? path.join(dir, `${name}.unrotated.${format}`) : file;

  const metadata = [
    ...(creationTime ? ['-metadata', `creation_time=${creationTime}`] : []),
    ...(location && locationStyle === 'ffmpeg' ? ['-metadata', `location=${location}`] : []),
    ...(location && locationStyle === 'apple'
      ? ['-movflags', 'use_metadata_tags', '-metadata', `com.apple.quicktime.location.ISO6709=${location}`]
      : []),
  ];
  const webm = format === 'webm';
  const hex = (colour: string) => `0x${colour.replace('#', '')}`;
  const picture = colors
    ? `gradients=size=${width}x${height}:rate=${fps}:duration=${seconds}:c0=${hex(colors[0])}:c1=${hex(colors[1])}:speed=0.02`
    : `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`;
  await ffmpeg([
    '-f', 'lavfi', '-i', picture,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`] : []),
    ...(webm ? ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1M'] : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']),
    ...(audio ? ['-c:a', webm ? 'libopus' : 'aac'] : []),
    ...(rotate ? [] : metadata),
    encoded,
  ]);
  if (rotate) {
    // ffmpeg 5.1 writes a `rotate` tag into the display matrix only when it copies the stream (an encode ignores it),
    // and reads the tag as counter-clockwise degrees: 270 there makes a matrix a player turns 90 degrees clockwise.
    await ffmpeg(['-i', encoded, '-map', '0', '-c', 'copy', '-metadata:s:v:0', `rotate=${(360 - rotate) % 360}`, ...metadata, file]);
    await fs.rm(encoded);
  }
  return file;
}

async function ffmpeg(args: string[]) {
  await exec('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args]);
}
