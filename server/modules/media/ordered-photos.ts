import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/media';
import { fieldError } from '../../lib/errors';
import { attachUpload, detachUploads } from './attach';
import type { ImagePurpose } from './image-pipeline';
import { mediaUrl } from './upload-files';

/** A photo row as the things with ordered photos (posts, gear) keep it: enough to draw it without the upload row. */
export type OrderedPhoto = { position: number; uploadKey: string; url: string; thumbnail: string; width: number; height: number };

/**
 * The one way a thing takes an ordered set of photos (a post's, a piece of gear's): `keys` are the member's own
 * uploads of `purpose`, in the order shown. Checks them (no photo twice, none that belongs to another thing:
 * `takenElsewhere`), attaches them, detaches those the thing no longer shows (`current`), and answers the rows to
 * store in that order; the caller replaces its rows with them in the same transaction.
 */
export async function orderedPhotos(
  tx: Db,
  input: {
    userId: number;
    purpose: ImagePurpose;
    keys: readonly string[];
    current: readonly string[];
    now: Date;
    /** What a photo of the thing is called in an error ("post", "piece of gear"). */
    what: string;
    takenElsewhere(keys: readonly string[]): Promise<boolean>;
  },
): Promise<OrderedPhoto[]> {
  const { userId, keys, now } = input;
  if (new Set(keys).size !== keys.length) throw fieldError('images', `The same photo is in the ${input.what} twice.`);
  if (keys.length > 0 && (await input.takenElsewhere(keys))) throw fieldError('images', `That photo belongs to another ${input.what}: upload it again.`);
  for (const key of keys) await attachUpload(tx, { userId, key, field: 'images', purpose: input.purpose, now });
  await detachUploads(tx, { userId, keys: input.current.filter((k) => !keys.includes(k)) });
  if (keys.length === 0) return [];
  const made = await tx.select().from(uploads).where(inArray(uploads.key, [...keys]));
  const byKey = new Map(made.map((u) => [u.key, u]));
  return keys.map((key, position) => {
    const upload = byKey.get(key)!;
    return {
      position,
      uploadKey: key,
      url: mediaUrl(key, upload.files.display!),
      thumbnail: mediaUrl(key, upload.files.thumb!),
      width: upload.width,
      height: upload.height,
    };
  });
}
