import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from './video-fixtures';
import { VIDEO_HEAD_BYTES, videoTypeOf } from './video-type';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-video-type-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const head = async (file: string) => (await fs.readFile(file)).subarray(0, VIDEO_HEAD_BYTES);

/** An `ftyp` box with these brands, followed by an empty `mdat`. */
const ftyp = (major: string, ...compatible: string[]) => {
  const brands = Buffer.from([major, '\0\0\0\0', ...compatible].join(''), 'latin1');
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + brands.length);
  return Buffer.concat([size, Buffer.from('ftyp'), brands, Buffer.from([0, 0, 0, 8]), Buffer.from('mdat')]);
};

/** An EBML header naming `docType`, as Matroska and WebM files begin. */
const ebml = (docType: string) => {
  const docTypeElement = Buffer.concat([Buffer.from([0x42, 0x82, 0x80 | docType.length]), Buffer.from(docType, 'latin1')]);
  const version = Buffer.from([0x42, 0x86, 0x81, 0x01]);
  const body = Buffer.concat([version, docTypeElement]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body]);
};

describe('a video’s type from its first bytes', () => {
  it('knows the MP4, MOV and WebM clips ffmpeg makes, whatever they are called', async () => {
    const mp4 = await makeClip(dir, { name: 'clip', format: 'mp4', seconds: 1 });
    const mov = await makeClip(dir, { name: 'clip', format: 'mov', seconds: 1 });
    const webm = await makeClip(dir, { name: 'clip', format: 'webm', seconds: 1 });
    expect(videoTypeOf(await head(mp4))).toEqual({ ext: 'mp4', mime: 'video/mp4' });
    expect(videoTypeOf(await head(mov))).toEqual({ ext: 'mov', mime: 'video/quicktime' });
    expect(videoTypeOf(await head(webm))).toEqual({ ext: 'webm', mime: 'video/webm' });
    // A WebM renamed `.mp4` is still a WebM.
    const renamed = path.join(dir, 'renamed.mp4');
    await fs.copyFile(webm, renamed);
    expect(videoTypeOf(await head(renamed))?.ext).toBe('webm');
  });

  it('refuses an HTML page named x.mp4, and empty or cut-short heads', async () => {
    const page = path.join(dir, 'x.mp4');
    await fs.writeFile(page, '<!doctype html><html><body>not a video</body></html>');
    expect(videoTypeOf(await head(page))).toBeNull();
    expect(videoTypeOf(new Uint8Array())).toBeNull();
    expect(videoTypeOf(ftyp('isom').subarray(0, 12))).toBeNull();
    expect(videoTypeOf(Buffer.from([0x1a, 0x45, 0xdf]))).toBeNull();
    // The DocType cut off: not taken on trust.
    expect(videoTypeOf(ebml('webm').subarray(0, 12))).toBeNull();
  });

  it('reads the brand: QuickTime is MOV, phone and camera brands are MP4, photos and audio are not videos', () => {
    expect(videoTypeOf(ftyp('qt  ', 'qt  '))?.ext).toBe('mov');
    for (const brand of ['isom', 'mp41', 'mp42', 'avc1', 'iso2', '3gp4', 'M4V ']) expect(videoTypeOf(ftyp(brand))?.ext, brand).toBe('mp4');
    // Sony's XAVC major brand, and an unknown one that lists a video brand as compatible.
    expect(videoTypeOf(ftyp('XAVC', 'XAVC', 'mp42', 'iso2'))?.ext).toBe('mp4');
    expect(videoTypeOf(ftyp('abcd', 'abcd', 'mp42'))?.ext).toBe('mp4');
    expect(videoTypeOf(ftyp('abcd', 'abcd'))).toBeNull();
    expect(videoTypeOf(ftyp('heic', 'mif1', 'heic'))).toBeNull();
    expect(videoTypeOf(ftyp('avif', 'avif', 'mif1', 'miaf', 'iso8'))).toBeNull();
    expect(videoTypeOf(ftyp('M4A ', 'M4A ', 'mp42', 'isom'))).toBeNull();
  });

  it('takes the WebM doc type only, not Matroska', () => {
    expect(videoTypeOf(ebml('webm'))?.ext).toBe('webm');
    expect(videoTypeOf(ebml('matroska'))).toBeNull();
    expect(videoTypeOf(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80]))).toBeNull();
  });
});
