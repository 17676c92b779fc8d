import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';

import { searchFoldSql } from './search-text';

// Millisecond precision everywhere (architecture.md), stored in UTC.
const ts = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    // Null for members who only ever signed in with a social provider.
    passwordHash: text('password_hash'),
    handleName: text('handle_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dob: date('dob', { mode: 'string' }),
    gender: text('gender', { enum: ['male', 'female'] }),
    userType: text('user_type'),
    profileImage: text('profile_image'),
    profileCoverImage: text('profile_cover_image'),
    bio: text('bio'),
    // Sport type ids of spec §3 (contract/sports.ts).
    sports: integer('sports').array().notNull().default(sql`'{}'::integer[]`),
    location: text('location'),
    units: text('units', { enum: ['imperial', 'metric'] }).notNull().default('imperial'),
    isPrivate: boolean('is_private').notNull().default(false),
    // The phone's country: ISO 3166 alpha-2 id of `GET /api/country`, and its dial code (spec §3 countryCode).
    countryId: text('country_id'),
    countryCode: integer('country_code'),
    phone: text('phone'),
    referralCode: text('referral_code').notNull(),
    referredBy: integer('referred_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    // Handle and names folded for member search (server/db/search-text.ts); kept by the database, never written.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql.raw(searchFoldSql(`"handle_name" || ' ' || "first_name" || ' ' || "last_name"`))),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_handle_lower_unique').on(sql`lower(${t.handleName})`),
    uniqueIndex('users_referral_code_unique').on(t.referralCode),
    index('users_created_at_id').on(t.createdAt, t.id),
    // The member directory's search (`search_text LIKE '%…%'`), as feeds_search_trgm.
    index('users_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** A signed-in device. Only the SHA-256 of the bearer token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    deviceType: smallint('device_type').notNull(),
    deviceToken: text('device_token'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_id').on(t.userId)],
);

/**
 * One code sent to an address. purpose 1 = sign-up, 2 = password reset (the `type` of verify_otp), both to an e-mail;
 * 3 = phone change, to a phone number in E.164 form and bound to the member asking (`userId`).
 * After a sign-up code is verified it carries the sign-up ticket; a reset code carries its request token from the start.
 * (The table and the `email` column keep the names they were born with; `address` is what they hold.)
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: smallint('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    requestTokenHash: text('request_token_hash'),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    verifiedAt: ts('verified_at'),
    // Set when the code can no longer be used: superseded, too many tries, or its ticket consumed.
    deadAt: ts('dead_at'),
    ticketHash: text('ticket_hash'),
    ticketExpiresAt: ts('ticket_expires_at'),
  },
  (t) => [
    index('email_codes_email_purpose_created').on(t.email, t.purpose, t.createdAt),
    uniqueIndex('email_codes_ticket_unique').on(t.ticketHash),
    uniqueIndex('email_codes_request_token_unique').on(t.requestTokenHash),
  ],
);

/** Every wrong code, kept for the 24-hour per-account limit (check 1). */
export const codeFailures = pgTable(
  'code_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('code_failures_email_created').on(t.email, t.createdAt)],
);

/**
 * Every failed password sign-in, kept for the per-account limit (issue 17 item 8): counted per address signed in to,
 * whatever network it came from, so spreading guesses over many addresses gains nothing. Keyed by the e-mail, not the
 * account, so an address nobody owns is paused exactly like a member's and the pause tells no one which is which.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('sign_in_failures_email_created').on(t.email, t.createdAt)],
);

/** A member's link to a social provider, by the provider's subject (never by e-mail). */
export const identities = pgTable(
  'identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identities_provider_subject').on(t.provider, t.subject), index('identities_user_id').on(t.userId)],
);

/** A verified provider identity waiting for its member to sign in or finish the profile (spec §4 social login). */
export const socialTickets = pgTable(
  'social_tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketHash: text('ticket_hash').notNull(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    picture: text('picture'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('social_tickets_hash').on(t.ticketHash)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_at_id').on(t.createdAt, t.id)],
);

/**
 * One uploaded image: the original as sent (for the member's export) and the sizes made from it, stored under
 * `media/<key>/`. `attachedAt` stays null until a profile, post or other thing of the owner uses it; unattached
 * uploads are removed after a day.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    originalMime: text('original_mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    // The files made, e.g. {"display": "display.webp", "thumb": "thumb.webp", "original": "original.jpg"}.
    files: jsonb('files').$type<Record<string, string>>().notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    attachedAt: ts('attached_at'),
  },
  (t) => [uniqueIndex('uploads_key_unique').on(t.key), index('uploads_user_id').on(t.userId), index('uploads_unattached_created').on(t.attachedAt, t.createdAt)],
);

/** Background work that must survive a restart (exports, clean-ups): polled in-process, or by worker processes. */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: smallint('attempts').notNull().default(0),
    lockedUntil: ts('locked_until'),
    doneAt: ts('done_at'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('jobs_due').on(t.doneAt, t.runAt)],
);

/** A member's data export (spec: data rights): one zip, downloadable by its owner until it expires. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'ready', 'failed'] }).notNull().default('pending'),
    fileKey: text('file_key'),
    bytes: integer('bytes'),
    createdAt: ts('created_at').notNull().defaultNow(),
    readyAt: ts('ready_at'),
    expiresAt: ts('expires_at'),
  },
  (t) => [index('data_exports_user_created').on(t.userId, t.createdAt)],
);

/**
 * Who follows whom. `pending` is a request to a private profile (it grants nothing); `accepted` is a follow.
 * Lists read (followee|follower, status) newest first: the indexes are ascending and scanned backward.
 */
export const follows = pgTable(
  'follows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: integer('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['accepted', 'pending'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    acceptedAt: ts('accepted_at'),
  },
  (t) => [
    uniqueIndex('follows_follower_followee_unique').on(t.followerId, t.followeeId),
    index('follows_followee_status_created_id').on(t.followeeId, t.status, t.createdAt, t.id),
    index('follows_follower_status_created_id').on(t.followerId, t.status, t.createdAt, t.id),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/**
 * In-app notifications (issue 4). `subject_type`/`subject_id` say where one leads; `parent_id` carries a second id
 * when a link needs it (a comment's post). A notification whose actor is deleted goes with them.
 * The list reads (user_id, created_at, id) newest first; unread counts read (user_id, read_at).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['new_follower', 'follow_request', 'request_accepted', 'likes', 'comments', 'mentions', 'events', 'associates'],
    }).notNull(),
    subjectType: text('subject_type', { enum: ['profile', 'feed', 'comment', 'event', 'event_comment'] }).notNull(),
    subjectId: integer('subject_id').notNull(),
    parentId: integer('parent_id'),
    message: text('message').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [
    index('notifications_user_created_id').on(t.userId, t.createdAt, t.id),
    index('notifications_user_unread').on(t.userId).where(sql`${t.readAt} is null`),
    // What a removed post or comment takes with it: its notifications, found by subject (comments also by post).
    index('notifications_subject').on(t.subjectType, t.subjectId),
    index('notifications_parent').on(t.parentId).where(sql`${t.parentId} is not null`),
  ],
);

/** A member's choice per notification kind and channel; a missing row means the default (both channels on). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['new_follower', 'follow_request', 'request_accepted', 'likes', 'comments', 'mentions', 'events', 'associates'],
    }).notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [uniqueIndex('notification_settings_user_kind').on(t.userId, t.kind)],
);

/**
 * Hashtags as used in posts and comments, stored without `#` and lowercased; `use_count` orders suggestions
 * (`GET /api/feedTag`). Posts (issue 5) raise and lower the count.
 */
export const hashtags = pgTable(
  'hashtags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tagName: text('tag_name').notNull(),
    useCount: integer('use_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hashtags_tag_name').on(t.tagName), check('hashtags_use_count', sql`${t.useCount} >= 0`)],
);

/**
 * Posts (issue 5). A draft has `published_at` null and is seen by its author only. Lists read published posts by
 * (published_at, id) newest first, through ascending indexes scanned backward (keyset, server/db/keyset.ts).
 * `comment_count` and `like_count` are kept in step inside the transactions that change them.
 */
export const feeds = pgTable(
  'feeds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    isDraft: boolean('is_draft').notNull(),
    activityId: integer('activity_id'),
    location: text('location'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    hashtags: text('hashtags').array().notNull().default(sql`'{}'::text[]`),
    commentCount: integer('comment_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    // Title and description folded for case- and accent-insensitive search (server/db/search-text.ts).
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql.raw(searchFoldSql(`"title" || ' ' || "description"`))),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    publishedAt: ts('published_at'),
  },
  (t) => [
    index('feeds_published_id').on(t.publishedAt, t.id),
    index('feeds_user_published_id').on(t.userId, t.publishedAt, t.id),
    index('feeds_user_created_id').on(t.userId, t.createdAt, t.id),
    // Text search is `search_text LIKE '%…%'`: trigrams (pg_trgm, migration 0008) find a rare word without reading
    // every post (bench database: 406 ms a search before).
    index('feeds_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    check('feeds_draft_unpublished', sql`${t.isDraft} = (${t.publishedAt} is null)`),
  ],
);

/** The photos of a post, in order. One upload belongs to one post (check 14 reads the post from the key). */
export const feedImages = pgTable(
  'feed_images',
  {
    feedId: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    uploadKey: text('upload_key').notNull(),
    url: text('url').notNull(),
    thumbnail: text('thumbnail').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [uniqueIndex('feed_images_feed_position').on(t.feedId, t.position), uniqueIndex('feed_images_upload_key').on(t.uploadKey)],
);

/** Which posts carry which hashtag: `#tag` search reads (hashtag_id, published_at, feed_id). */
export const feedHashtags = pgTable(
  'feed_hashtags',
  {
    feedId: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    hashtagId: integer('hashtag_id')
      .notNull()
      .references(() => hashtags.id, { onDelete: 'cascade' }),
    publishedAt: ts('published_at'),
  },
  (t) => [uniqueIndex('feed_hashtags_feed_hashtag').on(t.feedId, t.hashtagId), index('feed_hashtags_hashtag_published').on(t.hashtagId, t.publishedAt, t.feedId)],
);

/** Members mentioned (`@handle` in the text) or tagged in a post. */
export const feedMentions = pgTable(
  'feed_mentions',
  {
    feedId: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [uniqueIndex('feed_mentions_feed_user').on(t.feedId, t.userId), index('feed_mentions_user').on(t.userId)],
);

/** One reaction per member per post; `code` is one of contract/feeds.ts REACTION_CODES. */
export const feedReactions = pgTable(
  'feed_reactions',
  {
    feedId: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  },
  (t) => [uniqueIndex('feed_reactions_feed_user').on(t.feedId, t.userId), index('feed_reactions_feed_created_id').on(t.feedId, t.createdAt, t.id), index('feed_reactions_user').on(t.userId)],
);

/**
 * Comments on posts: `parent_id` null for a top-level one, else the top-level comment replied to (one level deep).
 * Top-level lists read (feed_id, parent_id, created_at, id); replies (parent_id, created_at, id).
 */
export const feedComments = pgTable(
  'feed_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    feedId: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => feedComments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    hashtags: text('hashtags').array().notNull().default(sql`'{}'::text[]`),
    mentions: integer('mentions').array().notNull().default(sql`'{}'::integer[]`),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    editedAt: ts('edited_at'),
  },
  (t) => [index('feed_comments_feed_parent_created_id').on(t.feedId, t.parentId, t.createdAt, t.id), index('feed_comments_parent_created_id').on(t.parentId, t.createdAt, t.id), index('feed_comments_user').on(t.userId)],
);

/** Who likes which comment (one like each). */
export const feedCommentLikes = pgTable(
  'feed_comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => feedComments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('feed_comment_likes_comment_user').on(t.commentId, t.userId), index('feed_comment_likes_user').on(t.userId)],
);

/**
 * Routes (spec §3 Route): a line drawn on the map or read from a GPX file, measured and simplified on the server.
 * `coordinates` are `[lng, lat]` pairs of the simplified line; `elevations` one per point, or null when unknown.
 */
export const mapRoutes = pgTable(
  'map_routes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    sportId: integer('sport_id').notNull(),
    source: text('source', { enum: ['drawn', 'gpx'] }).notNull(),
    coordinates: jsonb('coordinates').$type<[number, number][]>().notNull(),
    elevations: jsonb('elevations').$type<number[]>(),
    distanceM: doublePrecision('distance_m').notNull(),
    elevationGainM: doublePrecision('elevation_gain_m'),
    elevationLossM: doublePrecision('elevation_loss_m'),
    expectedTimeS: integer('expected_time_s').notNull(),
    // Storage key of the server-drawn preview image, once made.
    staticImage: text('static_image'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('map_routes_user_created_id').on(t.userId, t.createdAt, t.id)],
);

/**
 * Events (challenges, spec §3 Event). Times are instants; `time_zone` is the IANA zone they are shown in. Counts are
 * kept in the transaction that changes them; `going_count` never exceeds `capacity` (joins lock the event row).
 */
export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventName: text('event_name').notNull(),
    activityType: text('activity_type').notNull().default(''),
    sportId: integer('sport_id').notNull(),
    difficulty: text('difficulty', { enum: ['easy', 'moderate', 'hard', 'expert'] }).notNull(),
    icon: text('icon').notNull(),
    // Upload key of the banner (image pipeline, purpose `event`).
    bannerImage: text('banner_image'),
    description: text('description').notNull().default(''),
    isDraft: boolean('is_draft').notNull(),
    cancelledAt: ts('cancelled_at'),
    whoCanSee: text('who_can_see', { enum: ['public', 'followers', 'invite'] }).notNull(),
    repeats: text('repeats', { enum: ['none', 'daily', 'weekly', 'monthly'] }).notNull().default('none'),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    location: text('location').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    routeId: integer('route_id').references(() => mapRoutes.id, { onDelete: 'set null' }),
    goalCalories: doublePrecision('goal_calories'),
    goalElevationM: doublePrecision('goal_elevation_m'),
    goalDistanceM: doublePrecision('goal_distance_m'),
    capacity: integer('capacity'),
    goingCount: integer('going_count').notNull().default(0),
    waitlistCount: integer('waitlist_count').notNull().default(0),
    interestedCount: integer('interested_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql.raw(searchFoldSql(`"event_name" || ' ' || "activity_type" || ' ' || "location" || ' ' || "city"`))),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    publishedAt: ts('published_at'),
  },
  (t) => [
    index('events_starts_id').on(t.startsAt, t.id),
    index('events_ends_id').on(t.endsAt, t.id),
    index('events_user_created_id').on(t.userId, t.createdAt, t.id),
    // The events list's search, as feeds_search_trgm.
    index('events_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    // The media policy finds a banner's or a route preview's event by these (check 14); a deleted route clears its events.
    index('events_banner_image').on(t.bannerImage).where(sql`${t.bannerImage} is not null`),
    index('events_route_id').on(t.routeId).where(sql`${t.routeId} is not null`),
    check('events_draft_unpublished', sql`${t.isDraft} = (${t.publishedAt} is null)`),
    check('events_end_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('events_going_within_capacity', sql`${t.capacity} is null or ${t.goingCount} <= ${t.capacity}`),
  ],
);

/** Co-hosts: may edit the event (not cancel or delete it). */
export const eventCohosts = pgTable(
  'event_cohosts',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('event_cohosts_event_user').on(t.eventId, t.userId), index('event_cohosts_user').on(t.userId)],
);

/** Who was invited to which event, by whom and when: the columns a co-host invitation and an event invitation share. */
const eventInvitationColumns = () => ({
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  invitedBy: integer('invited_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Co-host invitations waiting for an answer. Being named co-host is an invitation the member accepts (the row moves
 * to `event_cohosts`) or declines (the row goes); until then they have no rights on the event.
 */
export const eventCohostInvites = pgTable('event_cohost_invites', eventInvitationColumns(), (t) => [
  uniqueIndex('event_cohost_invites_event_user').on(t.eventId, t.userId),
  index('event_cohost_invites_user').on(t.userId),
  index('event_cohost_invites_invited_by_created').on(t.invitedBy, t.createdAt),
]);

/** Invitations: an invited member may see an invite-only event (and a private organiser's event). */
export const eventInvites = pgTable('event_invites', eventInvitationColumns(), (t) => [
  uniqueIndex('event_invites_event_user').on(t.eventId, t.userId),
  index('event_invites_user').on(t.userId),
  // The daily invitation cap counts a sender's invitations of the last 24 hours.
  index('event_invites_invited_by_created').on(t.invitedBy, t.createdAt),
]);

/** Members interested in an event. */
export const eventInterests = pgTable(
  'event_interests',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  },
  (t) => [uniqueIndex('event_interests_event_user').on(t.eventId, t.userId), index('event_interests_event_created_id').on(t.eventId, t.createdAt, t.id), index('event_interests_user').on(t.userId)],
);

/**
 * Who is going and who waits. `id` orders the waitlist (first come, first moved up); `status_at` is when the row took
 * its status, so the going list reads in the order people got their place.
 */
export const eventAttendees = pgTable(
  'event_attendees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['going', 'waitlisted'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    statusAt: ts('status_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('event_attendees_event_user').on(t.eventId, t.userId), index('event_attendees_event_status_id').on(t.eventId, t.status, t.id), index('event_attendees_user').on(t.userId)],
);

/** One reaction per member per event (the codes of contract/feeds.ts). */
export const eventReactions = pgTable(
  'event_reactions',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  },
  (t) => [uniqueIndex('event_reactions_event_user').on(t.eventId, t.userId), index('event_reactions_event_created_id').on(t.eventId, t.createdAt, t.id), index('event_reactions_user').on(t.userId)],
);

/** Comments on events, shaped like feed comments (one level of replies). */
export const eventComments = pgTable(
  'event_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => eventComments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    hashtags: text('hashtags').array().notNull().default(sql`'{}'::text[]`),
    mentions: integer('mentions').array().notNull().default(sql`'{}'::integer[]`),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    editedAt: ts('edited_at'),
  },
  (t) => [index('event_comments_event_parent_created_id').on(t.eventId, t.parentId, t.createdAt, t.id), index('event_comments_parent_created_id').on(t.parentId, t.createdAt, t.id), index('event_comments_user').on(t.userId)],
);

export const eventCommentLikes = pgTable(
  'event_comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => eventComments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('event_comment_likes_comment_user').on(t.commentId, t.userId), index('event_comment_likes_user').on(t.userId)],
);
