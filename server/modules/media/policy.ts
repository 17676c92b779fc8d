import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { events, feedImages, feeds, mapRoutes, users } from '../../db/schema';
import type { SessionUser } from '../../plugins/authenticate';
import { isEventPublicToMembers, mayViewEvent, visibleEventsCondition } from '../../policy/event-policy';
import { isPublicToMembers, mayViewFeed } from '../../policy/social-policy';
import { mediaUrl, type Upload } from './upload-files';
import { validMediaSignature } from './url-signing';

/** The `?exp=&sig=` of a signed media URL (url-signing.ts), as the request carried them. */
export type MediaSignature = { exp?: string | undefined; sig?: string | undefined };

/** Whether to serve, and the `cache-control` to serve with. */
export type MediaAccess = { allowed: false } | { allowed: true; cacheControl: string };

// Unattached uploads and profile pictures never change under their URL and are nobody's secret.
const FOREVER = { allowed: true, cacheControl: 'public, max-age=31536000, immutable' } as const;
// A picture of a post or event every member may see is shared caches' to keep for a day at most: its owner may go
// private or narrow who sees it, and the URL stays the same.
const SHARED_PICTURE = { allowed: true, cacheControl: 'public, max-age=86400' } as const;
// Only the viewer's browser keeps a picture that not every member may see, for as long as a signed URL lives.
const PRIVATE_PICTURE = { allowed: true, cacheControl: 'private, max-age=86400' } as const;

/**
 * The thing a picture belongs to, as far as who may see it: whether every member may, and else whether this one may.
 * Null when the picture belongs to nothing that hides it (not attached yet, a profile picture).
 */
type Owner = { publicToMembers: boolean; mayView(viewerId: number): Promise<boolean> };

/** A post's photo follows the post (`mayViewFeed`). */
async function postOf(db: Db, upload: Upload): Promise<Owner | null> {
  const [post] = await db
    .select({ userId: feeds.userId, isDraft: feeds.isDraft, authorIsPrivate: users.isPrivate })
    .from(feedImages)
    .innerJoin(feeds, eq(feeds.id, feedImages.feedId))
    .innerJoin(users, eq(users.id, feeds.userId))
    .where(eq(feedImages.uploadKey, upload.key))
    .limit(1);
  if (!post) return null;
  const author = { id: post.userId, isPrivate: post.authorIsPrivate };
  return { publicToMembers: isPublicToMembers(post, author), mayView: (viewerId) => mayViewFeed(db, viewerId, post, author) };
}

const eventSubject = {
  id: events.id,
  userId: events.userId,
  isDraft: events.isDraft,
  whoCanSee: events.whoCanSee,
  organiserIsPrivate: users.isPrivate,
};

/** An event's banner (an `event` upload, `events.banner_image`, one event each) follows the event (`mayViewEvent`). */
async function bannerOf(db: Db, upload: Upload): Promise<Owner | null> {
  const [event] = await db.select(eventSubject).from(events).innerJoin(users, eq(users.id, events.userId)).where(eq(events.bannerImage, upload.key)).limit(1);
  if (!event) return null;
  const organiser = { id: event.userId, isPrivate: event.organiserIsPrivate };
  return { publicToMembers: isEventPublicToMembers(event, organiser), mayView: (viewerId) => mayViewEvent(db, viewerId, event, organiser) };
}

/**
 * A route's preview (a `route` upload, `map_routes.static_image`) is as visible as the route: to its owner, and to
 * whoever may see an event that uses it. It is every member's when no event uses it yet (only its owner has the URL
 * then) or one that every member may see does; an invite-only, followers-only or draft event, or a private
 * organiser's, keeps it signed.
 */
async function routePreviewOf(db: Db, upload: Upload): Promise<Owner | null> {
  const display = upload.files.display;
  if (!display) return null;
  // The preview is made for the route's owner as they save it (route-preview.ts): their index finds it.
  const [route] = await db
    .select({ id: mapRoutes.id, userId: mapRoutes.userId })
    .from(mapRoutes)
    .where(and(eq(mapRoutes.userId, upload.userId), eq(mapRoutes.staticImage, mediaUrl(upload.key, display))))
    .limit(1);
  if (!route) return null;
  const usedBy = await db.select(eventSubject).from(events).innerJoin(users, eq(users.id, events.userId)).where(eq(events.routeId, route.id));
  return {
    publicToMembers: usedBy.length === 0 || usedBy.some((e) => isEventPublicToMembers(e, { isPrivate: e.organiserIsPrivate })),
    async mayView(viewerId) {
      if (viewerId === route.userId) return true;
      const [seen] = await db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.routeId, route.id), visibleEventsCondition(viewerId)))
        .limit(1);
      return seen !== undefined;
    },
  };
}

/** What hides this upload, by what it was made for: banners and route previews have one owner each; anything else may be a post's photo. */
function ownerOf(db: Db, upload: Upload): Promise<Owner | null> {
  if (upload.purpose === 'event') return bannerOf(db, upload);
  if (upload.purpose === 'route') return routePreviewOf(db, upload);
  return postOf(db, upload);
}

/**
 * May this viewer fetch the display size or thumbnail of this upload? The one place `GET /media/<key>/<file>` asks.
 *
 * Media follows its object (check 14): a photo of a post, an event's banner or a route's preview that every member
 * may see is served to whoever has its URL (the key is 128 random bits), as profile pictures and not-yet-attached
 * uploads are. Any other (a draft, a private author's post, an invite-only or followers-only event, a private
 * organiser's event, and their routes) is served only with a valid signature, which the feed and event views hand
 * to members the policy lets see it, or to a viewer who sends a bearer token (apps may; a browser's `<img>` does not)
 * and may see it. Anything else is the same 404 as a missing file.
 */
export async function mayViewUpload(
  deps: Pick<Deps, 'db' | 'storage' | 'clock'>,
  viewer: SessionUser | null,
  upload: Upload,
  file: string,
  signature: MediaSignature,
): Promise<MediaAccess> {
  const owner = await ownerOf(deps.db, upload);
  if (!owner) return FOREVER;
  if (owner.publicToMembers) return SHARED_PICTURE;
  if (await validMediaSignature(deps, upload.key, file, signature)) return PRIVATE_PICTURE;
  if (viewer && (await owner.mayView(viewer.user.id))) return PRIVATE_PICTURE;
  return { allowed: false };
}
