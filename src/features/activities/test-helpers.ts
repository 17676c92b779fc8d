import { http, HttpResponse } from 'msw';
import {
  activity,
  activityImport,
  activitySummary,
  importOutcome,
  type Activity,
  type ActivityImport,
  type ActivitySummary,
  type ActivityTotals,
  type ImportOutcome,
} from '#contract/activities';
import { ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';

/**
 * Wire fixtures parsed with the contract's own schemas, so a contract change (or a fixture the server could never
 * send) breaks the tests relying on it.
 */

/**
 * A morning MTB ride of the member `mayatrails` (userId 7, the signed-in member of src/test/session.ts): 32.19 km
 * (20.0 mi) in 1:30:00 moving, 600 m (1,969 ft) of climb, with a track and its thumbnail.
 */
export function activityFixture(overrides: Partial<Activity> = {}): Activity {
  return activity.parse({
    id: 901,
    author: { userId: 7, handleName: 'mayatrails', firstName: 'Maya', lastName: 'Torres', profileImage: null },
    sportId: 53,
    title: 'Morning ride',
    description: '',
    visibility: 'everyone',
    source: 'file',
    startDate: '2026-05-17T06:30:00.000Z',
    timeZone: 'UTC',
    distance: 32_186.88,
    movingTime: 5400,
    elapsedTime: 6000,
    elevationGain: 600,
    elevationLoss: 600,
    averageSpeed: 32_186.88 / 5400,
    maxSpeed: 14,
    averageHeartRate: null,
    maxHeartRate: null,
    averagePower: null,
    maxPower: null,
    averageCadence: null,
    calories: null,
    caloriesSource: null,
    hasTrack: true,
    mapImage: '/media/activities/901.png',
    mapThumbnail: '/media/activities/901-t.png',
    hasHiddenParts: false,
    commentCount: 0,
    likes: { total: 0, mine: null, byCode: [] },
    createdAt: '2026-05-17T09:00:00.000Z',
    ...overrides,
  });
}

/** One page of activities as `POST /api/getActivity` answers it; a page before the last carries the next cursor. */
export const activityPage = (list: Activity[], page = 1, lastPage = 1) =>
  ok({ list, current_page: page, last_page: lastPage, per_page: 20, total: list.length * lastPage, next_cursor: page < lastPage ? `after-page-${page}` : null });

/** Answers `POST /api/getActivity` with what `reply` gives for each body; keeps every body asked. */
export function serveActivities(reply: (body: Record<string, unknown>) => ReturnType<typeof activityPage>) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/getActivity', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return HttpResponse.json(reply(body));
    }),
  );
  return bodies;
}

const noTotals: ActivityTotals = { count: 0, distance: 0, movingTime: 0, elevationGain: 0 };

/** Totals of a period or a bar; nothing by default. */
export const totalsFixture = (overrides: Partial<ActivityTotals> = {}): ActivityTotals => ({ ...noTotals, ...overrides });

/**
 * A summary with nothing logged and 12 empty bars starting on Mondays from 2026-03-02 (weeks) or on the first of the
 * months from 2025-06 (months); `overrides` replace parts of it.
 */
export function summaryFixture(unit: 'week' | 'month' = 'week', overrides: Partial<ActivitySummary> = {}): ActivitySummary {
  const empty = { all: noTotals, bySport: [] };
  const starts = Array.from({ length: 12 }, (_, i) =>
    unit === 'week'
      ? new Date(Date.UTC(2026, 2, 2 + 7 * i)).toISOString().slice(0, 10)
      : new Date(Date.UTC(2025, 5 + i, 1)).toISOString().slice(0, 10),
  );
  return activitySummary.parse({
    summary: { week: empty, month: empty, year: empty },
    chartData: { unit, bars: starts.map((start) => ({ start, ...noTotals })) },
    ...overrides,
  });
}

/** Answers `GET /api/activity/summary` with what `reply` gives for the chart asked; keeps every query asked. */
export function serveSummary(reply: (chart: 'week' | 'month', params: URLSearchParams) => ActivitySummary) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/activity/summary', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      return HttpResponse.json(ok(reply(params.get('chart') === 'month' ? 'month' : 'week', params)));
    }),
  );
  return asked;
}

/** Answers `GET /api/getSportsActivity` with these sports and counts. */
export function serveSports(list: { sportId: number; count: number }[]) {
  server.use(http.get('/api/getSportsActivity', () => HttpResponse.json(ok({ list }))));
}

/** What became of one file of an import. */
export const importOutcomeFixture = (overrides: Partial<ImportOutcome> = {}): ImportOutcome =>
  importOutcome.parse({ fileName: 'ride.gpx', outcome: 'imported', activityId: 901, title: 'Morning ride', reason: null, ...overrides });

/** An import as the server answers it, queued by default. */
export const importFixture = (overrides: Partial<ActivityImport> = {}): ActivityImport =>
  activityImport.parse({ id: 71, fileName: 'ride.gpx', status: 'queued', outcomes: [], message: null, createdAt: '2026-05-17T09:00:00.000Z', ...overrides });
