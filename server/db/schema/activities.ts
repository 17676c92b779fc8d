import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ACTIVITY_SOURCES, ACTIVITY_VISIBILITIES, IMPORT_STATUSES, type ImportOutcome } from '../../../contract/activities';
import { searchFoldSql } from '../search-text';
import { bytea, ts } from './columns';
import { subjects } from './subjects';
import { users } from './users';

/**
 * Activities (issue 21): one row per ride, hike, run or walk, with the numbers computed from its streams once (so
 * lists and sums never read a track). A subject like posts and events (`subject_id`): its reactions (kudos) and
 * comments are the shared ones. Lists read (user_id, start_at, id) newest first, ascending and scanned backward.
 */
export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subjectId: integer('subject_id')
      .notNull()
      .unique()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sportId: integer('sport_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    visibility: text('visibility', { enum: ACTIVITY_VISIBILITIES }).notNull().default('everyone'),
    source: text('source', { enum: ACTIVITY_SOURCES }).notNull(),
    startAt: ts('start_at').notNull(),
    timeZone: text('time_zone').notNull(),
    distanceM: doublePrecision('distance_m').notNull(),
    movingS: integer('moving_s').notNull(),
    elapsedS: integer('elapsed_s').notNull(),
    elevationGainM: doublePrecision('elevation_gain_m'),
    elevationLossM: doublePrecision('elevation_loss_m'),
    averageSpeedMps: doublePrecision('average_speed_mps'),
    maxSpeedMps: doublePrecision('max_speed_mps'),
    averageHeartRate: doublePrecision('average_heart_rate'),
    maxHeartRate: doublePrecision('max_heart_rate'),
    averagePower: doublePrecision('average_power'),
    maxPower: doublePrecision('max_power'),
    averageCadence: doublePrecision('average_cadence'),
    calories: doublePrecision('calories'),
    caloriesSource: text('calories_source', { enum: ['device', 'power'] }),
    hasTrack: boolean('has_track').notNull().default(false),
    // The whole track simplified (a few hundred points): events match activities against their routes with it. The
    // owner's data, never sent to anyone else as it is (check 19).
    line: jsonb('line').$type<[number, number][]>(),
    // SHA-256 of the file as uploaded (duplicates), its storage key and name (the owner's download), when imported.
    fileSha256: text('file_sha256'),
    originalKey: text('original_key'),
    originalName: text('original_name'),
    // Title folded for case- and accent-insensitive search (server/db/search-text.ts).
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql.raw(searchFoldSql(`"title"`))),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('activities_user_start_id').on(t.userId, t.startAt, t.id),
    index('activities_user_sport_start').on(t.userId, t.sportId, t.startAt),
    // The same file imported twice is one activity (import-service.ts links the second to the first).
    uniqueIndex('activities_user_file').on(t.userId, t.fileSha256).where(sql`${t.fileSha256} is not null`),
    index('activities_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * An activity's streams (time, position, elevation, heart rate, cadence, power, speed, temperature) in the compact
 * codec of track/stream-codec.ts (about 6 bytes a sample), apart from the row so lists never read them; with the
 * file's laps and the device's own totals.
 */
export const activityStreams = pgTable('activity_streams', {
  activityId: integer('activity_id')
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
  laps: jsonb('laps').$type<{ startIndex: number; endIndex: number }[]>().notNull(),
  deviceTotals: jsonb('device_totals').$type<Record<string, number>>().notNull(),
});

/**
 * What an activity's page and cards show, made once per audience from the streams and kept until the owner's
 * privacy settings change (`privacy_version`, compared with privacy_settings.version on every read) or the code that
 * makes views does (`views_version`): the owner's
 * (the whole track, with what others miss marked) and everyone else's (trimmed at the zones and hidden ends). Each
 * holds the detail's numbers, the track as the map and charts take it, and the map picture's upload key.
 */
export const activityViews = pgTable(
  'activity_views',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: ['owner', 'others'] }).notNull(),
    privacyVersion: integer('privacy_version').notNull(),
    // The VIEWS_VERSION of the code that made it (views/derive-views.ts): a view made by older code is made again.
    viewsVersion: integer('views_version').notNull().default(0),
    hasHiddenParts: boolean('has_hidden_parts').notNull(),
    // contract/activities.ts activityDetail's own fields (splits, laps, zones, series…), as JSON text.
    detail: text('detail').notNull(),
    // contract/activities.ts activityTrack, as JSON text: served as it is.
    track: text('track').notNull(),
    mapKey: text('map_key'),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.audience] }), index('activity_views_map_key').on(t.mapKey)],
);

/**
 * A file a member sent to import (one activity file, or a zip of many), read by the `activity-import` job. The file
 * waits in storage (`file_key`) until the job is done; `outcomes` says what became of each activity file in it.
 */
export const activityImports = pgTable(
  'activity_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key'),
    bytes: integer('bytes').notNull(),
    timeZone: text('time_zone').notNull(),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('queued'),
    outcomes: jsonb('outcomes').$type<ImportOutcome[]>().notNull().default(sql`'[]'::jsonb`),
    message: text('message'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('activity_imports_user_created').on(t.userId, t.createdAt)],
);

/**
 * Privacy zones (check 19). The true centre is never stored: `centre_lng`/`centre_lat` is a point moved a random
 * distance from it, and samples within `trim_radius_m` of that point are hidden from everyone but the owner
 * (activities/privacy/privacy-zones.ts).
 */
export const privacyZones = pgTable(
  'privacy_zones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    centreLng: doublePrecision('centre_lng').notNull(),
    centreLat: doublePrecision('centre_lat').notNull(),
    radiusM: doublePrecision('radius_m').notNull(),
    trimRadiusM: doublePrecision('trim_radius_m').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('privacy_zones_user').on(t.userId)],
);

/**
 * A member's "hide the first and last N metres", and the version of their privacy settings: raised on every save, so
 * an activity view made under an older version is made again before anyone else is shown it. No row: nothing hidden,
 * version 0.
 */
export const privacySettings = pgTable('privacy_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  hideEndsM: doublePrecision('hide_ends_m').notNull().default(0),
  version: integer('version').notNull().default(0),
});
