import { permits } from './associate-policy';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { Db } from '../db/client';
import { activities, activityViews } from '../db/schema/activities';
import { events } from '../db/schema/events';
import { feedImages, feeds } from '../db/schema/feeds';
import { gear, gearImages } from '../db/schema/gear';
import { mapRoutes } from '../db/schema/map-routes';
import { subjects } from '../db/schema/subjects';
import { users } from '../db/schema/users';
import { mediaUrl, type Upload } from '../modules/media/upload-files';
import { signedLifetimeSeconds, validMediaSignature, type SignedFor } from '../modules/media/url-signing';
import { isActivityPublicToMembers, mayViewActivity } from './activity-policy';
import { isEventPublicToMembers, mayViewEvent } from './event-policy';
import { isGearPublicToMembers, mayViewGear } from './gear-policy';
import { isModerator } from './moderation-policy';
import { mayViewRoute } from './route-policy';
import { isPublicToMembers, mayViewFeed } from './social-policy';

/**
 * Who may fetch which uploaded file (check 14), beside the rules of the things the files belong to: a post's photo
 * follows the post (social-policy.ts), an event's banner the event (event-policy.ts), a route's preview the route
 * (route-policy.ts). `GET /media/<key>/<file>` asks `mayViewUpload`, through the Guardian (guardian.ts).
 */

/** The `?exp=&sig=` of a signed media URL (url-signing.ts), as the request carried them. */
export type MediaSignature = { exp?: string | undefined; sig?: string | undefined };

/** Whether to serve, and the `cache-control` to serve with. */
export type MediaAccess = { allowed: false } | { allowed: true; cacheControl: string };

// Profile pictures and covers never change under their URL and are nobody's secret.
const FOREVER = { allowed: true, cacheControl: 'public, max-age=31536000, immutable' } as const;
// A picture of a post or event every member may see is shared caches' to keep for a day at most: its owner may go
// private or narrow who sees it, and the URL stays the same.
const SHARED_PICTURE = { allowed: true, cacheControl: 'public, max-age=86400' } as const;
// Only the viewer's browser keeps a picture that not every member may see, and no longer than its signed URL lives
// (or one signed now, when it came with a token): never a shared cache, which would hand it to the next asker.
const privatePicture = (seconds: number): MediaAccess => ({ allowed: true, cacheControl: `private, max-age=${seconds}` });

/**
 * The thing a picture belongs to, as far as who may see it: whether every member may, and else whether this one may,
 * and which signed URLs open it: those its views hand out, unless said otherwise. Null when the picture is a profile
 * picture or cover, which every member sees.
 */
type Owner = { publicToMembers: boolean; mayView(viewerId: number): Promise<boolean>; signedFor?: SignedFor };

/**
 * A picture attached to nothing (uploaded and not saved yet, or taken off its post, event or profile until the sweeper
 * removes it), or whose thing is gone, is its uploader's alone: whoever could see it where it was may not any more.
 */
const uploaderOnly = (upload: Upload): Owner => ({
  publicToMembers: false,
  mayView: async (viewerId) => viewerId === upload.userId,
  signedFor: 'upload',
});

/** A post's photo, and a short's video and poster, follow the post or short (`mayViewFeed`). */
async function postOf(db: Db, upload: Upload): Promise<Owner | null> {
  const columns = { userId: feeds.userId, isDraft: feeds.isDraft, visibility: feeds.visibility, authorIsPrivate: users.isPrivate };
  // A short's video is its upload (`feeds.video_key`); a post's photos are rows of feed_images. A removed post's
  // are their uploader's alone until an appeal restores it (moderation-policy.ts).
  const short = upload.purpose === 'short';
  const from = short ? db.select(columns).from(feeds) : db.select(columns).from(feedImages).innerJoin(feeds, eq(feeds.id, feedImages.feedId));
  const [post] = await from
    .innerJoin(users, eq(users.id, feeds.userId))
    .innerJoin(subjects, eq(subjects.id, feeds.subjectId))
    .where(and(short ? eq(feeds.videoKey, upload.key) : eq(feedImages.uploadKey, upload.key), isNull(subjects.removedAt)))
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
  const [event] = await db
    .select(eventSubject)
    .from(events)
    .innerJoin(users, eq(users.id, events.userId))
    .innerJoin(subjects, eq(subjects.id, events.subjectId))
    .where(and(eq(events.bannerImage, upload.key), isNull(subjects.removedAt)))
    .limit(1);
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
    mayView: (viewerId) => mayViewRoute(db, viewerId, route),
  };
}

/**
 * An activity's map picture (an `activity` upload, issue 21) follows its view: the owner's picture (the whole track)
 * is the owner's alone, everyone else's (trimmed at the owner's privacy zones, check 19) whoever may see the
 * activity, unsigned only when every member may. ('others' sorts after 'owner': the descending order finds it first.)
 */
async function activityPictureOf(db: Db, upload: Upload): Promise<Owner | null> {
  const [view] = await db
    .select({ audience: activityViews.audience, userId: activities.userId, visibility: activities.visibility, ownerIsPrivate: users.isPrivate })
    .from(activityViews)
    .innerJoin(activities, eq(activities.id, activityViews.activityId))
    .innerJoin(users, eq(users.id, activities.userId))
    .innerJoin(subjects, eq(subjects.id, activities.subjectId))
    .where(and(eq(activityViews.mapKey, upload.key), isNull(subjects.removedAt)))
    // One picture may serve both views (no hidden parts): then it is what everyone else sees, and their rules apply.
    .orderBy(desc(activityViews.audience))
    .limit(1);
  if (!view) return null;
  const owner = { id: view.userId, isPrivate: view.ownerIsPrivate };
  if (view.audience === 'owner') return { publicToMembers: false, mayView: async (viewerId) => viewerId === view.userId };
  // An associate's activity shown to nobody else (issue 25) is never unsigned.
  const publicToMembers = isActivityPublicToMembers(view, owner) && (await permits(db, view.userId, 'share_activities'));
  return { publicToMembers, mayView: (viewerId) => mayViewActivity(db, viewerId, view, owner) };
}

/**
 * A report's screenshot (a `report` upload, issue 20) is its reporter's and the moderators' alone: the report's views
 * hand them signed URLs, and a token opens it to them.
 */
function screenshotOf(db: Db, upload: Upload): Owner {
  return { publicToMembers: false, mayView: async (viewerId) => viewerId === upload.userId || (await isModerator(db, viewerId)) };
}

/** A piece of gear's photo (a `gear` upload, issue 24) follows the piece (`mayViewGear`). */
async function gearPhotoOf(db: Db, upload: Upload): Promise<Owner | null> {
  const [piece] = await db
    .select({ userId: gear.userId, isDraft: gear.isDraft, ownerIsPrivate: users.isPrivate })
    .from(gearImages)
    .innerJoin(gear, eq(gear.id, gearImages.gearId))
    .innerJoin(users, eq(users.id, gear.userId))
    .where(eq(gearImages.uploadKey, upload.key))
    .limit(1);
  if (!piece) return null;
  const owner = { id: piece.userId, isPrivate: piece.ownerIsPrivate };
  return { publicToMembers: isGearPublicToMembers(piece, owner), mayView: (viewerId) => mayViewGear(db, viewerId, piece, owner) };
}

/** The thing that holds this upload, by what it was made for (attach.ts checks the purpose), or its uploader alone. */
async function ownerOf(db: Db, upload: Upload): Promise<Owner | null> {
  if (upload.attachedAt === null) return uploaderOnly(upload);
  if (upload.purpose === 'profile' || upload.purpose === 'cover') return null;
  if (upload.purpose === 'report') return screenshotOf(db, upload);
  const owner =
    upload.purpose === 'feed' || upload.purpose === 'short'
      ? await postOf(db, upload)
      : upload.purpose === 'event'
        ? await bannerOf(db, upload)
        : upload.purpose === 'route'
          ? await routePreviewOf(db, upload)
          : upload.purpose === 'activity'
            ? await activityPictureOf(db, upload)
            : upload.purpose === 'gear'
              ? await gearPhotoOf(db, upload)
              : null;
  return owner ?? uploaderOnly(upload);
}

/**
 * May this viewer fetch the display size or thumbnail of this upload? The one place `GET /media/<key>/<file>` asks.
 *
 * Media follows its object (check 14): a photo of a post, an event's banner or a route's preview that every member
 * may see is served to whoever has its URL (the key is 128 random bits), as profile pictures are. Any other (a draft,
 * a private author's post, an invite-only or followers-only event, a private organiser's event, and their routes, and
 * an upload attached to nothing) is served only with a valid signature, which the feed and event views hand to
 * members the policy lets see it and the upload answer hands its uploader, or to a viewer who sends a bearer token
 * (apps may; a browser's `<img>` does not) and may see it; and never to a shared cache. Anything else is the same 404
 * as a missing file.
 */
export async function mayViewUpload(
  deps: Pick<Deps, 'db' | 'storage' | 'clock'>,
  viewerId: number | null,
  upload: Upload,
  file: string,
  signature: MediaSignature,
): Promise<MediaAccess> {
  const owner = await ownerOf(deps.db, upload);
  if (!owner) return FOREVER;
  if (owner.publicToMembers) return SHARED_PICTURE;
  const secondsLeft = await validMediaSignature(deps, upload.key, file, signature, owner.signedFor ?? 'view');
  if (secondsLeft !== null) return privatePicture(secondsLeft);
  if (viewerId !== null && (await owner.mayView(viewerId))) return privatePicture(signedLifetimeSeconds(deps.clock.now()));
  return { allowed: false };
}
