/**
 * Where a video says it was filmed, found by walking its ISO base media (MP4/MOV) boxes. For a server without ffmpeg,
 * which keeps an original as it came and so must refuse one that carries a location rather than serve it; with
 * ffmpeg, every piece of metadata is dropped anyway (ffmpeg.ts).
 *
 * Looked for, wherever they are under `moov`, `trak`, `udta`, `meta` and `ilst`:
 * - a QuickTime `©xyz` atom (ISO 6709 text; QuickTime and Android cameras write it in `udta`),
 * - a 3GPP `loci` box (ffmpeg's MP4 muxer writes a `location` tag as one),
 * - a `keys` entry naming a location, as `com.apple.quicktime.location.ISO6709` (iPhone) or ffmpeg's `location`,
 *   and the same key in a timed-metadata (`mebx`) track's sample description,
 * - a GPS track's sample description: GoPro's `gpmd`, the Camera Motion Metadata `camm` (taken as a location even
 *   when the camera had no fix: it may hold one in every sample),
 * - XMP (`uuid` box or QuickTime `XMP_`) with exif:GPS coordinates.
 * WebM is not walked: browsers (MediaRecorder) and the encoders that write WebM put no GPS in it.
 */

/**
 * Deeper than any real file nests (`moov/trak/mdia/minf/stbl/stsd/mebx/keys/…/keyd` is 10). A crafted file that nests
 * further is not walked to its end, and is taken as one that may hide a location.
 */
const MAX_DEPTH = 16;
export const TOO_DEEP = 'boxes nested too deep to check';

/** Boxes whose payload is only other boxes. */
const CONTAINERS = new Set(['moov', 'trak', 'udta', 'ilst', 'mdia', 'minf', 'stbl', 'moof', 'traf']);

/** Timed-metadata sample entries that carry GPS samples. */
const GPS_TRACKS = new Set(['gpmd', 'camm']);

const XMP_UUID = 'be7acfcb97a942e89c71999491e3afac';

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

/** Where a box's payload may hold something, by its parent: the few boxes read differently there. */
type Within = 'box' | 'meta' | 'stsd' | 'mebx' | 'mebx-keys';

type Bytes = { data: Uint8Array; view: DataView };

const latin1 = (data: Uint8Array, from: number, to: number) => Buffer.from(data.buffer, data.byteOffset + from, Math.max(0, to - from)).toString('latin1');

const namesLocation = (key: string) => /location/i.test(key);

/**
 * A short description of the location metadata `file` carries (`'©xyz'`, `'loci'`, the key's name, `'gpmd'`, …), or
 * null when it carries none. `file` may be a whole file or one or more of its top-level boxes (a `moov`); a truncated
 * box is read as far as it goes. Never throws, whatever the bytes.
 */
export function findLocationMetadata(file: Uint8Array): string | null {
  if (file.length >= 4 && EBML_MAGIC.every((byte, i) => file[i] === byte)) return null;
  const bytes = { data: file, view: new DataView(file.buffer, file.byteOffset, file.byteLength) };
  return walk(bytes, 0, file.length, 0, 'box');
}

function walk(bytes: Bytes, start: number, end: number, depth: number, within: Within): string | null {
  if (depth > MAX_DEPTH) return TOO_DEEP;
  for (let at = start; at + 8 <= end; ) {
    let size = bytes.view.getUint32(at);
    const type = latin1(bytes.data, at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return null;
      const large = bytes.view.getBigUint64(at + 8);
      size = large > BigInt(end - at) ? end - at : Number(large);
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header) return null;
    const boxEnd = Math.min(end, at + size);
    const found = inspect(bytes, type, at + header, boxEnd, depth, within);
    if (found) return found;
    at += size;
  }
  return null;
}

/** What one box (its payload from `from` to `to`) tells: a location's description, or null. */
function inspect(bytes: Bytes, type: string, from: number, to: number, depth: number, within: Within): string | null {
  if (type === '\u00a9xyz' || type === 'loci') return type;
  if (type === 'XMP_') return xmpGps(bytes, from, to);
  if (type === 'uuid') return to - from >= 16 && hex(bytes.data, from, from + 16) === XMP_UUID ? xmpGps(bytes, from + 16, to) : null;
  if (type === 'keyd') return to - from > 4 && namesLocation(latin1(bytes.data, from + 4, to)) ? latin1(bytes.data, from + 4, to) : null;
  if (within === 'stsd') {
    if (GPS_TRACKS.has(type)) return type;
    // A sample entry: 6 reserved bytes and a data reference index before its boxes.
    return type === 'mebx' ? walk(bytes, from + 8, to, depth + 1, 'mebx') : null;
  }
  if (within === 'mebx' && type === 'keys') return walk(bytes, from, to, depth + 1, 'mebx-keys');
  // `mebx/keys/<local key id>/keyd`: each local key id is a box of its own.
  if (within === 'mebx-keys') return walk(bytes, from, to, depth + 1, 'box');
  if (within === 'meta' && type === 'keys') return metadataKeys(bytes, from, to);
  // Version and flags, then the sample entries.
  if (type === 'stsd') return walk(bytes, from + 8, to, depth + 1, 'stsd');
  if (type === 'meta') return walk(bytes, metaChildren(bytes, from, to), to, depth + 1, 'meta');
  if (CONTAINERS.has(type)) return walk(bytes, from, to, depth + 1, 'box');
  return null;
}

/**
 * Where a `meta` box's children start: ISO `meta` is a full box (version and flags first), QuickTime's `meta` is not.
 * Told apart as ffmpeg and exiftool do: QuickTime's begins with its `hdlr` box.
 */
function metaChildren(bytes: Bytes, from: number, to: number) {
  return from + 8 <= to && latin1(bytes.data, from + 4, from + 8) === 'hdlr' ? from : from + 4;
}

/** QuickTime metadata keys (`meta/keys`): version and flags, a count, then entries of size, namespace and name. */
function metadataKeys(bytes: Bytes, from: number, to: number): string | null {
  for (let at = from + 8; at + 8 <= to; ) {
    const size = bytes.view.getUint32(at);
    if (size < 8) return null;
    const key = latin1(bytes.data, at + 8, Math.min(to, at + size));
    if (namesLocation(key)) return key;
    at += size;
  }
  return null;
}

function xmpGps(bytes: Bytes, from: number, to: number): string | null {
  return /GPS(Latitude|Longitude)/.test(latin1(bytes.data, from, to)) ? 'XMP GPS' : null;
}

function hex(data: Uint8Array, from: number, to: number) {
  return Buffer.from(data.buffer, data.byteOffset + from, to - from).toString('hex');
}
