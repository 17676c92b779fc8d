import * as z from 'zod/mini';
import { pagedList } from './envelope';
import { rowId } from './ids';
import { pagingQuery } from './paging';
import { memberCard, memberSummary } from './social';

/**
 * What a notification is about. Each kind is also a row of the settings screen (spec §2 /notifications/settings);
 * posts, comments, events and associates start writing theirs when those areas land.
 */
export const NOTIFICATION_KINDS = [
  'new_follower',
  'follow_request',
  'request_accepted',
  'likes',
  'comments',
  'mentions',
  'events',
  'associates',
  'moderation',
  'gear',
  'live',
] as const;
export const notificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKind>;

/**
 * Where a notification leads. Issue 20: `<kind>_report` is one of the member's own reports (its id; the list of that
 * kind's reports), `decision` a moderator's decision about them (the action's id; /moderation, where they may appeal).
 */
export const NOTIFICATION_SUBJECTS = [
  'profile',
  'feed',
  'comment',
  'event',
  'event_comment',
  'activity',
  'activity_comment',
  'member_report',
  'post_report',
  'event_report',
  'comment_report',
  'activity_report',
  'short_report',
  'short_comment_report',
  'decision',
  'gear',
  'associate',
  'live',
] as const;
export const notificationSubject = z.enum(NOTIFICATION_SUBJECTS);

/** The member who did the thing, as small as a notification row needs. */
export const notificationActor = memberSummary;
export type NotificationActor = z.infer<typeof notificationActor>;

export const notification = z.strictObject({
  id: z.int(),
  kind: notificationKind,
  /** One sentence, e.g. "Robin Ridge started following you." (the same words go into the e-mail). */
  message: z.string(),
  actor: z.nullable(notificationActor),
  subjectType: notificationSubject,
  /** The subject's id: the actor's userId for a profile, a feedId, commentId, eventId or event commentId otherwise. */
  subjectId: z.int(),
  /** For subjects that need a second id to link to (a comment's feedId); null otherwise. */
  parentId: z.nullable(z.int()),
  isRead: z.boolean(),
  /** ISO 8601 UTC. */
  createdAt: z.string(),
  /**
   * Issue 19: repeats are one row. Notifications saying the same thing about the same subject (a post's reactions, its
   * comments) that are all unread, or were read and came the same day, are listed as one, this one (the latest)
   * standing for them. Opaque: a pushed notification whose key is a listed row's belongs to that row.
   */
  groupKey: z.string(),
  /** What was done, after the actors' names ("reacted to your post."); null for a row that never groups. */
  action: z.nullable(z.string()),
  /** Who did it, latest first, each once, at most 3 (the avatars); `actor` first. */
  actors: z.array(notificationActor).check(z.maxLength(3)),
  /** How many other members did it besides `actor` ("Maya Ridge and 3 others…"). */
  otherActorCount: z.int().check(z.minimum(0)),
  /** How many notifications the row stands for, all read or all unread; marking the row read reads them all. */
  groupedCount: z.int().check(z.minimum(1)),
  /** The small picture of the post's first photo, while the member may still see the post; else null. */
  thumbnail: z.nullable(z.string()),
  /** The comment's first words, the post's title or the event's name (plain text, ~80 characters); null when hidden. */
  excerpt: z.nullable(z.string()),
});
export type Notification = z.infer<typeof notification>;

/** The counts the navigation shows; pushed over the socket whenever either changes. */
export const notificationBadge = z.strictObject({
  unreadCount: z.int().check(z.minimum(0)),
  newFollowerRequestCount: z.int().check(z.minimum(0)),
});
export type NotificationBadge = z.infer<typeof notificationBadge>;

/** `GET /api/notifications`: newest first, 20 a page; the badge rides along (spec §3: newFollowerRequestCount). */
export const notificationList = z.object({
  ...pagedList(notification).shape,
  unreadCount: z.int().check(z.minimum(0)),
  newFollowerRequestCount: z.int().check(z.minimum(0)),
});
export type NotificationList = z.infer<typeof notificationList>;

/**
 * `timeZone`: the member's IANA zone (the browser's), whose days gather read repeats into one row; UTC when left out.
 * The same zone on every page of one list, or rows may shift between pages.
 */
export const notificationListQuery = z.strictObject({
  ...pagingQuery,
  timeZone: z.optional(z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_+\-/]+$/, 'Not a time zone.'))),
});

/**
 * `POST /api/notifications/read`: one notification with the unread ones its row stands for (`groupKey`), or every one
 * when `notificationId` is left out.
 */
export const markReadBody = z.strictObject({ notificationId: z.optional(rowId) });

/**
 * `GET /api/notificationRequestFollowList`: the follow-requests row at the top of the notifications screen —
 * how many are waiting and the newest few requesters.
 */
export const followRequestSummary = z.strictObject({
  newFollowerRequestCount: z.int().check(z.minimum(0)),
  latest: z.array(memberCard).check(z.maxLength(3)),
});
export type FollowRequestSummary = z.infer<typeof followRequestSummary>;

/** One row of the settings screen: a kind, on or off per channel. */
export const notificationSetting = z.strictObject({
  kind: notificationKind,
  inApp: z.boolean(),
  email: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSetting>;

/** `GET /api/notification-setting` answers every kind; `POST` takes any of them and answers every kind again. */
export const notificationSettings = z.strictObject({
  settings: z.array(notificationSetting).check(z.maxLength(NOTIFICATION_KINDS.length)),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;
