import fs from 'node:fs/promises';

/**
 * The video type a file really is, from its first bytes; never from its name or the `Content-Type` it was sent with.
 * MP4 and MOV are ISO base media files (an `ftyp` box first, its major brand saying which); WebM is an EBML document
 * whose header names the `webm` doc type. Anything else, Matroska (`.mkv`) included, is not taken.
 */

export type VideoType =
  | { ext: 'mp4'; mime: 'video/mp4' }
  | { ext: 'mov'; mime: 'video/quicktime' }
  | { ext: 'webm'; mime: 'video/webm' };

/** How many of a file's first bytes `videoTypeOf` needs: an `ftyp` box or an EBML header is far smaller. */
export const VIDEO_HEAD_BYTES = 4096;

const MP4: VideoType = { ext: 'mp4', mime: 'video/mp4' };
const MOV: VideoType = { ext: 'mov', mime: 'video/quicktime' };
const WEBM: VideoType = { ext: 'webm', mime: 'video/webm' };

/**
 * The brands of video files that phones, cameras, editors and browsers write, as the major brand or as a compatible
 * one (a Sony `XAVC` or a DJI file lists `mp42`/`iso2` among its compatible brands). HEIF/AVIF photos and M4A audio
 * are ISO base media files too; their brands are not here, and they are refused below even when they list one.
 */
const VIDEO_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9', 'mp41', 'mp42', 'mp71', 'avc1', 'dash',
  '3gp4', '3gp5', '3gp6', '3gp7', '3gp8', '3gp9', '3g2a', '3g2b', '3g2c', 'M4V ', 'M4VH', 'M4VP', 'XAVC', 'MSNV',
]);
const NOT_VIDEO_BRANDS = new Set([
  'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis', 'avci', 'M4A ', 'M4B ', 'M4P ', 'crx ',
]);

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const EBML_DOC_TYPE = 0x4282;

const fourCc = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

export function videoTypeOf(head: Uint8Array): VideoType | null {
  if (head.length >= 16 && fourCc(head, 4) === 'ftyp') return isoMediaType(head);
  if (head.length >= 4 && EBML_MAGIC.every((byte, i) => head[i] === byte)) return ebmlDocType(head) === 'webm' ? WEBM : null;
  return null;
}

function isoMediaType(head: Uint8Array): VideoType | null {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const size = view.getUint32(0);
  // size, type, major brand, minor version; then compatible brands to the box's end.
  if (size < 16) return null;
  const major = fourCc(head, 8);
  if (major === 'qt  ') return MOV;
  if (NOT_VIDEO_BRANDS.has(major)) return null;
  if (VIDEO_BRANDS.has(major)) return MP4;
  for (let at = 16; at + 4 <= Math.min(size, head.length); at += 4) {
    if (VIDEO_BRANDS.has(fourCc(head, at))) return MP4;
  }
  return null;
}

/** An EBML variable-length integer at `at`: its length in bytes and its value (with the length marker kept for IDs). */
function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): { length: number; value: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i]!;
  return { length, value };
}

/** The DocType of the EBML header at the start of `head`, or null when it is not within `head`. */
function ebmlDocType(head: Uint8Array): string | null {
  const headerSize = readVint(head, 4, false);
  if (!headerSize) return null;
  const start = 4 + headerSize.length;
  // An "unknown" size (all ones) or one past what was read: the head's end bounds the search.
  const end = Math.min(head.length, start + headerSize.value);
  for (let at = start; at < end; ) {
    const id = readVint(head, at, true);
    if (!id) return null;
    const size = readVint(head, at + id.length, false);
    if (!size) return null;
    const data = at + id.length + size.length;
    if (id.value === EBML_DOC_TYPE) {
      if (data + size.value > head.length) return null;
      // A string element may be padded with NULs.
      return String.fromCharCode(...head.subarray(data, data + size.value)).replace(/\0+$/, '');
    }
    at = data + size.value;
  }
  return null;
}

/** `videoTypeOf` for a file on disk, reading only its first `VIDEO_HEAD_BYTES`. */
export async function videoTypeOfFile(file: string): Promise<VideoType | null> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(VIDEO_HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, VIDEO_HEAD_BYTES, 0);
    return videoTypeOf(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
