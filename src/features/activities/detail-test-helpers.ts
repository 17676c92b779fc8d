import { http, HttpResponse } from 'msw';
import { activityDetail, activitySplit, activityTrack, type ActivityDetail, type ActivitySplit, type ActivityTrack } from '#contract/activities';
import { fail, ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { activityFixture } from './test-helpers';

/** A split or lap: 1 km in 3:00 moving (20 km/h), no elevation, heart rate or power unless given. */
export const splitFixture = (overrides: Partial<ActivitySplit> = {}): ActivitySplit =>
  activitySplit.parse({
    distance: 1000,
    elapsedTime: 180,
    movingTime: 180,
    elevationChange: null,
    averageHeartRate: null,
    averagePower: null,
    averageCadence: null,
    ...overrides,
  });

/**
 * The page of `activityFixture`'s ride (Maya's, 901) as its owner gets it: no splits, laps, zones, series or gear unless
 * given. Parsed with the contract, so a fixture the server could never send fails here.
 */
export function activityDetailFixture(overrides: Partial<ActivityDetail> = {}): ActivityDetail {
  return activityDetail.parse({
    ...activityFixture(),
    splits: { metric: [], imperial: [] },
    laps: [],
    heartRateZones: null,
    elevationMin: null,
    elevationMax: null,
    pacePerKm: null,
    pacePerMile: null,
    series: [],
    isOwner: true,
    hasOriginalFile: false,
    gear: [],
    ...overrides,
  });
}

/**
 * A 2 km track of 21 points, 100 m apart and 30 s apart, running east along the equator from 10°E (point i at
 * `[10 + i * 0.0009, 0]`), with no breaks, nothing hidden and no series unless given.
 */
export function trackFixture(overrides: Partial<ActivityTrack> = {}): ActivityTrack {
  const points = 21;
  return activityTrack.parse({
    activityId: 901,
    coordinates: Array.from({ length: points }, (_, i) => [Math.round((10 + i * 0.0009) * 1e6) / 1e6, 0]),
    distance: Array.from({ length: points }, (_, i) => i * 100),
    time: Array.from({ length: points }, (_, i) => i * 30),
    breaks: [],
    hiddenRanges: [],
    bounds: [10, 0, 10.018, 0],
    series: {},
    ...overrides,
  });
}

/**
 * Serves `GET /api/activity/:id` with `detail` (404 for any other id), its track at `GET /api/getActivityCoordinate`,
 * and an empty comment thread.
 */
export function serveActivityPage(detail: ActivityDetail, track: ActivityTrack = trackFixture({ activityId: detail.id })) {
  const emptyPage = ok({ list: [], current_page: 1, last_page: 1, per_page: 20, total: 0, next_cursor: null });
  server.use(
    // Before `/api/activity/:activityId`, which would take `comment` for an id.
    http.get('/api/activity/comment', () => HttpResponse.json(emptyPage)),
    http.get('/api/activity/:activityId', ({ params }) =>
      params.activityId === String(detail.id) ? HttpResponse.json(ok(detail)) : HttpResponse.json(fail(404, 'Activity not found.'), { status: 404 }),
    ),
    http.get('/api/getActivityCoordinate', () => HttpResponse.json(ok(track))),
  );
}
