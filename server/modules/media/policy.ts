import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { feedImages, feeds, users } from '../../db/schema';
import type { SessionUser } from '../../plugins/authenticate';
import { isPublicToMembers, mayViewFeed } from '../../policy/social-policy';
import type { Upload } from './upload-files';
import { validMediaSignature } from './url-signing';

/** The `?exp=&sig=` of a signed media URL (url-signing.ts), as the request carried them. */
export type MediaSignature = { exp?: string | undefined; sig?: string | undefined };

/** Whether to serve, and the `cache-control` to serve with. */
export type MediaAccess = { allowed: false } | { allowed: true; cacheControl: string };

// Unattached uploads and profile pictures never change under their URL and are nobody's secret.
const FOREVER = { allowed: true, cacheControl: 'public, max-age=31536000, immutable' } as const;
// A post's photo is shared caches' to keep for a day at most: its author may go private, and the URL stays the same.
const POST_PHOTO = { allowed: true, cacheControl: 'public, max-age=86400' } as const;
// Only the viewer's browser keeps a photo that not every member may see, for as long as a signed URL lives.
const PRIVATE_PHOTO = { allowed: true, cacheControl: 'private, max-age=86400' } as const;

/**
 * May this viewer fetch the display size or thumbnail of this upload? The one place `GET /media/<key>/<file>` asks.
 *
 * Media follows its post (check 14): a photo of a post that every member may see (published, public author) is
 * served to whoever has its URL (the key is 128 random bits), as profile pictures and not-yet-attached uploads are.
 * A photo of any other post (a draft, a private author's post) is served only with a valid signature, which the
 * feed views hand to members the policy lets see the post, or to a viewer who sends a bearer token (apps may; a
 * browser's `<img>` does not) and may see the post. Anything else is the same 404 as a missing file.
 */
export async function mayViewUpload(
  deps: Pick<Deps, 'db' | 'storage' | 'clock'>,
  viewer: SessionUser | null,
  upload: Upload,
  file: string,
  signature: MediaSignature,
): Promise<MediaAccess> {
  const [post] = await deps.db
    .select({ userId: feeds.userId, isDraft: feeds.isDraft, authorIsPrivate: users.isPrivate })
    .from(feedImages)
    .innerJoin(feeds, eq(feeds.id, feedImages.feedId))
    .innerJoin(users, eq(users.id, feeds.userId))
    .where(eq(feedImages.uploadKey, upload.key))
    .limit(1);
  if (!post) return FOREVER;
  const author = { id: post.userId, isPrivate: post.authorIsPrivate };
  if (isPublicToMembers(post, author)) return POST_PHOTO;
  if (await validMediaSignature(deps, upload.key, file, signature)) return PRIVATE_PHOTO;
  if (viewer && (await mayViewFeed(deps.db, viewer.user.id, post, author))) return PRIVATE_PHOTO;
  return { allowed: false };
}
