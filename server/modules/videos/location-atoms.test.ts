import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLocationMetadata, TOO_DEEP } from './location-atoms';
import { makeClip } from './video-fixtures';

const BOULDER = '+40.0150-105.2705/';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-location-atoms-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** The container's tags as ffprobe reads them: proof the fixture carries what the test looks for. */
async function formatTags(file: string): Promise<Record<string, string>> {
  const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', file]);
  return (JSON.parse(stdout) as { format: { tags?: Record<string, string> } }).format.tags ?? {};
}

const box = (type: string, ...payload: Uint8Array[]) => {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};
/** A box with a 64-bit size (size field 1, the real size after the type). */
const largeBox = (type: string, ...payload: Uint8Array[]) => {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1);
  header.write(type, 4, 'latin1');
  header.writeBigUInt64BE(BigInt(16 + body.length), 8);
  return Buffer.concat([header, body]);
};
const versionAndFlags = Buffer.alloc(4);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const mvhd = box('mvhd', Buffer.alloc(100));

/** A file's top-level moov box. */
function moovOf(file: Buffer) {
  for (let at = 0; at + 8 <= file.length; at += file.readUInt32BE(at)) {
    if (file.toString('latin1', at + 4, at + 8) === 'moov') return file.subarray(at, at + file.readUInt32BE(at));
  }
  throw new Error('no moov box');
}

describe('finding a location in a video file', () => {
  it('finds the 3GPP loci box ffmpeg writes in an MP4, and the ©xyz atom it writes in a MOV', async () => {
    const mp4 = await makeClip(dir, { name: 'located', format: 'mp4', seconds: 1, location: BOULDER });
    const mov = await makeClip(dir, { name: 'located', format: 'mov', seconds: 1, location: BOULDER });
    expect(await formatTags(mp4)).toMatchObject({ location: BOULDER });
    expect(await formatTags(mov)).toMatchObject({ location: BOULDER });

    expect(findLocationMetadata(await fs.readFile(mp4))).toBe('loci');
    expect(findLocationMetadata(await fs.readFile(mov))).toBe('\u00a9xyz');
    // The moov box alone, as a server reading only the boxes that can hold a location passes it.
    expect(findLocationMetadata(moovOf(await fs.readFile(mov)))).toBe('\u00a9xyz');
    // The ©xyz atom's bytes really are there, with the point as text.
    const movBytes = await fs.readFile(mov);
    expect(movBytes.indexOf(Buffer.concat([Buffer.from([0xa9, 0x78, 0x79, 0x7a])]))).toBeGreaterThan(0);
    expect(movBytes.includes(BOULDER)).toBe(true);
  });

  it('finds an iPhone’s com.apple.quicktime.location.ISO6709 key', async () => {
    const mov = await makeClip(dir, { name: 'iphone', format: 'mov', seconds: 1, location: BOULDER, locationStyle: 'apple' });
    expect(await formatTags(mov)).toMatchObject({ 'com.apple.quicktime.location.ISO6709': BOULDER });
    const bytes = await fs.readFile(mov);
    expect(bytes.includes('\u00a9xyz', 0, 'latin1')).toBe(false);
    expect(findLocationMetadata(bytes)).toBe('com.apple.quicktime.location.ISO6709');
  });

  it('finds nothing in clean clips, in WebM, in a moov box alone, or in garbage, and never throws', async () => {
    const mp4 = await makeClip(dir, { name: 'clean', format: 'mp4', seconds: 1, creationTime: '2024-05-01T10:00:00Z' });
    const mov = await makeClip(dir, { name: 'clean', format: 'mov', seconds: 1 });
    const webm = await makeClip(dir, { name: 'clean', format: 'webm', seconds: 1 });
    expect(findLocationMetadata(await fs.readFile(mp4))).toBeNull();
    expect(findLocationMetadata(moovOf(await fs.readFile(mp4)))).toBeNull();
    expect(findLocationMetadata(await fs.readFile(mov))).toBeNull();
    expect(findLocationMetadata(await fs.readFile(webm))).toBeNull();
    expect(findLocationMetadata(new Uint8Array())).toBeNull();
    for (let i = 0; i < 200; i++) expect(findLocationMetadata(randomBytes(1 + (i * 37) % 3000))).toBeNull();
    // Every cut of a located file: found or not, never a throw.
    const located = await fs.readFile(await makeClip(dir, { name: 'cut', format: 'mov', seconds: 1, location: BOULDER }));
    for (let end = 0; end < located.length; end += 997) findLocationMetadata(located.subarray(0, end));
  });

  it('walks 64-bit sizes, track and ISO meta boxes, a box cut short, and a view into a larger buffer', () => {
    const xyz = box('\u00a9xyz', Buffer.from([0, 18, 0x15, 0xc7]), Buffer.from(BOULDER));
    expect(findLocationMetadata(largeBox('moov', mvhd, largeBox('udta', xyz)))).toBe('\u00a9xyz');
    // Inside a track's ISO meta (version and flags before its boxes), in the ilst.
    const isoMeta = box('meta', versionAndFlags, box('hdlr', Buffer.alloc(25)), box('ilst', xyz));
    expect(findLocationMetadata(box('moov', mvhd, box('trak', box('udta', isoMeta))))).toBe('\u00a9xyz');
    // A moov whose size says more than there is: read as far as it goes.
    const cut = box('moov', mvhd, box('udta', box('loci', Buffer.alloc(20))));
    cut.writeUInt32BE(1_000_000, 0);
    expect(findLocationMetadata(cut)).toBe('loci');
    const offset = Buffer.concat([Buffer.alloc(13), box('udta', xyz)]).subarray(13);
    expect(findLocationMetadata(offset)).toBe('\u00a9xyz');
  });

  it('finds a GPS track, a location key in a timed-metadata track, and XMP GPS', () => {
    const stsd = (...entries: Buffer[]) => box('stsd', versionAndFlags, u32(entries.length), ...entries);
    const track = (...entries: Buffer[]) => box('moov', box('trak', box('mdia', box('minf', box('stbl', stsd(...entries))))));
    const sampleEntryStart = Buffer.alloc(8);
    expect(findLocationMetadata(track(box('gpmd', sampleEntryStart)))).toBe('gpmd');
    const keyd = box('keyd', Buffer.from('mdta'), Buffer.from('com.apple.quicktime.location.ISO6709'));
    expect(findLocationMetadata(track(box('mebx', sampleEntryStart, box('keys', box('\0\0\0\u0001', keyd)))))).toBe(
      'com.apple.quicktime.location.ISO6709',
    );
    const orientation = box('keyd', Buffer.from('mdta'), Buffer.from('com.apple.quicktime.video-orientation'));
    expect(findLocationMetadata(track(box('mebx', sampleEntryStart, box('keys', box('\0\0\0\u0001', orientation)))))).toBeNull();

    const xmpUuid = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');
    const xmp = (body: string) => box('uuid', xmpUuid, Buffer.from(`<x:xmpmeta><rdf:Description ${body}/></x:xmpmeta>`));
    expect(findLocationMetadata(xmp('exif:GPSLatitude="40,0.9N" exif:GPSLongitude="105,16.23W"'))).toBe('XMP GPS');
    expect(findLocationMetadata(xmp('dc:creator="Alex"'))).toBeNull();
    expect(findLocationMetadata(box('moov', box('udta', box('XMP_', Buffer.from('exif:GPSLatitude="40,0.9N"')))))).toBe('XMP GPS');
  });

  it('stops past a nesting no real file has, taking such a file as one that may hide a location', () => {
    let nested = box('free', Buffer.alloc(20));
    for (let i = 0; i < 20; i++) nested = box('udta', nested);
    expect(findLocationMetadata(nested)).toBe(TOO_DEEP);
    let shallow = box('loci', Buffer.alloc(20));
    for (let i = 0; i < 8; i++) shallow = box('udta', shallow);
    expect(findLocationMetadata(shallow)).toBe('loci');
  });
});
