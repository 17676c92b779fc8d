import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { uploads } from '../../db/schema/media';
import { IMAGE_EXTENSION, IMAGE_MIME, type ImagePurpose, type ProcessedImage } from './image-pipeline';
import { DISPLAY_FILE, newUploadKey, objectKey, THUMB_FILE, type Upload } from './upload-files';

/**
 * Records a processed image for its member, not yet attached to anything, and stores its files. The row is written
 * first, so files whose writing was cut short (a crash, a storage outage) always have a row the sweeper finds them by.
 */
export async function saveUpload(
  deps: Pick<Deps, 'db' | 'storage' | 'clock'>,
  input: { userId: number; purpose: ImagePurpose; image: ProcessedImage },
): Promise<Upload> {
  const { image } = input;
  const key = newUploadKey();
  const files = { display: DISPLAY_FILE, thumb: THUMB_FILE, original: `original.${IMAGE_EXTENSION[image.type]}` };
  const [upload] = await deps.db
    .insert(uploads)
    .values({
      key,
      userId: input.userId,
      purpose: input.purpose,
      originalMime: IMAGE_MIME[image.type],
      width: image.display.width,
      height: image.display.height,
      files,
      // What the upload costs in storage, all files together.
      bytes: image.original.length + image.display.data.length + image.thumb.data.length,
      createdAt: deps.clock.now(),
    })
    .returning();
  // Should a write fail, the caller gets the error and never learns the key; the row stays unattached, and the sweeper
  // removes it and whatever files were written a day later.
  await Promise.all([
    deps.storage.put(objectKey(key, files.display), image.display.data, 'image/webp'),
    deps.storage.put(objectKey(key, files.thumb), image.thumb.data, 'image/webp'),
    deps.storage.put(objectKey(key, files.original), image.original, IMAGE_MIME[image.type]),
  ]);
  return upload!;
}

export async function findUpload(deps: Pick<Deps, 'db'>, key: string): Promise<Upload | undefined> {
  const [upload] = await deps.db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return upload;
}
