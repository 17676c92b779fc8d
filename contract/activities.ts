import * as z from 'zod/mini';
import { pagedList } from './envelope';
import { feedLikes, reactionCodeInput } from './feeds';
import { rowId, rowIdParam } from './ids';
import { lngLat } from './map-routes';
import { pagingQuery } from './paging';
import { calendarDate } from './rules';
import { memberSummary } from './social';
import { SPORTS } from './sports';

/**
 * Activities (issue 21; spec §3 Activity state, §7 `/api/getActivity`, `/api/getSportsActivity`,
 * `/api/getActivityCoordinate`): every ride, hike, run and walk a member logs, imported from a file (GPX, TCX, FIT,
 * each also gzipped, or a zip of them), typed in by hand, or recorded live. The wire speaks SI: metres, seconds,
 * metres a second; the screen converts to the member's units. Whatever lies inside the owner's privacy zones (or in
 * the hidden first and last metres) never reaches anyone else: their coordinates, charts, splits, thumbnails and GPX
 * start and end where the hidden part ends, while the totals stay whole (check 19).
 */

export const ACTIVITY_TITLE_MAX = 120;
export const ACTIVITY_DESCRIPTION_MAX = 5000;
/** Who sees an activity; a private profile still limits `everyone` to accepted followers. */
export const ACTIVITY_VISIBILITIES = ['everyone', 'followers', 'only_me'] as const;
export type ActivityVisibility = (typeof ACTIVITY_VISIBILITIES)[number];
export const ACTIVITY_SOURCES = ['file', 'manual', 'live'] as const;
/** The streams a file may carry beside time and position, in the order the detail page charts them. */
export const ACTIVITY_SERIES = ['elevation', 'speed', 'heartRate', 'cadence', 'power', 'temperature'] as const;
export type ActivitySeries = (typeof ACTIVITY_SERIES)[number];

/** Points of an activity's track as the map and charts get it: plenty for a 2,000 px chart, a fraction of a 20 k ride. */
export const TRACK_POINTS_MAX = 2000;
/** Manual entry: up to a week of moving and 2,000 km (a long bikepacking day is under 1,000 km). */
export const MANUAL_DURATION_MAX_S = 7 * 24 * 3600;
export const MANUAL_DISTANCE_MAX_M = 2_000_000;
export const MANUAL_CLIMB_MAX_M = 50_000;

const SPORT_IDS = SPORTS.map((s) => s.id) as unknown as readonly [number, ...number[]];
const SPORT_MESSAGE = `Choose a sport: ${SPORTS.map((s) => `${s.id} ${s.name}`).join(', ')}.`;
/** A sport id of contract/sports.ts in a JSON body. */
export const activitySportId = z.int(SPORT_MESSAGE).check(z.refine((v) => SPORT_IDS.includes(v), SPORT_MESSAGE));
/** The same in a query string. */
export const activitySportIdParam = z.coerce.number(SPORT_MESSAGE).check(z.int(SPORT_MESSAGE), z.refine((v) => SPORT_IDS.includes(v), SPORT_MESSAGE));

const visibility = z.enum(ACTIVITY_VISIBILITIES, 'Choose who sees it: everyone, followers or only me.');
const nullableNumber = z.nullable(z.number());

/** The numbers of a stretch of an activity: a split, a lap. */
export const activitySplit = z.strictObject({
  distance: z.number(),
  elapsedTime: z.number(),
  movingTime: z.number(),
  /** End elevation minus start, metres; null without elevation. */
  elevationChange: nullableNumber,
  averageHeartRate: nullableNumber,
  averagePower: nullableNumber,
  averageCadence: nullableNumber,
});
export type ActivitySplit = z.infer<typeof activitySplit>;

/** An activity as lists, cards and the top of its page show it, for the viewer asking. */
export const activity = z.strictObject({
  id: z.int(),
  author: memberSummary,
  sportId: z.int(),
  title: z.string(),
  description: z.string(),
  visibility: z.enum(ACTIVITY_VISIBILITIES),
  source: z.enum(ACTIVITY_SOURCES),
  /** ISO 8601 UTC of the first sample (or the start typed in), and the zone it was local to (for "Morning ride"). */
  startDate: z.string(),
  timeZone: z.string(),
  /** Metres, whole (privacy zones never shorten totals). */
  distance: z.number(),
  movingTime: z.int(),
  elapsedTime: z.int(),
  elevationGain: nullableNumber,
  elevationLoss: nullableNumber,
  /** Metres a second over the moving time, and the fastest held for 5 s. */
  averageSpeed: nullableNumber,
  maxSpeed: nullableNumber,
  averageHeartRate: nullableNumber,
  maxHeartRate: nullableNumber,
  averagePower: nullableNumber,
  maxPower: nullableNumber,
  averageCadence: nullableNumber,
  /** Kilocalories: the device's count, or estimated from a power meter's work. */
  calories: nullableNumber,
  caloriesSource: z.nullable(z.enum(['device', 'power'])),
  /** Whether there is a track to draw (a manual entry or an indoor ride has none). */
  hasTrack: z.boolean(),
  /** The server-drawn picture of the route as this viewer may see it (trimmed at the zones for others), and a small one. */
  mapImage: z.nullable(z.string()),
  mapThumbnail: z.nullable(z.string()),
  /**
   * Parts of the track are hidden from others (a privacy zone, the hidden ends). The owner is shown what others miss;
   * others are told the track was shortened for privacy.
   */
  hasHiddenParts: z.boolean(),
  commentCount: z.int().check(z.minimum(0)),
  likes: feedLikes,
  createdAt: z.string(),
});
export type Activity = z.infer<typeof activity>;

/** `GET /api/activity/:activityId`: the activity with what its page shows below the map. */
export const activityDetail = z.strictObject({
  ...activity.shape,
  /** Splits per kilometre and per mile, the last one partial (from the part others may see, for them). */
  splits: z.strictObject({ metric: z.array(activitySplit), imperial: z.array(activitySplit) }),
  /** Laps as the file marks them. */
  laps: z.array(activitySplit),
  /** Moving seconds in each of the five heart-rate zones, and the zones' lower bounds (bpm) for zones 2–5. */
  heartRateZones: z.nullable(z.strictObject({ maxHeartRate: z.number(), lowerBounds: z.array(z.number()), seconds: z.array(z.number()) })),
  elevationMin: nullableNumber,
  elevationMax: nullableNumber,
  /** Pace (moving seconds a km and a mile) for sports on foot; null for rides and the like. */
  pacePerKm: nullableNumber,
  pacePerMile: nullableNumber,
  /** The series the file has, in ACTIVITY_SERIES order: which charts the page draws. */
  series: z.array(z.enum(ACTIVITY_SERIES)),
  /** The viewer owns it: they may edit, delete and download the original file. */
  isOwner: z.boolean(),
  /** The owner may download the file it was imported from. */
  hasOriginalFile: z.boolean(),
  /** The gear it was done with (issue 24), the pieces the viewer may see; set with `POST /api/activity/gear`. */
  gear: z.array(z.strictObject({ id: z.int(), title: z.string(), sportId: z.int() })),
});
export type ActivityDetail = z.infer<typeof activityDetail>;

/**
 * `GET /api/getActivityCoordinate?activityId=`: the track for the map and the charts, at most TRACK_POINTS_MAX points,
 * one index space for all (hovering a chart at index i puts the marker at `coordinates[i]`). For anyone but the owner
 * it starts and ends where the hidden parts end, and `distance` and `time` count from its first point shown.
 */
export const activityTrack = z.strictObject({
  activityId: z.int(),
  /** `[lng, lat]`, null where the device had no fix. */
  coordinates: z.array(z.nullable(lngLat)),
  /** Metres along the track and seconds since its first point, at each point. */
  distance: z.array(z.number()),
  time: z.array(z.number()),
  /** Indexes where the line starts a new piece (after a hidden pass through a zone, or a gap in the recording). */
  breaks: z.array(z.int()),
  /** The owner only: index ranges `[from, to]` (inclusive) that others do not see. Empty for anyone else. */
  hiddenRanges: z.array(z.tuple([z.int(), z.int()])),
  /** `[west, south, east, north]` of the points shown; null without a fix. */
  bounds: z.nullable(z.tuple([z.number(), z.number(), z.number(), z.number()])),
  /** One value per point for each series the file has (speed in m/s, computed when the device gave none). */
  series: z.strictObject({
    elevation: z.optional(z.array(z.nullable(z.number()))),
    speed: z.optional(z.array(z.nullable(z.number()))),
    heartRate: z.optional(z.array(z.nullable(z.number()))),
    cadence: z.optional(z.array(z.nullable(z.number()))),
    power: z.optional(z.array(z.nullable(z.number()))),
    temperature: z.optional(z.array(z.nullable(z.number()))),
  }),
});
export type ActivityTrack = z.infer<typeof activityTrack>;

export const activityList = pagedList(activity);
export type ActivityList = z.infer<typeof activityList>;

const DATE_MESSAGE = 'Use a real date between 1900 and 2100, like 2026-05-17.';

/**
 * `POST /api/getActivity` (spec §7: page, title, activityId): one member's activities, newest first, keyset-paged.
 * Whose: `userId` or `handleName`, else the viewer's own. `title` searches titles; `activityId` answers that one
 * activity alone (the feed form's picker shows the one a post links to); `sportId`, `from` and `to` (days, in the
 * zone `timeZone`, inclusive) filter.
 */
export const activityListBody = z.strictObject({
  ...pagingQuery,
  page: z.optional(z.int().check(z.minimum(1), z.maximum(100_000))),
  per_page: z.optional(z.int().check(z.minimum(1), z.maximum(50))),
  userId: z.optional(rowId),
  handleName: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  title: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  activityId: z.optional(rowId),
  sportId: z.optional(activitySportId),
  from: z.optional(calendarDate(DATE_MESSAGE)),
  to: z.optional(calendarDate(DATE_MESSAGE)),
  timeZone: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});
export type ActivityListBody = z.infer<typeof activityListBody>;

/** `GET /api/getSportsActivity`: the sports a member has activities in, with how many (the list's sport filter). */
export const sportActivitiesQuery = z.strictObject({
  userId: z.optional(rowIdParam),
  handleName: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});
export const sportActivities = z.strictObject({
  list: z.array(z.strictObject({ sportId: z.int(), count: z.int().check(z.minimum(1)) })),
});
export type SportActivities = z.infer<typeof sportActivities>;

/** Totals of a set of activities. */
export const activityTotals = z.strictObject({
  count: z.int().check(z.minimum(0)),
  distance: z.number(),
  movingTime: z.number(),
  elevationGain: z.number(),
});
export type ActivityTotals = z.infer<typeof activityTotals>;

export const SUMMARY_CHART_UNITS = ['week', 'month'] as const;
/** Bars in the summary chart: the last 12 weeks or months, the current one last. */
export const SUMMARY_BARS = 12;

/** `GET /api/activity/summary`: whose (as the list), the chart's bars (`chart`), the days' zone (`timeZone`, IANA). */
export const activitySummaryQuery = z.strictObject({
  userId: z.optional(rowIdParam),
  handleName: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  sportId: z.optional(activitySportIdParam),
  chart: z.optional(z.enum(SUMMARY_CHART_UNITS)),
  timeZone: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});

const periodTotals = z.strictObject({
  all: activityTotals,
  bySport: z.array(z.strictObject({ sportId: z.int(), ...activityTotals.shape })),
});

/**
 * Spec §3 `summary` and `chartData`: this week (from Monday), month and year in the zone asked, all sports and per
 * sport; and the last SUMMARY_BARS weeks or months as bars, oldest first, each starting on `start` (YYYY-MM-DD).
 */
export const activitySummary = z.strictObject({
  summary: z.strictObject({ week: periodTotals, month: periodTotals, year: periodTotals }),
  chartData: z.strictObject({
    unit: z.enum(SUMMARY_CHART_UNITS),
    bars: z.array(z.strictObject({ start: z.string(), ...activityTotals.shape })),
  }),
});
export type ActivitySummary = z.infer<typeof activitySummary>;

export const activityIdParams = z.strictObject({ activityId: rowIdParam });
export const activityIdQuery = z.strictObject({ activityId: rowIdParam });
export const activityIdBody = z.strictObject({ activityId: rowId });

/** `PUT /api/activity`: what the owner may change. */
export const activityUpdate = z.strictObject({
  id: rowId,
  title: z.string().check(z.trim(), z.minLength(1, 'Give it a title.'), z.maxLength(ACTIVITY_TITLE_MAX)),
  description: z.string().check(z.trim(), z.maxLength(ACTIVITY_DESCRIPTION_MAX)),
  sportId: activitySportId,
  visibility,
});
export type ActivityUpdate = z.infer<typeof activityUpdate>;

/**
 * `POST /api/activity`: an activity typed in by hand (the gym session, the hike without a watch). `startDate` is an
 * ISO 8601 instant; `timeZone` the zone it was local to (the default title's "Morning"). The title may be left empty
 * for the default one.
 */
export const manualActivityInput = z.strictObject({
  sportId: activitySportId,
  title: z.optional(z.string().check(z.trim(), z.maxLength(ACTIVITY_TITLE_MAX))),
  description: z.optional(z.string().check(z.trim(), z.maxLength(ACTIVITY_DESCRIPTION_MAX))),
  visibility: z.optional(visibility),
  startDate: z.iso.datetime({ offset: true, error: 'Give the start as a date and time, like 2026-05-17T07:30:00Z.' }),
  timeZone: z.string().check(z.minLength(1), z.maxLength(64)),
  /** Moving seconds. */
  duration: z.int('Give the duration in whole seconds.').check(z.minimum(1, 'How long did it take?'), z.maximum(MANUAL_DURATION_MAX_S, 'That is longer than a week.')),
  distance: z.optional(z.number().check(z.gte(0), z.lte(MANUAL_DISTANCE_MAX_M, 'That is further than 2,000 km.'))),
  elevationGain: z.optional(z.number().check(z.gte(0), z.lte(MANUAL_CLIMB_MAX_M, 'That is more than 50,000 m of climb.'))),
});
export type ManualActivityInput = z.infer<typeof manualActivityInput>;

/** `POST /api/activity/like`: set (or with null remove) the viewer's reaction; answers the activity. */
export const activityLikeBody = z.strictObject({ activityId: rowId, likeUniCode: z.nullable(reactionCodeInput) });
export const activityLikersQuery = z.strictObject({ ...pagingQuery, activityId: rowIdParam, likeUniCode: z.optional(reactionCodeInput) });

// Imports.

/** A single activity file (GPX, TCX, FIT, or any of them gzipped), unzipped. */
export const ACTIVITY_FILE_MAX_MB = 50;
/** A zip of activity files (a Strava bulk export holds years of them). */
export const ACTIVITY_ZIP_MAX_MB = 500;
/** Extensions the importer's file picker offers; the server decides by the bytes. */
export const ACTIVITY_FILE_EXTENSIONS = ['.gpx', '.tcx', '.fit', '.gz', '.zip'] as const;

export const IMPORT_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_OUTCOMES = ['imported', 'duplicate', 'refused'] as const;
export type ImportOutcomeKind = (typeof IMPORT_OUTCOMES)[number];

/** What became of one activity file of an import (a zip has one per file inside). */
export const importOutcome = z.strictObject({
  /** The file's name (a path inside a zip). */
  fileName: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** The activity made, or the one it duplicates. */
  activityId: z.nullable(z.int()),
  title: z.nullable(z.string()),
  /** Why it was refused, in words. */
  reason: z.nullable(z.string()),
});
export type ImportOutcome = z.infer<typeof importOutcome>;

/**
 * `POST /api/activity/import` (multipart: `file`, and `timeZone`, the zone the member is in, for default titles)
 * answers this at once, `queued`; the file is read in the background. `GET /api/activity/import/:importId` answers it
 * again until `done` (each file's outcome) or `failed` (`message` says why: a damaged zip, too many files…).
 */
export const activityImport = z.strictObject({
  id: z.int(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  outcomes: z.array(importOutcome),
  message: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ActivityImport = z.infer<typeof activityImport>;
export const importIdParams = z.strictObject({ importId: rowIdParam });

// Privacy zones (check 19).

export const PRIVACY_ZONES_MAX = 5;
export const ZONE_RADIUS_MIN_M = 200;
export const ZONE_RADIUS_MAX_M = 1600;
export const HIDE_ENDS_MAX_M = 2000;
export const ZONE_LABEL_MAX = 60;

/**
 * A privacy zone as its owner sees it. Its true centre (the home it hides) is never stored: `centre` is a point moved
 * a random distance from it, and everything within `trimRadius` of that point is hidden, which covers the whole circle
 * the member drew.
 */
export const privacyZone = z.strictObject({
  id: z.int(),
  label: z.string(),
  centre: lngLat,
  radius: z.number(),
  trimRadius: z.number(),
});
export type PrivacyZone = z.infer<typeof privacyZone>;

/** `GET /api/privacy-zones`, and what `PUT` answers. `hideEnds`: metres hidden at the start and end of every activity. */
export const privacySettings = z.strictObject({ zones: z.array(privacyZone), hideEnds: z.number() });
export type PrivacySettings = z.infer<typeof privacySettings>;

/**
 * `PUT /api/privacy-zones`: the whole set. A zone kept is named by `id` (its label may change; its place and size
 * cannot, or its random offset would be drawn again and the two together would narrow down home); a new one gives
 * `centre` (the point the member picked or the address found) and `radius`.
 */
export const privacySettingsInput = z.strictObject({
  zones: z
    .array(
      z.union([
        z.strictObject({ id: rowId, label: z.string().check(z.trim(), z.maxLength(ZONE_LABEL_MAX)) }),
        z.strictObject({
          label: z.string().check(z.trim(), z.maxLength(ZONE_LABEL_MAX)),
          centre: lngLat,
          radius: z.number().check(z.gte(ZONE_RADIUS_MIN_M, `A zone's radius is at least ${ZONE_RADIUS_MIN_M} m.`), z.lte(ZONE_RADIUS_MAX_M, `A zone's radius is at most ${ZONE_RADIUS_MAX_M} m.`)),
        }),
      ]),
    )
    .check(z.maxLength(PRIVACY_ZONES_MAX, `Up to ${PRIVACY_ZONES_MAX} privacy zones.`)),
  hideEnds: z.number().check(z.gte(0), z.lte(HIDE_ENDS_MAX_M, `Hide at most ${HIDE_ENDS_MAX_M} m at each end.`)),
});
export type PrivacySettingsInput = z.infer<typeof privacySettingsInput>;

// Events (issue 21: an attendee's activities count toward an event's goals).

/** `GET /api/challenge/progress?challengeId=`: each going member's progress toward the event's goals. */
export const eventProgressQuery = z.strictObject({ challengeId: rowIdParam });
export const eventProgress = z.strictObject({
  /** The goals (null when the event sets none), metres and kilocalories. */
  goals: z.strictObject({ distance: nullableNumber, elevation: nullableNumber, calories: nullableNumber }),
  list: z.array(
    z.strictObject({
      member: memberSummary,
      /** Activities counted: in the event's window, following its route when it has one, that the viewer may see. */
      activityIds: z.array(z.int()),
      distance: z.number(),
      elevationGain: z.number(),
      calories: z.number(),
      /** Every goal the event sets is met (false when it sets none). */
      finished: z.boolean(),
    }),
  ),
});
export type EventProgress = z.infer<typeof eventProgress>;
