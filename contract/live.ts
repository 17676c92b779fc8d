import * as z from 'zod/mini';
import { ACTIVITY_VISIBILITIES } from './activities';
import { rowId, rowIdParam } from './ids';
import { email } from './rules';
import { memberSummary } from './social';

/**
 * Live activities (issue 26): a member shares where they are while out; the people they chose watch it on a map; their
 * safety contacts are alerted when they go silent or are not back when they said. The wire of spec §2
 * `/activities/live`, shared by the server, the SPA and the mobile apps.
 */

/** Who may watch besides the sharer's safety contacts: their accepted followers, the members they chose, or nobody else. */
export const LIVE_AUDIENCES = ['followers', 'chosen', 'contacts'] as const;
export type LiveAudience = (typeof LIVE_AUDIENCES)[number];
export const LIVE_STATUSES = ['live', 'paused', 'ended'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

/** A session ends by itself this long after it started (a phone left sharing in a drawer stops by the next morning). */
export const LIVE_MAX_HOURS = 12;
/** How long without a position before the sharer is asked "Are you OK?", in minutes: the choices offered. */
export const SILENCE_CHOICES = [10, 15, 30, 60] as const;
export const DEFAULT_SILENCE_MINUTES = 15;
/** After "Are you OK?" goes unanswered this long, the safety contacts are alerted. */
export const CHECK_GRACE_MINUTES = 5;
/** Members the sharer picks to watch, and safety contacts (members and e-mail addresses together). */
export const MAX_LIVE_WATCHERS = 20;
export const MAX_SAFETY_CONTACTS = 5;
/** Positions in one batch: a few seconds' worth live, more when a phone sends what it kept while offline. */
export const MAX_BATCH_POINTS = 120;
/** The browser keeps at most this many unsent positions (2 h at one a second); older ones are dropped first. */
export const MAX_BUFFERED_POINTS = 7_200;
/** How often the sharer's app sends what it has (positions come at most once a second). */
export const SEND_EVERY_MS = 3_000;
/** A viewer who opened the session within this long counts as watching now. */
export const WATCHING_WINDOW_MS = 120_000;

const lng = z.number().check(z.gte(-180, 'A longitude is between -180 and 180.'), z.lte(180, 'A longitude is between -180 and 180.'));
const lat = z.number().check(z.gte(-90, 'A latitude is between -90 and 90.'), z.lte(90, 'A latitude is between -90 and 90.'));

/** One position as the sharer's device read it: when (epoch ms), where, and optionally height and accuracy (m). */
export const livePoint = z.strictObject({
  t: z.int('A position needs its time in milliseconds.').check(z.minimum(0)),
  lng,
  lat,
  ele: z.optional(z.nullable(z.number().check(z.gte(-500), z.lte(9000)))),
  acc: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(100_000)))),
});
export type LivePoint = z.infer<typeof livePoint>;

export const livePoints = z.array(livePoint).check(z.minLength(1, 'Send at least one position.'), z.maxLength(MAX_BATCH_POINTS, `At most ${MAX_BATCH_POINTS} positions at once.`));

const memberIds = (max: number, what: string) => z.array(rowId).check(z.maxLength(max, `At most ${max} ${what}.`));

/** ISO 8601 date and time (with its offset or Z). */
const instant = z.string().check(z.refine((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)), 'Enter a date and time.'));

/** `POST /api/live`: start sharing. */
export const liveStartBody = z.strictObject({
  sportId: rowId,
  audience: z.enum(LIVE_AUDIENCES, 'Choose who may watch: followers, chosen members or only safety contacts.'),
  watcherIds: z.optional(memberIds(MAX_LIVE_WATCHERS, 'members to watch')),
  contactIds: z.optional(memberIds(MAX_SAFETY_CONTACTS, 'safety contacts')),
  contactEmails: z.optional(z.array(email).check(z.maxLength(MAX_SAFETY_CONTACTS, `At most ${MAX_SAFETY_CONTACTS} safety contacts.`))),
  /** When the sharer expects to be back; past it without a stop, the safety contacts are alerted. */
  expectedReturnAt: z.optional(z.nullable(instant)),
  silenceMinutes: z.optional(
    z.int().check(z.refine((m) => (SILENCE_CHOICES as readonly number[]).includes(m), `Choose ${SILENCE_CHOICES.join(', ')} minutes.`)),
  ),
  /** An event going on now whose attendees may watch this session on the event's group map. */
  eventId: z.optional(z.nullable(rowId)),
  /** The sharer's zone, for the saved activity's title ("Morning ride"). */
  timeZone: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});
export type LiveStartBody = z.infer<typeof liveStartBody>;

export const liveIdParams = z.strictObject({ liveId: rowIdParam });
export const liveLinkParams = z.strictObject({ liveId: rowIdParam, linkId: rowIdParam });
export const liveTokenParams = z.strictObject({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,64}$/, 'That link is not valid.')) });

/** `POST /api/live/:liveId/positions`: the HTTP way to send a batch (the socket's `live-positions` is the other). */
export const livePositionsBody = z.strictObject({ points: livePoints });
/** What a batch was answered: the time of the newest position the server holds, so the sender drops what it kept. */
export const livePositionsAck = z.strictObject({ liveId: z.int(), storedUntil: z.int(), status: z.enum(LIVE_STATUSES) });
export type LivePositionsAck = z.infer<typeof livePositionsAck>;

/** `POST /api/live/:liveId/state`: pause or resume. */
export const liveStateBody = z.strictObject({ status: z.enum(['live', 'paused'], 'Choose live or paused.') });
/** `POST /api/live/:liveId/ok`: "I'm OK" — the check is answered, and the expected return may move. */
export const liveOkBody = z.strictObject({ expectedReturnAt: z.optional(z.nullable(instant)) });
/** `POST /api/live/:liveId/stop`: end it, saving the track as an activity or not. */
export const liveStopBody = z.strictObject({
  save: z.boolean(),
  title: z.optional(z.string().check(z.trim(), z.maxLength(120, 'A title is at most 120 characters.'))),
  visibility: z.optional(z.enum(ACTIVITY_VISIBILITIES, 'Choose who sees it: everyone, followers or only me.')),
});
export const liveStopped = z.strictObject({ liveId: z.int(), activityId: z.nullable(z.int()) });
/** `PUT /api/live/:liveId/people`: who may watch, as the sharer now wants it (members; e-mail contacts are links). */
export const livePeopleBody = z.strictObject({ watcherIds: memberIds(MAX_LIVE_WATCHERS, 'members to watch'), contactIds: memberIds(MAX_SAFETY_CONTACTS, 'safety contacts') });
/** `POST /api/live/:liveId/links`: a link for a safety contact without an account, sent to them by e-mail. */
export const liveLinkBody = z.strictObject({ email });

/** What every viewer sees of a session: its sharer, sport, state, and where they were last seen outside their zones. */
export const liveCard = z.strictObject({
  id: z.int(),
  sharer: memberSummary,
  sportId: z.int(),
  status: z.enum(LIVE_STATUSES),
  /** ISO 8601 UTC. */
  startedAt: z.string(),
  /** The newest position a viewer may see (never one inside a privacy zone), and its time; null before the first. */
  position: z.nullable(z.tuple([z.number(), z.number()])),
  lastAt: z.nullable(z.string()),
  /** Metres up to `position`. */
  distanceM: z.number(),
  /** The event whose group map shows it, if the sharer chose one. */
  eventId: z.nullable(z.int()),
});
export type LiveCard = z.infer<typeof liveCard>;

/** One session for a viewer: its card and the track so far, in pieces (a new piece after every hidden stretch). */
export const liveSession = z.strictObject({
  ...liveCard.shape,
  track: z.array(z.array(z.tuple([z.number(), z.number()]))),
});
export type LiveSession = z.infer<typeof liveSession>;

export const liveLink = z.strictObject({
  id: z.int(),
  email: z.string(),
  expiresAt: z.string(),
  revoked: z.boolean(),
});
export type LiveLink = z.infer<typeof liveLink>;
/** A link just made: its address, shown to the sharer this once to copy (the e-mail carries it; only a hash is kept). */
export const liveLinkMade = z.strictObject({ link: liveLink, url: z.string() });
export type LiveLinkMade = z.infer<typeof liveLinkMade>;

/** The sharer's own session: everything, the whole track (zones included), who may watch and who is watching. */
export const ownLiveSession = z.strictObject({
  ...liveSession.shape,
  audience: z.enum(LIVE_AUDIENCES),
  expectedReturnAt: z.nullable(z.string()),
  silenceMinutes: z.int(),
  expiresAt: z.string(),
  /** The newest position received (the sharer's own, zones included) and the distance up to it. */
  ownDistanceM: z.number(),
  storedUntil: z.nullable(z.int()),
  /** "Are you OK?" is waiting for an answer since then. */
  checkSentAt: z.nullable(z.string()),
  alertedAt: z.nullable(z.string()),
  watchers: z.array(memberSummary),
  contacts: z.array(memberSummary),
  links: z.array(liveLink),
  /** Who opened it in the last two minutes, newest first. */
  watching: z.array(z.strictObject({ member: memberSummary, seenAt: z.string() })),
});
export type OwnLiveSession = z.infer<typeof ownLiveSession>;

/** An event on now that a session may be shared with (its attendees watch on the event's group map). */
export const shareableEvent = z.strictObject({ id: z.int(), eventName: z.string() });
/**
 * `GET /api/live`: your own session going on, if any; the sessions you may watch now, newest update first; and the
 * events on now (two hours either side) you organise, co-host or go to, to share a new session with.
 */
export const liveNow = z.strictObject({ own: z.nullable(ownLiveSession), sessions: z.array(liveCard), shareableEvents: z.array(shareableEvent) });
export type LiveNow = z.infer<typeof liveNow>;
export const liveNowQuery = z.strictObject({ eventId: z.optional(rowIdParam) });

/** `GET /api/live/shared/:token`: what a share link shows — this session's map and the sharer's first name, nothing else. */
export const sharedLive = z.extend(z.pick(liveSession, { sportId: true, status: true, startedAt: true, position: true, lastAt: true, distanceM: true, track: true }), {
  firstName: z.string(),
  expiresAt: z.string(),
});
export type SharedLive = z.infer<typeof sharedLive>;

/** Words the server and the screens both say. */
export const LIVE_STARTED = 'You are live.';
export const LIVE_ENDED_MESSAGE = 'This live session has ended.';
export const LIVE_NOT_FOUND = 'That live session does not exist.';
export const LIVE_ALREADY = 'You are already live: stop that session first.';
export const LINK_GONE = 'This link has expired or was turned off.';
