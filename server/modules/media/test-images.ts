import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';

/** Images and forms for the media tests, all made here: no binary fixtures in the repository. */

/**
 * A 300x200 JPEG stored sideways: red left half, blue right half, EXIF orientation 6 (turn 90 degrees clockwise to
 * view), so upright it is 200x300 with red on top. It carries GPS, camera make and model, XMP and a Display P3 ICC.
 */
export async function sidewaysJpegWithGps() {
  const left = await sharp({ create: { width: 150, height: 200, channels: 3, background: { r: 220, g: 20, b: 20 } } }).png().toBuffer();
  return sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 20, g: 20, b: 220 } } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'Acme', Model: 'Trail Cam 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 30/1' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Alex Rider"/></rdf:RDF></x:xmpmeta>')
    .toBuffer();
}

export type Gps = { latitudeRef?: string; latitude?: number[]; longitudeRef?: string; longitude?: number[] };

/**
 * The GPS block of an EXIF buffer as sharp's metadata() returns it ("Exif\0\0" and a TIFF structure), read by hand
 * so the test does not trust the library it checks. Null when there is no GPS IFD.
 */
export function readExifGps(exif: Buffer | undefined): Gps | null {
  if (!exif) return null;
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const entries = (ifd: number) =>
    Array.from({ length: u16(ifd) }, (_, i) => {
      const at = ifd + 2 + i * 12;
      return { tag: u16(at), type: u16(at + 2), count: u32(at + 4), valueAt: at + 8 };
    });
  const pointer = entries(u32(4)).find((e) => e.tag === 0x8825);
  if (!pointer) return null;
  const gps: Gps = {};
  for (const e of entries(u32(pointer.valueAt))) {
    const ascii = () => {
      const at = e.count <= 4 ? e.valueAt : u32(e.valueAt);
      return tiff.toString('latin1', at, at + e.count - 1);
    };
    const rationals = () => {
      const at = u32(e.valueAt);
      return Array.from({ length: e.count }, (_, i) => u32(at + i * 8) / u32(at + i * 8 + 4));
    };
    if (e.tag === 1) gps.latitudeRef = ascii();
    if (e.tag === 2) gps.latitude = rationals();
    if (e.tag === 3) gps.longitudeRef = ascii();
    if (e.tag === 4) gps.longitude = rationals();
  }
  return gps;
}

/** The four-character chunk names of a WebP (RIFF) file, e.g. ['VP8 '] or ['VP8X', 'ICCP', 'VP8 ', 'EXIF']. */
export function webpChunks(webp: Buffer): string[] {
  const names: string[] = [];
  for (let at = 12; at + 8 <= webp.length; ) {
    names.push(webp.toString('latin1', at, at + 4));
    const size = webp.readUInt32LE(at + 4);
    at += 8 + size + (size % 2);
  }
  return names;
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * About 1 KB of valid PNG declaring 30,000 x 30,000 RGB pixels (2.7 GB decoded): a hand-made IHDR with a correct CRC
 * and a deflate stream of zeros. A decoder that trusted it would try to allocate it all.
 */
export function pngBomb() {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1_000_000), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A plain image of one colour in `format`, half transparent when `alpha`. */
export function solid(width: number, height: number, format: 'png' | 'gif' | 'webp' | 'jpeg', alpha = false) {
  const image = sharp({ create: { width, height, channels: alpha ? 4 : 3, background: { r: 40, g: 160, b: 90, alpha: alpha ? 0.5 : 1 } } });
  return image.toFormat(format).toBuffer();
}

export type FormPart = { name: string; value: string } | { name: string; file: Buffer; filename: string; contentType: string };

/** A multipart/form-data body as a browser sends it, for `app.inject`. */
export function multipartForm(parts: FormPart[]) {
  const boundary = `----switchback${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('file' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.file,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The usual upload form: `image[]` plus `type` (and `orientation` when given). */
export function imageForm(file: Buffer, opts: { type?: string; orientation?: string; filename?: string; contentType?: string; field?: string } = {}) {
  const parts: FormPart[] = [
    { name: opts.field ?? 'image[]', file, filename: opts.filename ?? 'photo.jpg', contentType: opts.contentType ?? 'image/jpeg' },
  ];
  if (opts.type) parts.push({ name: 'type', value: opts.type });
  if (opts.orientation) parts.push({ name: 'orientation', value: opts.orientation });
  return multipartForm(parts);
}

/** A media URL without its signature: how views show a picture every member may see, and how it is stored. */
export const unsigned = (url: string) => url.split('?')[0]!;
