import * as z from 'zod/mini';
import { pagedList } from './envelope';
import { rowId, rowIdParam } from './ids';
import { pageParam, pagingQuery } from './paging';
import { feedVideo } from './feeds';
import { memberSummary } from './social';

/**
 * Reports and the review queue (issue 20). A member reports a member, a post, an event, an activity (issue 21) or a
 * comment (on any of those) for one of the community rules below, with an optional comment and screenshots; moderators review open
 * reports grouped by what they are about, and decide: dismiss, remove the content, warn or suspend the member. Every
 * decision is in the audit log; the reporter is told the outcome, the member why, and may appeal a removal or a
 * warning once, to another moderator.
 */

/**
 * What can be reported, as `target_kind`. A short is a post of kind `short` and a comment on one is a comment: their
 * ids are a post's and a comment's, and the server files each report under the kind the row really is (a short sent
 * to `/api/report-feed` is a short's report), so each has its own list (spec: manage-feeds, manage-shorts).
 */
export const REPORT_TARGETS = ['member', 'post', 'event', 'comment', 'activity', 'short', 'short_comment'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** The table row a kind's id names: a short's is a post's (`feeds.id`), a short's comment's a comment's. */
export const TARGET_ROW = {
  member: 'member',
  post: 'post',
  short: 'post',
  event: 'event',
  activity: 'activity',
  comment: 'comment',
  short_comment: 'comment',
} as const satisfies Record<ReportTarget, string>;
export type TargetRow = (typeof TARGET_ROW)[ReportTarget];
/** The kinds whose ids name `row`'s rows. */
export const kindsOfRow = (row: TargetRow) => REPORT_TARGETS.filter((kind) => TARGET_ROW[kind] === row);

/** How a sentence names a reported thing: "a short by Maya", "your comment". */
export const TARGET_NOUNS = {
  member: 'member',
  post: 'post',
  short: 'short',
  event: 'event',
  activity: 'activity',
  comment: 'comment',
  short_comment: 'comment',
} as const satisfies Record<ReportTarget, string>;
/** "a post", "an event". */
export const withArticle = (kind: ReportTarget) => `${/^[aeiou]/.test(TARGET_NOUNS[kind]) ? 'an' : 'a'} ${TARGET_NOUNS[kind]}`;

/**
 * The community rules (the terms page lists them): each report names one, and each moderator decision cites one.
 * `GET /api/reason` answers them in this order.
 */
export const REPORT_REASONS = [
  { id: 1, code: 'harassment', title: 'Harassment or bullying', rule: 'Treat other members with respect: no insults, threats, stalking or piling on.' },
  { id: 2, code: 'hate', title: 'Hate speech or symbols', rule: 'No attacks on people for who they are: race, religion, gender, sexuality, disability or origin.' },
  { id: 3, code: 'spam', title: 'Spam or scam', rule: 'No advertising, repeated posts, fake giveaways or links that trick people.' },
  { id: 4, code: 'nudity', title: 'Nudity or sexual content', rule: 'No nudity or sexual content.' },
  { id: 5, code: 'violence', title: 'Violence or threats', rule: 'No violence, threats of violence or glorifying it.' },
  {
    id: 6,
    code: 'dangerous_trail',
    title: 'Dangerous trail behaviour',
    rule: 'Do not encourage riding closed or illegal trails, racing on public roads, or putting other trail users at risk.',
  },
  { id: 7, code: 'impersonation', title: 'Impersonation', rule: 'Be yourself: do not pretend to be another person, brand or organisation.' },
  { id: 8, code: 'minor_at_risk', title: 'A minor at risk', rule: 'Nothing that puts a child at risk, and no sharing of where a child can be found.' },
  { id: 9, code: 'other', title: 'Something else', rule: 'Anything else that breaks the terms of use.' },
] as const;
export type ReportReasonId = (typeof REPORT_REASONS)[number]['id'];
export const reasonTitle = (id: number) => REPORT_REASONS.find((r) => r.id === id)?.title ?? 'Something else';

export const reportReason = z.strictObject({ id: z.int(), code: z.string(), title: z.string(), rule: z.string() });
export type ReportReason = z.infer<typeof reportReason>;
/** `GET /api/reason`. */
export const reasonList = z.object({ list: z.array(reportReason) });

export const REPORT_COMMENT_MAX = 1000;
export const REPORT_IMAGES_MAX = 4;
/** Reports one member may send in a day (UTC), so a queue cannot be flooded. */
export const REPORTS_PER_DAY = 20;

const reasonIdField = z.int('Choose a reason.').check(z.minimum(1, 'Choose a reason.'), z.maximum(REPORT_REASONS.length, 'Choose a reason.'));
const reportFields = {
  reasonId: reasonIdField,
  comment: z.optional(z.string().check(z.maxLength(REPORT_COMMENT_MAX, `At most ${REPORT_COMMENT_MAX} characters.`))),
  /** Screenshots: upload keys from `POST /api/compress-image` with purpose `report`. */
  images: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.maxLength(REPORT_IMAGES_MAX, `At most ${REPORT_IMAGES_MAX} screenshots.`))),
};
/** `POST /api/user/report` (spec §7 also sends `attachments` and `checkFollowerFollowing`; the first is `images`). */
export const reportMemberBody = z.strictObject({ userId: rowId, ...reportFields, checkFollowerFollowing: z.optional(z.boolean()) });
/** `POST /api/report-feed`. */
export const reportPostBody = z.strictObject({ feedId: rowId, ...reportFields });
/** `POST /api/report-event`. */
export const reportEventBody = z.strictObject({ eventId: rowId, ...reportFields });
/** `POST /api/report-activity`. */
export const reportActivityBody = z.strictObject({ activityId: rowId, ...reportFields });
/** `POST /api/report-feed-comment`: a comment on a post, an event or an activity. */
export const reportCommentBody = z.strictObject({ commentId: rowId, ...reportFields });
/** `POST /api/short-video-report`: a short is a video feed, named by its `feedId`. */
export const reportShortBody = reportPostBody;
/** `POST /api/shortVideoReportedComment`: a comment on a short. */
export const reportShortCommentBody = reportCommentBody;
export type ReportBody = z.infer<typeof reportPostBody>;

/** The field each kind's body names its target by. */
export const REPORT_ID_FIELDS = {
  member: 'userId',
  post: 'feedId',
  short: 'feedId',
  event: 'eventId',
  comment: 'commentId',
  short_comment: 'commentId',
  activity: 'activityId',
} as const satisfies Record<ReportTarget, string>;

/** Withdrawing an open report (spec: delete a report): `DELETE` on the kind's withdraw path, `?reportId=`. */
export const withdrawReportQuery = z.strictObject({ reportId: rowIdParam });

/** Where each kind is reported, listed and withdrawn (spec §7 names; events follow the posts' pattern). */
export const REPORT_PATHS: Record<ReportTarget, { create: string; list: string; withdraw: string }> = {
  member: { create: '/api/user/report', list: '/api/user/reported/list', withdraw: '/api/user/report' },
  post: { create: '/api/report-feed', list: '/api/report-feed', withdraw: '/api/report-delete-feed' },
  event: { create: '/api/report-event', list: '/api/report-event', withdraw: '/api/report-event' },
  comment: { create: '/api/report-feed-comment', list: '/api/report-feed-comment', withdraw: '/api/report-delete-comment' },
  activity: { create: '/api/report-activity', list: '/api/report-activity', withdraw: '/api/report-activity' },
  short: { create: '/api/short-video-report', list: '/api/short-video-report', withdraw: '/api/short-video-report' },
  short_comment: { create: '/api/shortVideoReportedComment', list: '/api/shortVideoReportedComment', withdraw: '/api/shortVideoReportedComment' },
};

export const REPORT_STATUSES = ['open', 'action_taken', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * What a report is about, as far as the reporter or a moderator may be shown it: the member it concerns, a plain-text
 * excerpt (a post's text, an event's name, a comment's words; null when gone), and where it lives (`link`: the member,
 * the post or the event, a comment's post, event or activity). `removed`: taken down by a moderator.
 */
export const reportTargetView = z.strictObject({
  member: z.nullable(memberSummary),
  excerpt: z.nullable(z.string()),
  link: z.nullable(z.strictObject({ kind: z.enum(['member', 'post', 'short', 'event', 'activity']), id: z.int() })),
  removed: z.boolean(),
});
export type ReportTargetView = z.infer<typeof reportTargetView>;

/** One of the viewer's own reports (the manage-users / manage-feeds lists). */
export const myReport = z.strictObject({
  reportId: z.int(),
  targetKind: z.enum(REPORT_TARGETS),
  targetId: z.int(),
  reasonId: z.int(),
  reason: z.string(),
  comment: z.nullable(z.string()),
  /** Signed display URLs of the screenshots. */
  images: z.array(z.string()),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.nullable(z.string()),
  target: reportTargetView,
});
export type MyReport = z.infer<typeof myReport>;
export const myReportList = pagedList(myReport);
export type MyReportList = z.infer<typeof myReportList>;
export const myReportsQuery = z.strictObject({ ...pagingQuery });

export const reportMessages = {
  memberReported: 'User reported successfully.',
  sent: 'Report sent successfully.',
  withdrawn: 'Report withdrawn.',
  duplicate: 'You already reported this. It is waiting for review.',
  dailyLimit: `You have sent ${REPORTS_PER_DAY} reports today. Try again tomorrow.`,
  notOpen: 'This report was already reviewed, so it cannot be withdrawn.',
  self: 'You cannot report yourself.',
};

// ---- The review queue (moderators only: every route below `/api/moderation/` but `decisions` answers 403 to members).

/** One target with open reports: how many, for which rules, by whom (the first three), since when. */
export const queueItem = z.strictObject({
  targetKind: z.enum(REPORT_TARGETS),
  targetId: z.int(),
  reportCount: z.int(),
  reasons: z.array(z.strictObject({ id: z.int(), title: z.string(), count: z.int() })),
  reporters: z.array(memberSummary),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  target: reportTargetView,
});
export type QueueItem = z.infer<typeof queueItem>;
export const queueList = pagedList(queueItem);
export type QueueList = z.infer<typeof queueList>;
/** Oldest first: the queue is worked in the order members asked. Paged by number. */
export const queueQuery = z.strictObject({ page: pageParam });

export const MODERATION_ACTIONS = ['dismiss', 'remove', 'warn', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** What the audit log records: the four decisions, and an appeal's answer. */
export type ModerationActionKind = ModerationAction | 'appeal_granted' | 'appeal_denied';

export const NOTE_MAX = 1000;
/** `POST /api/moderation/actions`: a decision on a target with open reports, always with a written reason. */
export const moderationActionBody = z.strictObject({
  targetKind: z.enum(REPORT_TARGETS),
  targetId: rowId,
  action: z.enum(MODERATION_ACTIONS),
  /** The rule broken; required for everything but a dismissal. */
  ruleId: z.optional(reasonIdField),
  note: z.string().check(z.trim(), z.minLength(3, 'Write why, in a few words.'), z.maxLength(NOTE_MAX, `At most ${NOTE_MAX} characters.`)),
  /** A suspension's length in days; absent or null suspends for good. */
  days: z.optional(z.nullable(z.int().check(z.minimum(1, 'At least 1 day.'), z.maximum(3650, 'At most 3650 days.')))),
});
export type ModerationActionBody = z.infer<typeof moderationActionBody>;

/** `GET /api/moderation/case?targetKind=&targetId=`. */
export const caseQuery = z.strictObject({ targetKind: z.enum(REPORT_TARGETS), targetId: rowIdParam });

/** One line of the audit log (and of a member's decisions). */
export const auditEntry = z.strictObject({
  actionId: z.int(),
  action: z.enum([...MODERATION_ACTIONS, 'appeal_granted', 'appeal_denied']),
  /** Null for a member reading their own decisions: who decided is not theirs to know. */
  moderator: z.nullable(memberSummary),
  targetKind: z.enum(REPORT_TARGETS),
  targetId: z.int(),
  member: z.nullable(memberSummary),
  ruleId: z.nullable(z.int()),
  rule: z.nullable(z.string()),
  note: z.string(),
  /** A suspension's end (ISO); 9999-12-31 is for good. */
  until: z.nullable(z.string()),
  excerpt: z.nullable(z.string()),
  createdAt: z.string(),
  appeal: z.nullable(z.strictObject({ appealId: z.int(), status: z.enum(['open', 'granted', 'denied']), text: z.string(), createdAt: z.string() })),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditList = pagedList(auditEntry);
export type AuditList = z.infer<typeof auditList>;
export const auditQuery = z.strictObject({ page: pageParam });

/** A reported thing in context, for the moderator deciding. */
export const moderationCase = z.strictObject({
  targetKind: z.enum(REPORT_TARGETS),
  targetId: z.int(),
  target: reportTargetView,
  /** The content itself: a post's or comment's whole text, an event's name and description, a member's bio. */
  text: z.nullable(z.string()),
  /** Its photos (signed display URLs). */
  images: z.array(z.string()),
  /** A short's video, its poster and captions (signed: moderators see what members reported whoever may watch it). */
  video: z.nullable(feedVideo),
  createdAt: z.nullable(z.string()),
  /** A comment's thread: what it is on (the post's text or event's name) and, for a reply, the comment replied to. */
  context: z.nullable(
    z.strictObject({
      subjectExcerpt: z.nullable(z.string()),
      parent: z.nullable(z.strictObject({ member: z.nullable(memberSummary), body: z.string() })),
    }),
  ),
  /** The member's latest posts (newest first, at most 5), drafts left out. */
  recentPosts: z.array(z.strictObject({ feedId: z.int(), text: z.string(), images: z.array(z.string()), createdAt: z.string(), removed: z.boolean() })),
  /** The member's standing: suspended until when (null: not), and the warnings on record. */
  memberStatus: z.nullable(z.strictObject({ suspendedUntil: z.nullable(z.string()), warnings: z.int() })),
  reports: z.array(
    z.strictObject({
      reportId: z.int(),
      reporter: z.nullable(memberSummary),
      reasonId: z.int(),
      reason: z.string(),
      comment: z.nullable(z.string()),
      images: z.array(z.string()),
      status: z.enum(REPORT_STATUSES),
      createdAt: z.string(),
    }),
  ),
  /** Earlier decisions about the same member, newest first (at most 10). */
  history: z.array(auditEntry),
});
export type ModerationCase = z.infer<typeof moderationCase>;

/** An appeal waiting for a moderator (`GET /api/moderation/appeals`). */
export const openAppeal = z.strictObject({ appealId: z.int(), text: z.string(), createdAt: z.string(), member: z.nullable(memberSummary), decision: auditEntry });
export type OpenAppeal = z.infer<typeof openAppeal>;
export const appealList = pagedList(openAppeal);
export type AppealList = z.infer<typeof appealList>;

/** `POST /api/moderation/appeals/:appealId`: another moderator's answer; granting restores removed content. */
export const appealDecisionBody = z.strictObject({
  decision: z.enum(['grant', 'deny']),
  note: z.string().check(z.trim(), z.minLength(3, 'Write why, in a few words.'), z.maxLength(NOTE_MAX, `At most ${NOTE_MAX} characters.`)),
});
export const APPEAL_MAX = 2000;
/** `POST /api/moderation/decisions/:actionId/appeal`: the member's one appeal of a removal or a warning. */
export const appealBody = z.strictObject({
  text: z.string().check(z.trim(), z.minLength(10, 'Tell the moderators why, in a sentence or two.'), z.maxLength(APPEAL_MAX, `At most ${APPEAL_MAX} characters.`)),
});
export const actionIdParams = z.strictObject({ actionId: rowIdParam });
export const appealIdParams = z.strictObject({ appealId: rowIdParam });

export const moderationMessagesFor = {
  dismissed: 'Reports dismissed. The reporters are told.',
  removed: 'Content removed. The author and the reporters are told.',
  warned: 'Member warned. They and the reporters are told.',
  suspended: 'Member suspended and signed out everywhere.',
  appealSent: 'Your appeal was sent. Another moderator will decide.',
  appealGranted: 'Appeal granted. The decision is undone and the member is told.',
  appealDenied: 'Appeal denied. The member is told.',
  notOpen: 'Nothing about this is waiting for review.',
  sameModerator: 'Another moderator decides this appeal: you made the decision.',
  appealedAlready: 'You have already appealed this decision.',
  notAppealable: 'Only a removal or a warning can be appealed here.',
  cannotRemoveMember: 'A member cannot be removed: warn or suspend them.',
  ruleNeeded: 'Choose the rule that was broken.',
};

/** The far end of a suspension for good (ISO), as `until` reads it. */
export const SUSPENDED_FOR_GOOD = '9999-12-31T00:00:00.000Z';
