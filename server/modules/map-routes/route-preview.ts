import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { LngLat } from '#contract/map-routes';
import { drawRoutePreview, PREVIEW_HEIGHT, PREVIEW_WIDTH } from './preview-drawing';
import type { Deps } from '../../deps';
import { uploads } from '../../db/schema/media';
import { DISPLAY_FILE, mediaUrl, newUploadKey, objectKey, THUMB_FILE } from '../media/upload-files';

// Route and activity previews as pictures: drawn by preview-drawing.ts (in the activity worker for activities, where
// neither sharp nor the database is loaded), encoded here by sharp and stored as uploads.

const THUMB_WIDTH = 320;

/** WebP of a drawn preview (`drawRoutePreview`'s pixels), at card size and as a thumbnail. */
export async function renderRoutePreview(raw: Buffer) {
  const input = () => sharp(raw, { raw: { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, channels: 3 } });
  // Effort 2 of 6: flat colours and lines compress nearly as well as at the default 4 (4 % larger) in half the time
  // (10 ms against 20 for both sizes), and an import makes one or two for every activity.
  const [display, thumb] = await Promise.all([
    input().webp({ quality: 85, effort: 2 }).toBuffer({ resolveWithObject: true }),
    input().resize({ width: THUMB_WIDTH }).webp({ quality: 80, effort: 2 }).toBuffer({ resolveWithObject: true }),
  ]);
  return {
    display: { data: display.data, width: display.info.width, height: display.info.height },
    thumb: { data: thumb.data, width: thumb.info.width, height: thumb.info.height },
  };
}

/**
 * Draws the preview and stores it as an upload of the member's (purpose `route`), so `GET /media/<key>/<file>` serves
 * it like any picture. The row is written unattached before the files, as every upload is: the caller attaches it in
 * the transaction that saves the route, and should that never happen the sweeper removes row and files. Answers the
 * key and its display URL, or null when it could not be made (logged; the route is saved without a preview).
 */
export async function storeRoutePreview(
  deps: Pick<Deps, 'db' | 'storage' | 'clock'>,
  userId: number,
  points: readonly LngLat[],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ key: string; url: string } | null> {
  try {
    const key = await storePreviewUpload(deps, userId, 'route', drawRoutePreview([points]), null);
    return { key, url: mediaUrl(key, DISPLAY_FILE) };
  } catch (err) {
    log.warn({ err }, 'could not make the route preview image; the route is saved without one');
    return null;
  }
}

/**
 * Stores a drawn preview (`drawRoutePreview`'s pixels; an activity's are drawn in the activity worker) as an upload of
 * the member's made for `purpose` (`route`, `activity`): the row first, then the files, as every upload is.
 * `attachedAt` null leaves it for the caller to attach (and the sweeper to remove if it never does); a time attaches
 * it at once. Answers its key.
 */
export async function storePreviewUpload(
  deps: Pick<Deps, 'db' | 'storage' | 'clock'>,
  userId: number,
  purpose: 'route' | 'activity',
  raw: Buffer,
  attachedAt: Date | null,
): Promise<string> {
  const image = await renderRoutePreview(raw);
  const key = newUploadKey();
  const files = { display: DISPLAY_FILE, thumb: THUMB_FILE };
  await deps.db.insert(uploads).values({
    key,
    userId,
    purpose,
    attachedAt,
    originalMime: 'image/webp',
    width: image.display.width,
    height: image.display.height,
    files,
    bytes: image.display.data.length + image.thumb.data.length,
    createdAt: deps.clock.now(),
  });
  await Promise.all([
    deps.storage.put(objectKey(key, DISPLAY_FILE), image.display.data, 'image/webp'),
    deps.storage.put(objectKey(key, THUMB_FILE), image.thumb.data, 'image/webp'),
  ]);
  return key;
}

