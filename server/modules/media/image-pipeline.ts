import sharp from 'sharp';
import { IMAGE_FORMAT_NAMES, IMAGE_MAX_PIXELS, type IMAGE_PURPOSES } from '#contract/media';
import { AppError, fieldError } from '../../lib/errors';

export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];
export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp';

export const IMAGE_MIME: Record<ImageType, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };
export const IMAGE_EXTENSION: Record<ImageType, string> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };

/**
 * The longest edge of each size made, by what the image is for. Nothing is cropped (the client crops before it
 * uploads) and nothing is enlarged: a cover is shown full width on wide screens, an avatar at most a few hundred pixels
 * wide (on 3x screens), everything else at feed or detail width. The thumbnail serves lists and grids.
 */
export const LONG_EDGE: Record<ImagePurpose, { display: number; thumb: number }> = {
  profile: { display: 1024, thumb: 400 },
  cover: { display: 2400, thumb: 400 },
  feed: { display: 2048, thumb: 400 },
  gear: { display: 2048, thumb: 400 },
  event: { display: 2048, thumb: 400 },
  report: { display: 2048, thumb: 400 },
  // Full-screen on a phone until the first frame, as the server's own posters (process-video-job.ts).
  poster: { display: 1080, thumb: 400 },
};

const WEBP = { quality: 80 } as const;

// Defence in depth behind the magic-byte check: libvips in this process may decode only these four formats, and
// only from memory, so SVG, PDF, TIFF, HEIF, files on disk and the like can never reach a decoder (check 15).
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({
  operation: ['VipsForeignLoadJpegBuffer', 'VipsForeignLoadPngBuffer', 'VipsForeignLoadNsgifBuffer', 'VipsForeignLoadWebpBuffer'],
});

/** The image type a file really is, from its first bytes; never from its name or the `Content-Type` it was sent with. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

export type ImageSize = { data: Buffer; width: number; height: number };

/** What an upload keeps: the original exactly as sent (for the member's export only) and the sizes made from it. */
export type ProcessedImage = { type: ImageType; original: Buffer; display: ImageSize; thumb: ImageSize };

const notAnImage = () => fieldError('image', `Only ${IMAGE_FORMAT_NAMES} images can be uploaded.`, 415);
const unreadable = () => fieldError('image', 'We could not read this image. Try another file.');
const tooManyPixels = () => fieldError('image', `That image is too large: images can be up to ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`, 413);

// Every decode refuses more pixels than the limit from the header alone, before any pixel memory is taken (check 16).
// Only the first frame of an animated GIF or WebP is read. `failOn: 'error'` still accepts photos whose
// camera wrote a harmless warning, and a stuck decode is stopped.
const open = (bytes: Buffer) => sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).timeout({ seconds: 30 });

const isPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

async function makeSize(bytes: Buffer, longEdge: number): Promise<ImageSize> {
  // rotate() with no angle turns the pixels upright by the EXIF orientation. The output carries no metadata at all
  // (no EXIF, GPS, XMP, IPTC, ICC; colours are converted to sRGB) because keepMetadata/withMetadata is never asked for.
  const { data, info } = await open(bytes)
    .rotate()
    .resize({ width: longEdge, height: longEdge, fit: 'inside', withoutEnlargement: true })
    .webp(WEBP)
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Checks and converts one uploaded image: 415 unless its bytes are PNG, JPEG, GIF or WebP, 413 when its header
 * declares more than IMAGE_MAX_PIXELS, 400 when it cannot be decoded. Returns an upright, metadata-free display size
 * and thumbnail as WebP, and the original bytes.
 */
export async function processImage(bytes: Buffer, purpose: ImagePurpose): Promise<ProcessedImage> {
  const type = sniffImageType(bytes);
  if (!type) throw notAnImage();
  try {
    // Reads the header only.
    const meta = await open(bytes).metadata();
    if (meta.format !== type) throw notAnImage();
    if (!meta.width || !meta.height) throw unreadable();
    if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw tooManyPixels();
    const edges = LONG_EDGE[purpose];
    // One after the other: side by side saved little time in the P8 bench and held two decoders and encoders at
    // once (about 30 MB more RSS for a 12 MP photo). The thumbnail decodes the original again, cheaply: a JPEG
    // shrinks by 8 while it loads.
    const display = await makeSize(bytes, edges.display);
    const thumb = await makeSize(bytes, edges.thumb);
    return { type, original: bytes, display, thumb };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (isPixelLimit(err)) throw tooManyPixels();
    throw unreadable();
  }
}
