import * as z from 'zod/mini';
import { rowId, rowIdParam } from './ids';
import { ageOn, calendarDate, email, gender, otp, password, personName, deviceToken, deviceType } from './rules';

/**
 * Associates (issue 25; spec §3 Associate, §7 `/api/associate*`, §9 Status): member accounts of their own (own handle,
 * own sign-in) that an owner (a parent, a coach) creates and manages, permission by permission. The server asks the
 * policy for an associate's every action (server/policy/associate-policy.ts); the screen only hides what is refused.
 */

/** Spec §9: Status Active = 1, Inactive = 0. An inactive associate is signed out everywhere and cannot sign in. */
export const ASSOCIATE_STATUS = { inactive: 0, active: 1 } as const;
export type AssociateStatus = (typeof ASSOCIATE_STATUS)[keyof typeof ASSOCIATE_STATUS];

/** The default of `MAX_ASSOCIATES`: how many associates one owner may manage. */
export const DEFAULT_MAX_ASSOCIATES = 5;
/** Under this age the safe defaults apply, and at it the associate is offered to become independent. */
export const INDEPENDENCE_AGE = 16;
/** The youngest rider an owner may add (a balance bike is not an account). */
export const ASSOCIATE_MIN_AGE = 5;

/**
 * Every permission, by category (spec §3: a list of {id, status}, grouped by category in the screen). `under16`
 * false: withheld by default from an associate under 16 (the owner may grant it, never the associate).
 */
export const PERMISSION_CATEGORIES = [
  {
    id: 'posting',
    label: 'Posting',
    permissions: [
      { id: 'post', label: 'Post to the feed', hint: 'Text and photo posts, and sharing gear as a post.', under16: true },
      { id: 'post_shorts', label: 'Post shorts', hint: 'Short vertical videos.', under16: true },
      { id: 'comment', label: 'Comment', hint: 'On posts, shorts, events and activities.', under16: true },
      { id: 'react', label: 'React', hint: 'Likes and reactions on posts, events, activities and comments.', under16: true },
    ],
  },
  {
    id: 'social',
    label: 'People',
    permissions: [
      { id: 'follow', label: 'Follow others', hint: 'Follow members, or ask to follow private ones.', under16: true },
      { id: 'accept_followers', label: 'Accept followers', hint: 'Without it nobody new can follow them.', under16: true },
      { id: 'member_search', label: 'Appear in member search', hint: 'Others can find them by name.', under16: false },
      { id: 'mentions', label: 'Be mentioned by anyone they are connected to', hint: 'Without it only their followers can @-mention them.', under16: false },
    ],
  },
  {
    id: 'events',
    label: 'Events',
    permissions: [
      { id: 'join_events', label: 'Join events', hint: 'Join, or show interest in, events.', under16: true },
      { id: 'create_events', label: 'Create events', hint: 'Organise or co-host events and draw routes.', under16: false },
    ],
  },
  {
    id: 'activities',
    label: 'Activities',
    permissions: [
      { id: 'record_activities', label: 'Add activities', hint: 'Import GPX, FIT or TCX files, or type one in.', under16: true },
      { id: 'share_activities', label: 'Show activities to others', hint: 'Without it their activities are seen by them and you only.', under16: true },
      {
        id: 'share_live',
        label: 'Share live location',
        hint: 'Live sessions while they ride or hike. Under 16 only you may watch, and you are told if they go silent.',
        under16: true,
      },
    ],
  },
  {
    id: 'profile',
    label: 'Profile',
    permissions: [
      { id: 'edit_profile', label: 'Edit their profile', hint: 'Name, handle, photo, bio and sports.', under16: true },
      { id: 'public_profile', label: 'Make their profile public', hint: 'Without it the profile stays private: followers need approval.', under16: false },
    ],
  },
  {
    id: 'gear',
    label: 'Gear',
    permissions: [{ id: 'add_gear', label: 'Add and edit gear', hint: 'Bikes, shoes and their parts.', under16: true }],
  },
] as const;

export type PermissionId = (typeof PERMISSION_CATEGORIES)[number]['permissions'][number]['id'];
export const PERMISSION_IDS: PermissionId[] = PERMISSION_CATEGORIES.flatMap((c): PermissionId[] => c.permissions.map((p) => p.id));
type PermissionInfo = { id: PermissionId; label: string; hint: string; under16: boolean };
/** Every permission with its label and hint, in the categories' order. */
export const PERMISSIONS: readonly PermissionInfo[] = PERMISSION_CATEGORIES.flatMap((c): readonly PermissionInfo[] => c.permissions);
export const permissionLabel = (id: PermissionId) => PERMISSIONS.find((p) => p.id === id)!.label;

/** What an associate of this age gets when the owner does not choose otherwise. */
export function defaultPermissions(dob: string, today = new Date()): PermissionId[] {
  const young = ageOn(dob, today) < INDEPENDENCE_AGE;
  return PERMISSIONS.filter((p) => !young || p.under16).map((p) => p.id);
}

/** The message of the 403 an associate gets for an action their owner has not allowed. */
export const notPermittedMessage = (id: PermissionId) => `The member who manages your account has not allowed this (${permissionLabel(id)}).`;

const permissionId = z.enum(PERMISSION_IDS as [PermissionId, ...PermissionId[]], 'Not a permission of the list');
const status = z.union([z.literal(0), z.literal(1)], 'Status is 1 (active or granted) or 0 (inactive or not granted)');

/** Spec §3: the permissions list, one entry per permission, `status` 1 granted or 0 not. */
export const permissionEntry = z.object({ id: permissionId, status });
const permissionList = z.array(z.strictObject({ id: permissionId, status })).check(
  z.maxLength(PERMISSION_IDS.length),
  z.refine((list) => new Set(list.map((p) => p.id)).size === list.length, 'Name each permission once'),
);

export const associateDob = calendarDate('Enter a real date of birth as YYYY-MM-DD').check(
  z.refine((v) => ageOn(v, new Date()) >= ASSOCIATE_MIN_AGE, `An associate must be at least ${ASSOCIATE_MIN_AGE}`),
  z.refine((v) => ageOn(v, new Date()) <= 120, 'Enter a real date of birth'),
);

/** An upload of the owner's (`POST /api/compress-image`'s key), or null for no photo. */
const ownUploadKey = z.nullable(z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'Upload the photo again')));

/**
 * `POST /api/associate/add`: step 1's details and step 2's permissions; with `associateId`, an edit of that associate
 * (its e-mail stays: it is their sign-in). Permissions left out keep their state (a new associate: the age's default).
 */
export const associateSaveBody = z.strictObject({
  associateId: z.optional(rowId),
  email: z.optional(email),
  firstName: personName('first name'),
  lastName: personName('last name'),
  dob: associateDob,
  gender: z.optional(z.nullable(gender)),
  profileImage: z.optional(ownUploadKey),
  permission: z.optional(permissionList),
});

/** `POST /api/associate/status`. */
export const associateStatusBody = z.strictObject({ associateId: rowId, status });

/** `POST /api/associate/remove`: delete the account, or (16 and older only) let it go as an independent member. */
export const associateRemoveBody = z.strictObject({ associateId: rowId, mode: z.enum(['delete', 'release'], 'Choose delete or release') });

/** `POST /api/associate/permissions`: spec §7 `{associateId, permission[]}`; the ones named are set, others kept. */
export const associatePermissionsBody = z.strictObject({ associateId: rowId, permission: permissionList });

export const associateIdQuery = z.strictObject({ associateId: rowIdParam });

/** One associate as their owner sees them. */
export const associate = z.object({
  associateId: z.int(),
  email: z.string(),
  handleName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dob: z.string(),
  age: z.int(),
  gender: z.nullable(gender),
  status,
  profileImage: z.nullable(z.string()),
  /** Whether they have not set a password from the invitation yet. */
  invitationPending: z.boolean(),
  /** Their latest use of the app (ISO 8601), or null. */
  lastActiveAt: z.nullable(z.string()),
  /** 16 or older: may be released as an independent member. */
  mayBecomeIndependent: z.boolean(),
  permission: z.array(permissionEntry),
});
export type Associate = z.infer<typeof associate>;

/** `GET /api/associate`: spec §3's associateList, associateCount and maxAssociates. */
export const associateListData = z.object({ associateList: z.array(associate), associateCount: z.int(), maxAssociates: z.int() });

export const AUDIT_CHANGES = ['created', 'edited', 'granted', 'revoked', 'activated', 'deactivated', 'invited'] as const;
export type AuditChange = (typeof AUDIT_CHANGES)[number];
export const associateAuditEntry = z.object({
  id: z.int(),
  change: z.enum(AUDIT_CHANGES),
  permission: z.nullable(permissionId),
  /** Who made it: the owner, or nobody left (a deleted account). */
  by: z.nullable(z.object({ userId: z.int(), handleName: z.string(), firstName: z.string(), lastName: z.string() })),
  at: z.string(),
});
export type AssociateAuditEntry = z.infer<typeof associateAuditEntry>;

/** `GET /api/associate/permissions`: the permissions and the audit of every permission and status change, newest first. */
export const associatePermissionsData = z.object({
  associateId: z.int(),
  firstName: z.string(),
  lastName: z.string(),
  status,
  permission: z.array(permissionEntry),
  audit: z.array(associateAuditEntry),
});

/** `POST /api/associate/invitation`: the owner sends a new invitation code. */
export const associateInvitationBody = z.strictObject({ associateId: rowId });

/** `POST /api/associate/invitation/code`: anyone asks for a new code for an invited address (same answer for any). */
export const invitationCodeBody = z.strictObject({ email });

/** `POST /api/associate/accept`: the invitation's code and the associate's new password; answers a session. */
export const acceptInvitationBody = z.strictObject({ email, otp, password, deviceType, deviceToken });
