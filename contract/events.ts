import * as z from 'zod/mini';
import { pagedList } from './envelope';
import { feedLikes, reactionCodeInput } from './feeds';
import { rowId, rowIdParam } from './ids';
import { latitude, latitudeParam, longitude, longitudeParam, route } from './map-routes';
import { pagingQuery } from './paging';
import { POSTCODE_FORMAT_MESSAGE, POSTCODE_MAX, POSTCODE_PATTERN } from './postcode-format';
import { memberSummary } from './social';

/**
 * Events, called challenges on the wire (spec §3 Event, §4, §7). Field names as the spec writes them, with three
 * deliberate changes: goals are numbers in SI units (`goalCalories` kcal, `goalElevation` and `goalDistance` metres;
 * the spec's `goalEleavation` / `goalMiles` were display strings with ' elev' / ' mi' baked in), co-hosts come back as
 * member summaries (`coHosts`; `CoHost` ids on input), and times are stored with the event's own IANA time zone
 * (the spec's fixed Asia/Kolkata was a limitation of its client).
 */

export const EVENT_NAME_MAX = 120;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_ACTIVITY_TYPE_MAX = 60;
export const EVENT_PLACE_MAX = 200;
export const EVENT_COHOSTS_MAX = 10;
export const EVENT_CAPACITY_MAX = 10_000;
export const EVENT_INVITES_MAX = 50;
/** Invitations one member may send in 24 hours, to events and to co-host them together (anti-spam). */
export const EVENT_INVITES_PER_DAY = 50;
/** How far apart start and end may be: a multi-day tour, not a season. */
export const EVENT_DURATION_MAX_DAYS = 31;
/** Avatars of people going shown on a card. */
export const GOING_PREVIEW_MAX = 5;

export const DIFFICULTIES = ['easy', 'moderate', 'hard', 'expert'] as const;
export const difficulty = z.enum(DIFFICULTIES);
export type Difficulty = (typeof DIFFICULTIES)[number];

export const REPEATS = ['none', 'daily', 'weekly', 'monthly'] as const;
export const repeats = z.enum(REPEATS);
export type Repeats = (typeof REPEATS)[number];

/** `whoCanSee`: every signed-in member, the organiser's accepted followers, or only people invited. */
export const WHO_CAN_SEE = ['public', 'followers', 'invite'] as const;
export const whoCanSee = z.enum(WHO_CAN_SEE);
export type WhoCanSee = (typeof WHO_CAN_SEE)[number];

/** The event's icon, one of a fixed set the app draws (no uploaded SVG, check 15). */
export const EVENT_ICONS = ['bike', 'mountain', 'run', 'walk', 'trophy', 'flag', 'sun', 'moon'] as const;
export const eventIcon = z.enum(EVENT_ICONS);
export type EventIcon = (typeof EVENT_ICONS)[number];

/** List tabs (`type`): upcoming and past by end time, yours (organised or co-hosted, drafts included), going, interested. */
export const EVENT_TABS = ['upcoming', 'past', 'mine', 'going', 'interested'] as const;
export const eventTab = z.enum(EVENT_TABS);
export type EventTab = (typeof EVENT_TABS)[number];

/** Distance filter in kilometres from the point the member shares (`lat`, `lng`). */
export const EVENT_RANGE_MAX_KM = 500;

// Any country's postcode (issue 19); the server checks it against the event's country too (`postcodeProblem`).
const zipCode = z.string().check(z.trim(), z.maxLength(POSTCODE_MAX, POSTCODE_FORMAT_MESSAGE), z.regex(POSTCODE_PATTERN, POSTCODE_FORMAT_MESSAGE));
/** Seconds since 1970 as a string (spec §3 startDate/endDate). */
const secondsString = z.string().check(z.regex(/^\d{1,11}$/, 'Not a time.'));
const ianaZone = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_+\-/]+$/, 'Not a time zone.'));

export const eventBanner = z.strictObject({ key: z.string(), url: z.string(), thumbnail: z.string(), dimens: z.string() });

/** The viewer's state for one event and the counts, as every toggle answers it (issue 6). */
export const eventStatus = z.strictObject({
  challengeId: z.int(),
  isInterested: z.boolean(),
  isGoing: z.boolean(),
  isWaitlisted: z.boolean(),
  /** 1-based place on the waitlist, null when not waiting. */
  waitlistPosition: z.nullable(z.int()),
  interestedCount: z.int().check(z.minimum(0)),
  goingCount: z.int().check(z.minimum(0)),
  waitlistCount: z.int().check(z.minimum(0)),
  capacity: z.nullable(z.int()),
});
export type EventStatus = z.infer<typeof eventStatus>;

/** An event as lists and the details page show it. */
export const event = z.strictObject({
  id: z.int(),
  createdBy: memberSummary,
  /** Co-hosts who accepted: hosts with the organiser, who may edit. */
  coHosts: z.array(memberSummary),
  /** Members invited to co-host who have not answered yet; shown to the organiser and co-hosts only (empty otherwise). */
  pendingCoHosts: z.array(memberSummary),
  /** The viewer's own co-host invitation waiting for an answer (Accept / Decline), or null. */
  coHostInvite: z.nullable(z.strictObject({ invitedBy: memberSummary })),
  eventName: z.string(),
  activityType: z.string(),
  sportId: z.int(),
  difficulty: difficulty,
  icon: eventIcon,
  bannerImage: z.nullable(eventBanner),
  meetingDescription: z.string(),
  isDraft: z.boolean(),
  /** ISO 8601 UTC when the organiser cancelled it; null otherwise. */
  cancelledAt: z.nullable(z.string()),
  whoCanSee: whoCanSee,
  repeats: repeats,
  startDate: secondsString,
  endDate: secondsString,
  /** `hh:mm AM/PM` in `timeZone` (spec §3). */
  startTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  location: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zipCode: z.string(),
  routeId: z.nullable(z.int()),
  route: z.nullable(route),
  goalCalories: z.nullable(z.number()),
  goalElevation: z.nullable(z.number()),
  goalDistance: z.nullable(z.number()),
  status: eventStatus,
  /** The first people going, for the card's avatars. */
  goingPreview: z.array(memberSummary),
  likes: feedLikes,
  commentCount: z.int().check(z.minimum(0)),
  /** The viewer has a pending follow request to the organiser (spec §4: the list marks these). */
  isRequest: z.boolean(),
  /** The viewer may edit (organiser or co-host); only the organiser may cancel or delete. */
  canEdit: z.boolean(),
  isOrganiser: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Event = z.infer<typeof event>;

export const eventList = pagedList(event);
export type EventList = z.infer<typeof eventList>;

/** `GET /api/challengeActivity`. */
export const eventListQuery = z.strictObject({
  ...pagingQuery,
  type: z.optional(eventTab),
  sport_id: z.optional(rowIdParam),
  /** `mine`: events of any sport on the viewer's profile (none there: no event). `sport_id`, when given, wins. */
  sports: z.optional(z.literal('mine')),
  /** Kilometres from (`lat`, `lng`); both are needed with it. */
  range: z.optional(z.coerce.number().check(z.gt(0), z.lte(EVENT_RANGE_MAX_KM))),
  lat: z.optional(latitudeParam),
  lng: z.optional(longitudeParam),
  search: z.optional(z.string().check(z.maxLength(100))),
});
export type EventListQuery = z.infer<typeof eventListQuery>;

/** `GET /api/getChallengeDetails?id=`. */
export const eventIdQuery = z.strictObject({ id: rowIdParam });

const optionalGoal = (max: number) => z.optional(z.nullable(z.number().check(z.gt(0, 'A goal must be more than zero.'), z.lte(max))));

/**
 * `POST /api/challenge` (create) and `PUT /api/challenge` (edit: with `id`), spec §4: create versus edit by the
 * presence of `id`. Dates are instants; the server checks end after start, the time zone, goals and capacity again.
 */
export const eventInput = z.strictObject({
  id: z.optional(rowId),
  eventName: z.string().check(z.trim(), z.minLength(1, 'Give the event a name.'), z.maxLength(EVENT_NAME_MAX)),
  activityType: z.string().check(z.trim(), z.maxLength(EVENT_ACTIVITY_TYPE_MAX)),
  sportId: rowId,
  difficulty: difficulty,
  icon: eventIcon,
  /** Upload key from `POST /api/compress-image` (purpose `event`), or null for none. */
  bannerImage: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(100)))),
  meetingDescription: z.string().check(z.trim(), z.maxLength(EVENT_DESCRIPTION_MAX)),
  isDraft: z.boolean(),
  whoCanSee: whoCanSee,
  repeats: repeats,
  startDate: secondsString,
  endDate: secondsString,
  timeZone: ianaZone,
  latitude: z.optional(z.nullable(latitude)),
  longitude: z.optional(z.nullable(longitude)),
  location: z.optional(z.string().check(z.trim(), z.maxLength(EVENT_PLACE_MAX))),
  city: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  state: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  country: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  zipCode: z.optional(z.union([z.literal(''), zipCode])),
  routeId: z.optional(z.nullable(rowId)),
  goalCalories: optionalGoal(100_000),
  goalElevation: optionalGoal(20_000),
  goalDistance: optionalGoal(2_000_000),
  /**
   * Co-hosts wanted, accepted and invited alike: a new id is invited (it accepts or declines), a missing one is taken
   * off. Only the organiser changes them; left out, they stay as they are.
   */
  CoHost: z.optional(z.array(rowId).check(z.maxLength(EVENT_COHOSTS_MAX, `At most ${EVENT_COHOSTS_MAX} co-hosts.`))),
  capacity: z.optional(z.nullable(z.int().check(z.minimum(1, 'Capacity is at least 1.'), z.maximum(EVENT_CAPACITY_MAX)))),
});
export type EventInput = z.infer<typeof eventInput>;

/** Toggles and joins: `POST /api/challenge/interestedChallengetoggle`, `/join`, `/opt-out`; answer `eventStatus`. */
export const challengeIdBody = z.strictObject({ challengeId: rowId });

/** `POST /api/challenge/member/invite`: invite members (each gets a notification). */
export const inviteBody = z.strictObject({
  challengeId: rowId,
  userIds: z.array(rowId).check(z.minLength(1, 'Pick someone to invite.'), z.maxLength(EVENT_INVITES_MAX)),
});
export const invited = z.strictObject({ invited: z.array(z.int()) });

/** `GET /api/challenge/cohost-invites`: the viewer's co-host invitations waiting for an answer, newest first. */
export const cohostInvitesQuery = z.strictObject(pagingQuery);

/** `POST /api/challenge/cohost/decline`: the event as the member now sees it, or null when they may no longer see it. */
export const cohostDeclined = z.strictObject({ event: z.nullable(event) });

/** `POST /api/challenge/cancel` (organiser only): attendees are notified; the event stays, marked cancelled. */
export const cancelBody = challengeIdBody;
/** `DELETE /api/challenge` (organiser only). */
export const deleteEventBody = challengeIdBody;

/** `GET /api/challenge/:challengeId/calendar.ics`: the event as an iCalendar file (text/calendar), in its own time zone. */
export const eventCalendarParams = z.strictObject({ challengeId: rowIdParam });

/** `GET /api/challenge/people?challengeId=&list=`: who is going, interested or waiting (waitlist in order). */
export const PEOPLE_LISTS = ['going', 'interested', 'waitlist'] as const;
export const eventPeopleQuery = z.strictObject({
  ...pagingQuery,
  challengeId: rowIdParam,
  list: z.enum(PEOPLE_LISTS),
});
export const eventPeople = pagedList(memberSummary);

/** `POST /api/saveProductLike {id, likeUniCode, type: 'challenge'}`: set or remove the viewer's reaction. */
export const productLikeBody = z.strictObject({
  id: rowId,
  likeUniCode: z.nullable(reactionCodeInput),
  type: z.literal('challenge'),
});
/** The answer: the event's reactions now. */
export const productLikes = z.strictObject({ id: z.int(), likes: feedLikes });

/** `GET /api/challenge/likes`: who reacted to an event, all of them or with one reaction (answers `feedLikers`). */
export const eventLikersQuery = z.strictObject({
  ...pagingQuery,
  challengeId: rowIdParam,
  likeUniCode: z.optional(reactionCodeInput),
});
