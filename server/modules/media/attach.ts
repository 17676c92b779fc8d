import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/media';
import { fieldError } from '../../lib/errors';
import type { ImagePurpose } from './image-pipeline';
import type { VIDEO_PURPOSE } from '../videos/video-uploads';
import { isUploadKey, mediaUrl } from './upload-files';

/**
 * Marks the member's upload `key` as used by something of theirs (a profile image, a post...), so the sweeper keeps
 * it, and returns its public display URL to store. Call it inside the transaction that saves that thing. A key that is
 * unknown, swept, someone else's, or (when `purpose` is given) made for another purpose is a 400 on `field`.
 * Attaching an attached upload again is fine (saving a form twice). An upload belongs to one thing: when that thing
 * lets go of it, `detachUploads` it.
 */
export async function attachUpload(
  tx: Db,
  input: { userId: number; key: string; field: string; purpose?: ImagePurpose | typeof VIDEO_PURPOSE; now?: Date; what?: 'image' | 'video' },
): Promise<string> {
  const again = () => fieldError(input.field, `Upload the ${input.what ?? 'image'} again.`);
  if (!isUploadKey(input.key)) throw again();
  const [upload] = await tx
    .update(uploads)
    .set({ attachedAt: input.now ?? new Date() })
    .where(
      and(
        eq(uploads.key, input.key),
        eq(uploads.userId, input.userId),
        input.purpose ? eq(uploads.purpose, input.purpose) : undefined,
      ),
    )
    .returning({ key: uploads.key, files: uploads.files });
  if (!upload) throw again();
  // A video has no display size: its URL is made where it is shown (feed-views.ts).
  return upload.files.display ? mediaUrl(upload.key, upload.files.display) : '';
}

/**
 * The member's uploads `keys` are no longer used (an image replaced or removed): the sweeper removes them once they
 * are a day old, so an undone save inside the same transaction loses nothing. Keys not theirs are left alone.
 */
export async function detachUploads(tx: Db, input: { userId: number; keys: readonly string[] }) {
  const keys = input.keys.filter(isUploadKey);
  if (keys.length === 0) return;
  await tx
    .update(uploads)
    .set({ attachedAt: null })
    .where(and(eq(uploads.userId, input.userId), inArray(uploads.key, keys)));
}
