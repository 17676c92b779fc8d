import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LIVE_AUDIENCES, LIVE_STATUSES } from '../../../contract/live';
import { activities } from './activities';
import { events } from './events';
import { ts } from './columns';
import { users } from './users';

/**
 * Live activities (issue 26). A session is one outing shared while it happens; at most one going on per member (the
 * partial unique index). What viewers see of it is kept apart from what the sharer sees (`visible_*`): positions inside
 * the sharer's privacy zones or hidden start are stored for the sharer and the saved activity, never shown (check 19).
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sportId: integer('sport_id').notNull(),
    audience: text('audience', { enum: LIVE_AUDIENCES }).notNull(),
    status: text('status', { enum: LIVE_STATUSES }).notNull().default('live'),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    timeZone: text('time_zone').notNull().default('UTC'),
    startedAt: ts('started_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
    expectedReturnAt: ts('expected_return_at'),
    silenceMinutes: smallint('silence_minutes').notNull(),
    // The last batch received, whatever it held: silence is counted from it.
    lastSeenAt: ts('last_seen_at').notNull(),
    // "Are you OK?" sent and not yet answered; the contacts alerted (once per silence or overdue).
    checkSentAt: ts('check_sent_at'),
    checkReason: text('check_reason', { enum: ['silence', 'overdue'] }),
    alertedAt: ts('alerted_at'),
    // When the safety check job now due is to run: a job of another time was overtaken (live-safety.ts) and stops.
    nextCheckAt: ts('next_check_at'),
    overdueAlertedAt: ts('overdue_alerted_at'),
    // The newest position stored (epoch ms) and the whole distance to it: the sharer's.
    lastT: bigint('last_t', { mode: 'number' }),
    lastLng: doublePrecision('last_lng'),
    lastLat: doublePrecision('last_lat'),
    distanceM: doublePrecision('distance_m').notNull().default(0),
    // The newest position anyone else may see, its time and the distance to it (never inside a zone).
    visibleT: bigint('visible_t', { mode: 'number' }),
    visibleLng: doublePrecision('visible_lng'),
    visibleLat: doublePrecision('visible_lat'),
    visibleDistanceM: doublePrecision('visible_distance_m').notNull().default(0),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('live_sessions_one_going').on(t.userId).where(sql`${t.status} <> 'ended'`),
    index('live_sessions_user_started').on(t.userId, t.startedAt, t.id),
    index('live_sessions_going_event').on(t.eventId).where(sql`${t.status} <> 'ended'`),
  ],
);

/** The session a row belongs to, gone with it. */
const liveIdColumn = () =>
  integer('live_id')
    .notNull()
    .references(() => liveSessions.id, { onDelete: 'cascade' });

/** A member a row names, gone with their account. */
const userIdColumn = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Every position of a session, once (a batch sent again after a lost answer adds nothing). `hidden`: inside a zone. */
export const livePoints = pgTable(
  'live_points',
  {
    liveId: liveIdColumn(),
    t: bigint('t', { mode: 'number' }).notNull(),
    lng: doublePrecision('lng').notNull(),
    lat: doublePrecision('lat').notNull(),
    ele: doublePrecision('ele'),
    hidden: boolean('hidden').notNull(),
    // A visible position after hidden ones: a line drawn for others starts a new piece here.
    resumes: boolean('resumes').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.t] })],
);

/** The members a sharer named: to watch (`is_contact` false) or as safety contacts (who also watch). */
export const liveWatchers = pgTable(
  'live_watchers',
  {
    liveId: liveIdColumn(),
    userId: userIdColumn(),
    isContact: boolean('is_contact').notNull(),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.userId] }), index('live_watchers_user').on(t.userId)],
);

/** Who opened a session, and when last: the sharer's "watching now". */
export const liveViews = pgTable(
  'live_views',
  {
    liveId: liveIdColumn(),
    userId: userIdColumn(),
    seenAt: ts('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.userId] })],
);

/**
 * Share links for safety contacts without an account: only the SHA-256 of the token is kept (the e-mail carries the
 * token, and the sharer's screen once, when made); it opens this session's map until it expires or is turned off.
 */
export const liveLinks = pgTable(
  'live_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    liveId: liveIdColumn(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('live_links_token').on(t.tokenHash),
    uniqueIndex('live_links_live_email').on(t.liveId, t.email),
    check('live_links_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);
