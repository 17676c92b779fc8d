import * as z from 'zod/mini';

/**
 * The image formats the pipeline decodes (server/modules/media/image-pipeline.ts): the one list the picker's `accept`,
 * its hints and every "wrong type" message are made from, so they cannot name different formats (issue 19: the picker
 * hid WebP files the server takes). The server decides the real type from the file's bytes.
 */
export const IMAGE_FORMATS = [
  { name: 'PNG', extensions: ['.png'] },
  { name: 'JPEG', extensions: ['.jpg', '.jpeg'] },
  { name: 'GIF', extensions: ['.gif'] },
  { name: 'WebP', extensions: ['.webp'] },
] as const;
export const IMAGE_EXTENSIONS: readonly string[] = IMAGE_FORMATS.flatMap((f) => f.extensions);
/** The file picker's `accept`. */
export const IMAGE_ACCEPT = IMAGE_EXTENSIONS.join(',');
/** "PNG, JPEG, GIF or WebP". */
export const IMAGE_FORMAT_NAMES = IMAGE_FORMATS.map((f) => f.name).join(', ').replace(/, ([^,]+)$/, ' or $1');
export const IMAGE_WRONG_TYPE = `Choose a ${IMAGE_FORMAT_NAMES} image.`;
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;

/** What an image upload is for; decides the sizes made (a cover is wide, an avatar square-ish). */
/** `poster`: a frame of a short's video captured in the browser, where the server has no ffmpeg to take one. */
export const IMAGE_PURPOSES = ['profile', 'cover', 'feed', 'gear', 'event', 'report', 'poster'] as const;

/** One stored image as `POST /api/compress-image` answers it (`data.images[0]`, spec §7). */
export const uploadedImage = z.object({
  /** Pass this to the call that attaches the image (e.g. `profileImage` of update_profile). */
  key: z.string(),
  /** The display size; signed for the uploader alone until the image is saved onto something (check 14). */
  url: z.string(),
  thumbnail: z.string(),
  /** Spec §3: `width:height` of the display size, so lists reserve the space before the image loads. */
  dimens: z.string(),
  width: z.int(),
  height: z.int(),
});
export type UploadedImage = z.infer<typeof uploadedImage>;

export const compressImageData = z.object({ images: z.array(uploadedImage) });
