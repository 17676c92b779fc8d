import { and, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { comments } from '../db/schema/subjects';
import { users } from '../db/schema/users';
import { qualified } from '../db/qualified';
import type { Db } from '../db/client';
import type { Deps } from '../deps';
import type { Upload } from '../modules/media/upload-files';
import type { PermissionId } from '#contract/associates';
import { managesAssociate, permits, permitsWhere } from './associate-policy';
import { mayEditActivity, mayViewActivity, visibleActivitiesCondition, type ActivitySubject } from './activity-policy';
import { blockedBy, blockedEitherWay, hiddenFrom, notBlockedWith, notHiddenFrom } from './block-policy';
import { eventRole, hostedEventsCondition, mayCancelEvent, mayEditEvent, mayViewEvent, visibleEventsCondition, type EventRole, type EventSubject } from './event-policy';
import { mayEditGear, mayViewGear, visibleGearCondition, type GearSubject } from './gear-policy';
import { mayViewUpload, type MediaAccess, type MediaSignature } from './media-policy';
import { isModerator, notReportedBy } from './moderation-policy';
import { mayWatchLive, watchableLiveWhere, type LiveSubject } from './live-policy';
import { mayViewRoute, type RouteSubject } from './route-policy';
import {
  followOutcome,
  followsWhere,
  mayFollow,
  mayInviteWhere,
  mayMentionWhere,
  mayViewFeed,
  mayViewProfileContent,
  visibleFeedsCondition,
  type ContentOwner,
  type FeedSubject,
  type FollowOutcome,
} from './social-policy';
import { mayComment, mayDeleteCommentOn, mayEditComment, mayEditPost, type Authored, type CommentSubjectRef } from './subject-policy';

/**
 * The one door to the access rules (issue 18; Discourse's Guardian is the model): a route or service makes one for the
 * viewer, `guardianFor(db, viewerId)`, and asks it `canSee…` / `canEdit…` / `…Where()`; the Guardian answers from the
 * policy files beside it (social-policy.ts, event-policy.ts, route-policy.ts, media-policy.ts, subject-policy.ts),
 * which stay small and each about one kind of thing. Whatever applies to every question about a viewer (blocks and
 * mutes in either direction, associate permissions) is added here once, in front of those rules, rather than in each.
 *
 * It reads through the `db` it is made with: inside a transaction, make it with the transaction (`guardianFor(tx, …)`)
 * so it sees what the transaction wrote. Nothing is cached, so one Guardian may serve a whole request.
 *
 * `viewerId` null is nobody signed in (only media is fetched so): every question about a member's rights is no, every
 * list condition is empty, and `canFetchUpload` answers what the URL alone opens.
 */
export type Guardian<V extends number | null = number> = {
  readonly viewerId: V;

  // Members.
  /** A block between the viewer and `otherId`, either way (block-policy.ts): everything of theirs answers as missing. */
  isBlockedWith(otherId: number): Promise<boolean>;
  /** Whether `otherId` blocked the viewer: their profile answers 404, as for nobody (no "you are blocked" oracle). */
  isBlockedBy(otherId: number): Promise<boolean>;
  /** Whether `otherId` is hidden from the viewer: a block either way, or muted by the viewer (block-policy.ts). */
  hides(otherId: number): Promise<boolean>;
  /** Members without a block either way with the viewer, as a condition on `memberColumn`, for member lists. */
  unblockedWhere(memberColumn: SQLWrapper): SQL;
  /** Content whose author (`memberColumn`) the viewer may see in lists: no block either way, not muted by the viewer. */
  unhiddenAuthorsWhere(memberColumn: SQLWrapper): SQL;
  /** Their posts, shorts, activities, tracks, media, gear, events and follow lists (check 12): `mayViewProfileContent`. */
  canSeeProfileContent(owner: ContentOwner): Promise<boolean>;
  /** Whether the viewer may follow (or ask to follow) `targetId`: `mayFollow`. */
  canFollow(targetId: number): boolean;
  /** What following `target` becomes, accepted or pending: `followOutcome`. */
  followOutcome(target: { isPrivate: boolean }): FollowOutcome;
  /** Whom the viewer may @-mention, as a condition on `users.id`: `mayMentionWhere`. */
  mentionableWhere(): SQL;
  /** Whom the viewer may invite to an event or ask to co-host, as a condition on `users.id`: `mayInviteWhere`. */
  invitableWhere(): SQL;

  // Associates (issue 25).
  /**
   * Whether the viewer may do what `permission` covers: an independent member always, an associate as their owner
   * granted (associate-policy.ts). Routes declare the permission their action needs; the permission gate asks this.
   */
  permits(permission: PermissionId): Promise<boolean>;
  /** Whether `memberId` may do what `permission` covers (another member's grant, e.g. whether they take followers). */
  memberPermits(memberId: number, permission: PermissionId): Promise<boolean>;
  /** Whether the viewer manages the associate `associateId`: every associate route's object check. */
  managesAssociate(associateId: number): Promise<boolean>;
  /** Members the viewer may find in member search, as a condition on `memberColumn`: not associates kept out of it. */
  findableMembersWhere(memberColumn: SQLWrapper): SQL;

  // Posts.
  /** A post, drafts by their author only: `mayViewFeed`. */
  canSeeFeed(feed: FeedSubject, author: ContentOwner): Promise<boolean>;
  /** `canSeeFeed` as a condition on `feeds`, for lists: `visibleFeedsCondition`. */
  visibleFeedsWhere(): SQL;
  /** Editing or deleting a post: its author only (`mayEditPost`). */
  canEditPost(post: Authored): boolean;

  // Events.
  /** Organiser, co-host or anyone else: `eventRole`. */
  eventRole(event: Pick<EventSubject, 'id' | 'userId'>): Promise<EventRole>;
  /** An event, with its people, reactions, comments and pictures: `mayViewEvent`. */
  canSeeEvent(event: EventSubject, organiser: ContentOwner): Promise<boolean>;
  /** Editing an event's details, route and people: organiser and co-hosts (`mayEditEvent`). */
  canEditEvent(event: Pick<EventSubject, 'id' | 'userId'>): Promise<boolean>;
  /** Cancelling or deleting an event: the organiser only (`mayCancelEvent`). */
  canCancelEvent(event: Pick<EventSubject, 'id' | 'userId'>): Promise<boolean>;
  /** `canSeeEvent` as a condition on `events`, for lists: `visibleEventsCondition`. */
  visibleEventsWhere(): SQL;
  /** The events the viewer organises or co-hosts, as a condition on `events` ("mine"): `hostedEventsCondition`. */
  hostedEventsWhere(): SQL;

  // Activities (issue 21).
  /** An activity, with its track (trimmed for others), reactions and comments: `mayViewActivity`. */
  canSeeActivity(activity: ActivitySubject, owner: ContentOwner): Promise<boolean>;
  /** `canSeeActivity` as a condition on `activities`, for lists, sums and event progress: `visibleActivitiesCondition`. */
  visibleActivitiesWhere(): SQL;
  /** Editing, deleting, the original file: the owner only (`mayEditActivity`). */
  canEditActivity(activity: Pick<ActivitySubject, 'userId'>): boolean;

  // Gear (issue 24).
  /** A piece of gear, drafts by their owner only: `mayViewGear`. */
  canSeeGear(piece: GearSubject, owner: ContentOwner): Promise<boolean>;
  /** Editing, retiring, deleting, naming it on an activity: the owner only (`mayEditGear`). */
  canEditGear(piece: Pick<GearSubject, 'userId'>): boolean;
  /** `canSeeGear` as a condition on `gear`, for lists and an activity's gear: `visibleGearCondition`. */
  visibleGearWhere(): SQL;

  // Moderation (issue 20).
  /** Whether the viewer reviews reports: every `/api/moderation/` route but a member's own decisions asks this. */
  isModerator(): Promise<boolean>;

  // Live activities (issue 26).
  /** Watching a live session: `mayWatchLive` (live-policy.ts) at `now`. */
  canWatchLive(live: LiveSubject, now: Date): Promise<boolean>;
  /** `canWatchLive` as a condition on `live_sessions`, for the list of who is live (the viewer's own left out). */
  watchableLiveWhere(now: Date): SQL;

  // Routes and media.
  /** A route: the viewer's own, or one an event they may see uses (`mayViewRoute`). */
  canSeeRoute(route: RouteSubject): Promise<boolean>;
  /**
   * Whether to serve a display size or thumbnail of `upload`, and how to cache it (check 14): `mayViewUpload`.
   * `keys`: where the signing key is kept and the clock signatures are checked against.
   */
  canFetchUpload(upload: Upload, file: string, signature: MediaSignature, keys: Pick<Deps, 'storage' | 'clock'>): Promise<MediaAccess>;

  // Comments, on any subject (a post, an event), asked once the subject was loaded as viewable.
  /**
   * The comments of a thread the viewer is shown, as a condition on `comments`: none by a member hidden from them (a
   * block either way, a mute), none a moderator removed, none they reported (moderation-policy.ts).
   */
  visibleCommentsWhere(): SQL;
  /** Commenting on the subject: published ones only (`mayComment`). */
  canComment(subject: { isDraft: boolean }): boolean;
  /** Editing a comment: its author only (`mayEditComment`). */
  canEditComment(comment: Authored): boolean;
  /** Deleting a comment: its author, the subject's owner, an event's co-host (`mayDeleteCommentOn`). */
  canDeleteComment(comment: Authored, subject: CommentSubjectRef): Promise<boolean>;
};

const NOTHING = sql`false`;

/** The Guardian of `viewerId` (null: nobody signed in), reading through `db`. */
export function guardianFor(db: Db, viewerId: number): Guardian;
export function guardianFor(db: Db, viewerId: number | null): Guardian<number | null>;
export function guardianFor(db: Db, viewerId: number | null): Guardian<number | null> {
  const signedIn = viewerId !== null;
  return {
    viewerId,

    isBlockedWith: async (otherId) => signedIn && (await blockedEitherWay(db, viewerId, otherId)),
    isBlockedBy: async (otherId) => signedIn && (await blockedBy(db, viewerId, otherId)),
    hides: async (otherId) => signedIn && (await hiddenFrom(db, viewerId, otherId)),
    unblockedWhere: (memberColumn) => (signedIn ? notBlockedWith(viewerId, memberColumn) : NOTHING),
    unhiddenAuthorsWhere: (memberColumn) => (signedIn ? notHiddenFrom(viewerId, memberColumn) : NOTHING),
    canSeeProfileContent: async (owner) => signedIn && (await mayViewProfileContent(db, viewerId, owner)),
    canFollow: (targetId) => signedIn && mayFollow(viewerId, targetId),
    followOutcome: (target) => followOutcome(target),
    // An associate without `mentions` is mentioned by their accepted followers only.
    mentionableWhere: () =>
      signedIn ? and(mayMentionWhere(viewerId), or(permitsWhere(users.id, 'mentions'), followsWhere(viewerId, users.id)))! : NOTHING,
    invitableWhere: () => (signedIn ? mayInviteWhere(viewerId) : NOTHING),

    permits: async (permission) => signedIn && (await permits(db, viewerId, permission)),
    memberPermits: (memberId, permission) => permits(db, memberId, permission),
    managesAssociate: async (associateId) => signedIn && (await managesAssociate(db, viewerId, associateId)),
    findableMembersWhere: (memberColumn) => (signedIn ? or(sql`${memberColumn} = ${viewerId}`, permitsWhere(memberColumn, 'member_search'))! : NOTHING),

    canSeeFeed: async (feed, author) => signedIn && (await mayViewFeed(db, viewerId, feed, author)),
    visibleFeedsWhere: () => (signedIn ? visibleFeedsCondition(viewerId) : NOTHING),
    canEditPost: (post) => signedIn && mayEditPost(viewerId, post),

    eventRole: async (event) => (signedIn ? eventRole(db, viewerId, event) : 'member'),
    canSeeEvent: async (event, organiser) => signedIn && (await mayViewEvent(db, viewerId, event, organiser)),
    canEditEvent: async (event) => signedIn && mayEditEvent(await eventRole(db, viewerId, event)),
    canCancelEvent: async (event) => signedIn && mayCancelEvent(await eventRole(db, viewerId, event)),
    visibleEventsWhere: () => (signedIn ? visibleEventsCondition(viewerId) : NOTHING),
    hostedEventsWhere: () => (signedIn ? hostedEventsCondition(viewerId) : NOTHING),

    canSeeActivity: async (activity, owner) => signedIn && (await mayViewActivity(db, viewerId, activity, owner)),
    visibleActivitiesWhere: () => (signedIn ? visibleActivitiesCondition(viewerId) : NOTHING),
    canEditActivity: (activity) => signedIn && mayEditActivity(viewerId, activity),

    canSeeGear: async (piece, owner) => signedIn && (await mayViewGear(db, viewerId, piece, owner)),
    canEditGear: (piece) => signedIn && mayEditGear(viewerId, piece),
    visibleGearWhere: () => (signedIn ? visibleGearCondition(viewerId) : NOTHING),

    isModerator: async () => signedIn && (await isModerator(db, viewerId)),

    canWatchLive: async (live, now) => signedIn && (await mayWatchLive(db, viewerId, live, now)),
    watchableLiveWhere: (now) => (signedIn ? watchableLiveWhere(viewerId, now) : NOTHING),

    canSeeRoute: async (route) => signedIn && (await mayViewRoute(db, viewerId, route)),
    canFetchUpload: (upload, file, signature, keys) => mayViewUpload({ db, storage: keys.storage, clock: keys.clock }, viewerId, upload, file, signature),

    visibleCommentsWhere: () =>
      signedIn ? and(notHiddenFrom(viewerId, qualified(comments.userId)), isNull(comments.removedAt), notReportedBy(viewerId, 'comment', qualified(comments.id)))! : NOTHING,
    canComment: (subject) => signedIn && mayComment(subject),
    canEditComment: (comment) => signedIn && mayEditComment(viewerId, comment),
    canDeleteComment: async (comment, subject) => signedIn && (await mayDeleteCommentOn(db, viewerId, comment, subject)),
  };
}
